#pragma once
// The (channel, VC) dependency graph of a routing, shared by the routing
// tests: a channel is (router, out port, VC); a packet holding one channel
// and asking for the next adds an edge. Acyclic = deadlock-free for the
// routes walked (Dally & Seitz).
#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "core/rng.h"
#include "routing/routing.h"
#include "vc/vc_policy.h"

namespace nocsim::test {

// Occupancies drawn afresh at every read, below `max`: in a long walk every
// candidate an adaptive routing can offer gets offered somewhere.
class RandomView : public CongestionView {
 public:
  RandomView(int max, uint64_t seed) : max_(max), rng_(seed, "view") {}
  int occupancy(int, int, VcRange) const override { return static_cast<int>(rng_.below(static_cast<uint64_t>(max_))); }
  int credits(int, int, VcRange) const override { return 0; }
  int output_queue(int, int) const override { return 0; }
  int port_occupancy(int, int) const override { return 0; }
  int depth(int, int) const override { return 8; }

 private:
  int max_;
  mutable Rng rng_;
};

using Channel = std::tuple<int, int, int>;  // router, out port, vc

class ChannelGraph {
 public:
  // The channels candidate c of `router` may take under `policy`, for a head at `at`.
  static std::vector<Channel> channels(int router, const RouteCandidate& c, const VcPolicy& policy, HeadAt at = {}) {
    std::vector<Channel> out;
    const VcRange r = policy.range(c, at);
    for (int v = r.lo; v <= r.hi; ++v) out.emplace_back(router, c.out_port, v);
    return out;
  }
  void depend(const std::vector<Channel>& from, const std::vector<Channel>& to) {
    for (const auto& a : from)
      for (const auto& b : to) deps_[a].insert(b);
  }
  bool has_cycle() const {
    std::map<Channel, int> color;  // 0 new, 1 on stack, 2 done
    std::function<bool(const Channel&)> dfs = [&](const Channel& u) {
      color[u] = 1;
      auto it = deps_.find(u);
      if (it != deps_.end())
        for (const auto& v : it->second)
          if (color[v] == 1 || (color[v] == 0 && dfs(v))) return true;
      color[u] = 2;
      return false;
    };
    for (const auto& kv : deps_)
      if (color[kv.first] == 0 && dfs(kv.first)) return true;
    return false;
  }
  size_t edges() const {
    size_t n = 0;
    for (const auto& kv : deps_) n += kv.second.size();
    return n;
  }

 private:
  std::map<Channel, std::set<Channel>> deps_;
};

}  // namespace nocsim::test
