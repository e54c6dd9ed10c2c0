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

class DistancePolicy : public VcPolicy {
 public:
  DistancePolicy(const VcSequence& reference, const std::vector<int>& out_vcs);
  VcRange range(const RouteCandidate& c) const override;

 private:
  std::vector<int> out_vcs_;
  std::vector<int> rank_;   // per position
  std::vector<int> ranks_;  // per position: positions of its class
  bool split_;
};

}  // namespace nocsim
