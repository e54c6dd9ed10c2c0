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

#include <gtest/gtest.h>

#include "core/rng.h"
#include "routing/routing.h"
#include "topologies/topology.h"
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

// One packet's path as walk_packet followed it.
struct WalkedPath {
  int hops = 0;
  bool nonminimal = false;                  // it took a hop marked non-minimal
  std::vector<RouteCandidate> taken;        // the candidate of each hop, ejection excluded
  std::vector<int> routers;                 // the router of each hop
};

// Follows `r` for a packet from node `src` to node `dst` (on another
// router), taking a random candidate at each router (the first when `pick`
// is null) under `view` (null: no congestion), and adds its (channel, VC)
// dependencies to `graph` (every hop on VC 0 with `one_vc`). Fails the test
// on no candidate, past `hop_limit` hops, or on ejecting at another node.
inline WalkedPath walk_packet(const Topology& t, Routing& r, const VcPolicy& policy, const CongestionView* view,
                              int src, int dst, int hop_limit, Rng* pick, ChannelGraph& graph, bool one_vc = false) {
  WalkedPath w;
  Flit f;
  f.src = src, f.dst = dst;
  int at = t.node_router(src);
  std::vector<Channel> prev;
  std::vector<RouteCandidate> c;
  for (;;) {
    c.clear();
    r.route({at, w.hops ? 0 : t.network_ports(), 0, f, view, &policy, {}}, c);
    if (c.empty() || c.size() > static_cast<size_t>(kMaxCandidates)) {
      ADD_FAILURE() << c.size() << " candidates at router " << at << " for node " << dst;
      return w;
    }
    const RouteCandidate& rc = pick ? c[pick->below(c.size())] : c.front();
    if (rc.hop & kHopEject) {
      EXPECT_EQ(at, t.node_router(dst));
      EXPECT_EQ(rc.out_port, t.node_port(dst));
      return w;
    }
    w.nonminimal |= !rc.minimal();
    w.taken.push_back(rc);
    w.routers.push_back(at);
    std::vector<Channel> cur = ChannelGraph::channels(at, rc, policy);
    if (one_vc) cur = {Channel{at, rc.out_port, 0}};
    graph.depend(prev, cur);
    prev = cur;
    f.rh = rc.next;
    at = t.peer(at, rc.out_port).router;
    if (++w.hops > hop_limit) {
      ADD_FAILURE() << "more than " << hop_limit << " hops from node " << src << " to node " << dst;
      return w;
    }
  }
}

}  // namespace nocsim::test
