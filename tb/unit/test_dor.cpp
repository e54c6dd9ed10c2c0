#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "channel_graph.h"
#include "routing/torus/dor.h"
#include "vc/distance.h"

using namespace nocsim;

namespace {

using test::Channel;
using test::ChannelGraph;

// The router's VC policy (distance) for DOR with `vcs` VCs on every port.
DistancePolicy policy(const KAryNCube& t, const DimensionOrder& dor, int vcs) {
  return DistancePolicy(dor.reference(), std::vector<int>(t.ports(), vcs));
}

// Follows DOR from every source router to every destination node, checking
// minimality, and returns the channel dependency graph over (channel, VC).
ChannelGraph walk_all(const KAryNCube& t, DimensionOrder& dor, int vcs) {
  const DistancePolicy vp = policy(t, dor, vcs);
  ChannelGraph g;
  std::vector<RouteCandidate> c;
  for (int s = 0; s < t.routers(); ++s)
    for (int dst = 0; dst < t.nodes(); ++dst) {
      int d = t.node_router(dst);
      if (d == s) continue;
      Flit f;
      f.dst = dst;
      int r = s, hops = 0;
      std::vector<Channel> prev;
      for (;;) {
        c.clear();
        dor.route({r, 0, 0, f, nullptr, nullptr, {}}, c);
        EXPECT_EQ(c.size(), 1u);
        const auto& rc = c.front();
        if (rc.out_port >= t.network_ports()) {
          EXPECT_TRUE(rc.hop & kHopEject);
          break;
        }
        EXPECT_TRUE(rc.minimal());
        const std::vector<Channel> cur = ChannelGraph::channels(r, rc, vp);
        EXPECT_FALSE(cur.empty());
        g.depend(prev, cur);
        prev = cur;
        f.rh = rc.next;
        r = t.peer(r, rc.out_port).router;
        ++hops;
        EXPECT_LE(hops, t.min_hops(s, d));
      }
      EXPECT_EQ(r, d);
      EXPECT_EQ(hops, t.min_hops(s, d));
    }
  return g;
}

}  // namespace

TEST(Dor, MeshIsMinimalAndAcyclicWithOneVc) {
  KAryNCube t({5, 4}, 1, false);
  DimensionOrder dor(t, true);
  EXPECT_FALSE(walk_all(t, dor, 1).has_cycle());
}

TEST(Dor, TorusWithDatelineIsMinimalAndAcyclic) {
  for (auto k : {std::vector<int>{8, 8}, std::vector<int>{4, 4, 4}, std::vector<int>{5, 3}}) {
    KAryNCube t(k, 1, true);
    DimensionOrder dor(t, true);
    EXPECT_FALSE(walk_all(t, dor, 2).has_cycle());
  }
}

TEST(Dor, TorusWithoutDatelineHasACycle) {
  KAryNCube t({8, 8}, 1, true);
  DimensionOrder dor(t, false);
  EXPECT_TRUE(walk_all(t, dor, 1).has_cycle());
}

TEST(Dor, DatelineVcHalves) {
  KAryNCube t({4}, 1, true);
  DimensionOrder dor(t, true);
  const DistancePolicy vp = policy(t, dor, 4);
  std::vector<RouteCandidate> c;
  Flit f;
  f.dst = 1;  // from router 3: +2 (tie), first hop through the wrap link
  dor.route({3, 0, 0, f, nullptr, nullptr, {}}, c);
  EXPECT_EQ(c[0].out_port, 0);
  EXPECT_EQ(vp.range(c[0]).lo, 2);
  EXPECT_EQ(vp.range(c[0]).hi, 3);
  f.dst = 3;  // from router 1: +2, no wrap
  c.clear();
  dor.route({1, 0, 0, f, nullptr, nullptr, {}}, c);
  EXPECT_EQ(vp.range(c[0]).lo, 0);
  EXPECT_EQ(vp.range(c[0]).hi, 1);
}
