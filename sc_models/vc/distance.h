#pragma once
// Distance-based VCs (`vc.policy=distance`; Fuentes ch. 5, "Baseline";
// Dally & Seitz's dateline on tori): a hop at position p of the reference
// sequence takes the VCs of p's rank within its class, one VC per rank
// (dragonfly MIN/VAL/PAR/OLM: the rank is the VC) or the class's VCs split
// evenly among its ranks (torus dateline: lower half before the wrap link,
// upper half after). Unconstrained hops (pos -1) take every VC of the port.
// Deadlock freedom is the reference sequence's: positions only increase
// along a path, except opportunistic hops, which reuse a position already
// held and need room for the whole packet.
#include <vector>

#include "vc/vc_policy.h"

namespace nocsim {

class DistancePolicy final : public VcPolicy {
 public:
  DistancePolicy(const VcSequence& reference, const std::vector<int>& out_vcs);
  VcRange range(const RouteCandidate& c, HeadAt = {}) const override {
    const int n = out_vcs_[static_cast<size_t>(c.out_port)];
    if (c.pos < 0) return {0, static_cast<int8_t>(n - 1)};
    if (c.pos >= static_cast<int>(rank_.size())) past_sequence(c.pos);  // a routing naming positions its reference lacks
    const int r = rank_[static_cast<size_t>(c.pos)];
    if (!split_) return {static_cast<int8_t>(r), static_cast<int8_t>(r < n ? r : n - 1)};
    const int k = ranks_[static_cast<size_t>(c.pos)], per = n / k;
    return {static_cast<int8_t>(r * per), static_cast<int8_t>(r == k - 1 ? n - 1 : (r + 1) * per - 1)};
  }

 private:
  [[noreturn, gnu::cold, gnu::noinline]] static void past_sequence(int pos);
  std::vector<int> out_vcs_;
  std::vector<int> rank_;   // per position
  std::vector<int> ranks_;  // per position: positions of its class
  bool split_;
};

}  // namespace nocsim
