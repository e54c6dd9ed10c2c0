// k-ary n-trees (docs/routing-fat-tree.md): wiring, distances, and each
// routing's paths and dependency graph.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "channel_graph.h"
#include "core/error.h"
#include "core/rng.h"
#include "routing/fat_tree/fat_tree_routing.h"
#include "vc/distance.h"

using namespace nocsim;

namespace {

using test::ChannelGraph;
using test::RandomView;
using Up = FatTreeRouting::Up;

// The (router, out port) channels each packet from every node to every
// other node crosses, following a random candidate; checks that paths go
// up, then down, and are minimal.
struct TreeWalk {
  ChannelGraph graph;
  std::map<std::pair<int, int>, std::set<int>> dsts, srcs;  // per channel
};

TreeWalk walk(const FatTree& t, Up up, bool congested) {
  FatTreeRouting r(t, up);
  const DistancePolicy policy(r.reference(), std::vector<int>(t.ports(), 1));
  RandomView view(16, 5);
  Rng pick(2, "pick");
  TreeWalk w;
  for (int src = 0; src < t.nodes(); ++src)
    for (int dst = 0; dst < t.nodes(); ++dst) {
      if (t.node_router(src) == t.node_router(dst)) continue;
      const test::WalkedPath p =
          test::walk_packet(t, r, policy, congested ? &view : nullptr, src, dst, 2 * t.n(), &pick, w.graph);
      bool down = false;
      for (size_t h = 0; h < p.taken.size(); ++h) {
        const bool going_down = !t.is_up(p.routers[h], p.taken[h].out_port);
        EXPECT_FALSE(down && !going_down) << "up after down";
        down |= going_down;
        w.dsts[{p.routers[h], p.taken[h].out_port}].insert(dst);
        w.srcs[{p.routers[h], p.taken[h].out_port}].insert(src);
      }
      EXPECT_EQ(p.hops, t.min_hops(t.node_router(src), t.node_router(dst)));
    }
  return w;
}


// Every up link meets a down link of the stage above and back; a switch's
// links go to distinct switches; stage l has u^l k^(n-1-l) switches.
void expect_wired_stage_by_stage(const FatTree& t) {
  std::vector<int> per_stage(static_cast<size_t>(t.n()), 0);
  for (int r = 0; r < t.routers(); ++r) {
    const int l = t.stage(r);
    ++per_stage[static_cast<size_t>(l)];
    EXPECT_EQ(t.nodes_at(r), l == 0 ? t.k() : 0);
    std::set<int> seen;
    int ups = 0, downs = 0;
    for (int p = 0; p < t.network_ports(); ++p) {
      const PortPeer q = t.peer(r, p);
      if (q.router < 0) continue;
      const bool up = t.is_up(r, p);
      ups += up, downs += !up;
      EXPECT_EQ(t.stage(q.router), up ? l + 1 : l - 1);
      EXPECT_EQ(t.is_up(q.router, q.port), !up);  // up ports meet down ports
      const PortPeer back = t.peer(q.router, q.port);
      EXPECT_EQ(back.router, r);
      EXPECT_EQ(back.port, p);
      EXPECT_TRUE(seen.insert(q.router).second);
    }
    EXPECT_EQ(ups, l == t.n() - 1 ? 0 : t.up()) << "router " << r;
    EXPECT_EQ(downs, l == 0 ? 0 : t.k()) << "router " << r;
  }
  for (int l = 0, size = t.nodes() / t.k(); l < t.n(); ++l, size = size / t.k() * t.up())
    EXPECT_EQ(per_stage[static_cast<size_t>(l)], size) << "stage " << l;
}

}  // namespace

TEST(FatTree, SwitchesPairUpAndDownPortsStageByStage) {
  const FatTree t(3, 3);
  EXPECT_EQ(t.nodes(), 27);
  EXPECT_EQ(t.routers(), 27);  // 3 stages of 9
  EXPECT_EQ(t.ports(), 9);
  expect_wired_stage_by_stage(t);
}

// Radix 64 and 2 stages: 1,024 nodes on 64 switches of 64 ports; the
// leaves' up links and the top's down links share ports 0 .. 31.
TEST(FatTree, TwoStagesOfRadixSixtyFourGiveTheThousandNodeTree) {
  const FatTree t(32, 2);
  EXPECT_EQ(t.nodes(), 1024);
  EXPECT_EQ(t.routers(), 64);
  EXPECT_EQ(t.ports(), 64);
  EXPECT_EQ(t.network_ports(), 32);
  EXPECT_EQ(t.node_port(5), 32 + 5);
  expect_wired_stage_by_stage(t);
  EXPECT_EQ(t.min_hops(0, 31), 2);
  EXPECT_EQ(t.min_hops(32, 0), 1);
  EXPECT_THROW(FatTree(22, 3), ConfigError);  // 3 stages: up + 2k = 66 ports
  EXPECT_NO_THROW(FatTree(21, 3));
}

// The k:u thin tree: u up links per switch, u^l k^(n-1-l) switches at
// stage l; its bound is the most loaded stage's up links.
TEST(FatTree, SlimmedTreesHaveFewerSwitchesGoingUp) {
  for (auto [k, n, u] : {std::tuple{4, 3, 2}, {3, 2, 1}, {4, 2, 3}, {3, 4, 2}, {2, 3, 1}}) {
    const FatTree t(k, n, u);
    SCOPED_TRACE(t.describe());
    expect_wired_stage_by_stage(t);
  }
  const FatTree t(4, 3, 2);  // 16 + 8 + 4 switches, 64 nodes
  EXPECT_EQ(t.routers(), 28);
  EXPECT_EQ(t.ports(), 2 + 4 + 4);
  // Leaves' up links: 63 (1/2) / 60 = 0.525; stage 1's: 63 (1/4) / 48.
  EXPECT_NEAR(t.bisection_load(), 63.0 / 4 / 48, 1e-12);
  EXPECT_NEAR(FatTree(4, 3).bisection_load(), 63.0 / 60, 1e-12);
  EXPECT_THROW(FatTree(4, 3, 5), ConfigError);
}

TEST(FatTree, LeafDistanceIsTwiceTheCommonAncestorsStage) {
  const FatTree t(4, 3);  // leaves 0..15: digits w0, w1
  EXPECT_EQ(t.min_hops(0, 0), 0);
  EXPECT_EQ(t.min_hops(0, 1), 2);   // differ in w0: stage 1
  EXPECT_EQ(t.min_hops(0, 4), 4);   // differ in w1: stage 2
  EXPECT_EQ(t.min_hops(5, 7), 2);
  EXPECT_EQ(t.min_hops(16, 0), 1);  // stage-1 switches 16..19 cover leaves 0..3
  EXPECT_EQ(t.min_hops(17, 0), 1);
  EXPECT_EQ(t.min_hops(16, 17), 2);  // w0 differs: down to a leaf, up again
  EXPECT_EQ(t.min_hops(16, 21), 4);  // and w1: then up to stage 2 and down
  // Stage-2 switches 32 (w = 0, 0) and 33 (w = 1, 0) differ in w0: down to
  // stage 0 and back up (4); 32 and 36 (w = 0, 1) in w1: down to stage 1
  // and back up (2).
  EXPECT_EQ(t.min_hops(32, 33), 4);
  EXPECT_EQ(t.min_hops(32, 36), 2);
}

TEST(FatTree, RejectsImpossibleShapes) {
  EXPECT_THROW(FatTree(1, 3), ConfigError);
  EXPECT_THROW(FatTree(4, 0), ConfigError);
  EXPECT_THROW(FatTree(64, 5), ConfigError);  // more than 2^24 nodes
}

TEST(FatTreeRouting, EveryRoutingIsUpThenDownMinimalAndAcyclicOnOneVc) {
  for (const FatTree& t : {FatTree(3, 3), FatTree(4, 3, 2), FatTree(4, 2), FatTree(3, 4, 2)})
    for (Up up : {Up::DestinationDigit, Up::SourceDigit, Up::LeastOccupied}) {
      SCOPED_TRACE(t.describe());
      const TreeWalk w = walk(t, up, up == Up::LeastOccupied);
      EXPECT_FALSE(w.graph.has_cycle());
    }
}

// DESTRO's property: every down link carries one destination; S-mod-K's
// mirror image: every up link carries one source.
TEST(FatTreeRouting, DmodkGivesEachDestinationItsDownPathAndSmodkEachSourceItsUpPath) {
  const FatTree t(3, 3);
  const TreeWalk d = walk(t, Up::DestinationDigit, false), s = walk(t, Up::SourceDigit, false);
  int down = 0, up = 0;
  for (const auto& [ch, dsts] : d.dsts)
    if (!t.is_up(ch.first, ch.second)) {
      EXPECT_EQ(dsts.size(), 1u);
      ++down;
    }
  for (const auto& [ch, srcs] : s.srcs)
    if (t.is_up(ch.first, ch.second)) {
      EXPECT_EQ(srcs.size(), 1u);
      ++up;
    }
  EXPECT_EQ(down, 2 * t.nodes());  // two stage boundaries, one link per node each
  EXPECT_EQ(up, 2 * t.nodes());
}
