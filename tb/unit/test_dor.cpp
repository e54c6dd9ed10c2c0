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
      f.pseq = static_cast<uint32_t>(s) * 1000003u + static_cast<uint32_t>(dst);  // random ties vary per packet
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

TEST(Dor, RouteRuleAndRandomTiesAreMinimalAndAcyclic) {
  for (auto k : {std::vector<int>{8, 8}, std::vector<int>{4, 4, 4}, std::vector<int>{5, 3}, std::vector<int>{6}})
    for (bool tie : {false, true}) {
      KAryNCube t(k, 1, true);
      DimensionOrder dor(t, DorOptions{true, DorOptions::Rule::Route, tie, 7});
      EXPECT_FALSE(walk_all(t, dor, 2).has_cycle()) << k.size() << " dims, tie random " << tie;
      DimensionOrder crossing(t, DorOptions{true, DorOptions::Rule::Crossing, tie, 7});
      EXPECT_FALSE(walk_all(t, crossing, 2).has_cycle()) << k.size() << " dims, tie random " << tie;
    }
}

namespace {

// The first hop's port from router `r` to node `dst` for packet `pkt`.
int first_port(DimensionOrder& dor, int r, int dst, uint64_t pkt) {
  std::vector<RouteCandidate> c;
  Flit f;
  f.dst = dst;
  f.src = static_cast<int32_t>(pkt >> 40);
  f.pseq = static_cast<uint32_t>(pkt);
  EXPECT_EQ(f.pkt(), pkt);
  dor.route({r, 0, 0, f, nullptr, nullptr, {}}, c);
  return c.at(0).out_port;
}

}  // namespace

TEST(Dor, RandomTieTakesEitherWayPerPacketAndSeed) {
  KAryNCube t({8}, 1, true);
  DimensionOrder plus(t, DorOptions{true, DorOptions::Rule::Crossing, false, 1});
  DimensionOrder a(t, DorOptions{true, DorOptions::Rule::Crossing, true, 1});
  DimensionOrder b(t, DorOptions{true, DorOptions::Rule::Crossing, true, 2});
  int minus = 0, differ = 0;
  for (uint64_t pkt = 0; pkt < 1000; ++pkt) {
    EXPECT_EQ(first_port(plus, 0, 4, pkt), 0);  // distance k/2: +
    const int p = first_port(a, 0, 4, pkt);
    EXPECT_EQ(p, first_port(a, 0, 4, pkt));  // the same head routed again goes the same way
    minus += p == 1;
    differ += p != first_port(b, 0, 4, pkt);
    EXPECT_EQ(first_port(a, 0, 3, pkt), 0);  // no tie: the minimal way
    EXPECT_EQ(first_port(a, 0, 5, pkt), 1);
  }
  EXPECT_GT(minus, 430);
  EXPECT_LT(minus, 570);
  EXPECT_GT(differ, 430);  // another seed draws other ways
}

TEST(Dor, RouteRuleKeepsOneClassPerDimension) {
  KAryNCube t({8}, 1, true);
  DimensionOrder dor(t, DorOptions{true, DorOptions::Rule::Route, false, 1});
  const DistancePolicy vp = policy(t, dor, 2);
  // Walks from router s to node dst and returns the VC class (0 lower, 1 upper) of each hop.
  auto classes = [&](int s, int dst) {
    std::vector<int> out;
    Flit f;
    f.dst = dst;
    for (int r = s;;) {
      std::vector<RouteCandidate> c;
      dor.route({r, 0, 0, f, nullptr, nullptr, {}}, c);
      if (c[0].hop & kHopEject) return out;
      out.push_back(vp.range(c[0]).lo);
      f.rh = c[0].next;
      r = t.peer(r, c[0].out_port).router;
    }
  };
  EXPECT_EQ(classes(5, 1), (std::vector<int>{1, 1, 1, 1}));  // + through the wrap: upper all the way
  EXPECT_EQ(classes(1, 4), (std::vector<int>{0, 0, 0}));     // + without it: lower
  EXPECT_EQ(classes(1, 6), (std::vector<int>{1, 1, 1}));     // - through the wrap
  EXPECT_EQ(classes(6, 3), (std::vector<int>{0, 0, 0}));     // - without it
  DimensionOrder crossing(t, DorOptions{true, DorOptions::Rule::Crossing, false, 1});
  const DistancePolicy cp = policy(t, crossing, 2);
  Flit f;
  f.dst = 1;
  std::vector<RouteCandidate> c;
  crossing.route({5, 0, 0, f, nullptr, nullptr, {}}, c);
  EXPECT_EQ(cp.range(c[0]).lo, 0);  // crossing: lower until the wrap link
}
