// Dragonfly+ (docs/routing-dragonfly-plus.md): wiring, distances, the
// uniform bound, and each routing's paths and dependency graph.
#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "channel_graph.h"
#include "core/error.h"
#include "routing/valiant_routing.h"
#include "topologies/dragonfly_plus.h"
#include "vc/distance.h"

using namespace nocsim;

namespace {

using test::ChannelGraph;
using test::RandomView;
using Mode = ValiantRouting::Mode;
using Classes = ValiantRouting::Classes;

// Every leaf pair's packet under `mode` with `classes` VCs per port; min
// paths checked against min_hops.
ChannelGraph walk(const DragonflyPlus& t, Mode mode, Classes classes, int vcs) {
  ValiantRouting r(t, mode, classes, 0, 0, 1, 0);
  const DistancePolicy policy(r.reference(), std::vector<int>(t.ports(), vcs));
  RandomView view(40, 3);
  ChannelGraph g;
  const int leaves = t.nodes() / t.concentration();
  for (int s = 0; s < leaves; ++s)
    for (int d = 0; d < leaves; ++d) {
      if (s == d) continue;
      const int dst = d * t.concentration() + (s + d) % t.concentration();
      const test::WalkedPath p = test::walk_packet(t, r, policy, mode == Mode::UgalL ? &view : nullptr,
                                                   s * t.concentration(), dst, 8, nullptr, g);
      if (mode == Mode::Min) {
        EXPECT_EQ(p.hops, t.min_hops(s, d)) << s << " -> " << d;
      }
    }
  return g;
}

}  // namespace

TEST(DragonflyPlus, LeavesMeetEverySpineAndGroupsMeetOnceEach) {
  for (auto arr : {GroupArrangement::Palmtree, GroupArrangement::Consecutive, GroupArrangement::Prisacari})
    for (int groups : {0, 5}) {
      const DragonflyPlus t(2, 3, 2, 2, groups, arr);  // L = 3, S = 2, h = 2: up to 5 groups
      SCOPED_TRACE(t.describe());
      EXPECT_EQ(t.groups(), 5);
      EXPECT_EQ(t.routers(), 5 * (3 + 2));
      EXPECT_EQ(t.nodes(), 5 * 3 * 2);
      EXPECT_EQ(t.ports(), 3 + 2 + 2);
      std::set<std::pair<int, int>> group_pairs;
      for (int r = 0; r < t.routers(); ++r) {
        EXPECT_EQ(t.nodes_at(r), t.is_leaf(r) ? 2 : 0);
        int local = 0;
        for (int p = 0; p < t.network_ports(); ++p) {
          const PortPeer q = t.peer(r, p);
          if (q.router < 0) continue;
          const PortPeer back = t.peer(q.router, q.port);
          EXPECT_EQ(back.router, r);
          EXPECT_EQ(back.port, p);
          if (t.port_class(p) == PortClass::Global) {
            EXPECT_FALSE(t.is_leaf(r));
            EXPECT_NE(t.group(q.router), t.group(r));
            EXPECT_TRUE(group_pairs.insert({t.group(r), t.group(q.router)}).second) << "two links between groups";
          } else {
            ++local;
            EXPECT_NE(t.is_leaf(q.router), t.is_leaf(r));  // leaf-spine only
            EXPECT_EQ(t.group(q.router), t.group(r));
          }
        }
        EXPECT_EQ(local, t.is_leaf(r) ? 2 : 3);
      }
      EXPECT_EQ(group_pairs.size(), 5u * 4u);
    }
  EXPECT_EQ(DragonflyPlus(2, 3, 2, 2, 3, GroupArrangement::Palmtree).groups(), 3);
  EXPECT_THROW(DragonflyPlus(2, 3, 2, 2, 6, GroupArrangement::Palmtree), ConfigError);
  EXPECT_THROW(DragonflyPlus(2, 0, 2, 2, 0, GroupArrangement::Palmtree), ConfigError);
}

TEST(DragonflyPlus, MinimalHopsAndPorts) {
  const DragonflyPlus t(2, 3, 2, 2, 0, GroupArrangement::Palmtree);
  EXPECT_EQ(t.min_hops(0, 1), 2);   // leaves of group 0
  EXPECT_EQ(t.min_hops(0, 3), 3);   // leaf 0 of group 1
  EXPECT_EQ(t.min_hops(0, t.spine(0, 1)), 1);
  EXPECT_EQ(t.min_hops(t.spine(0, 0), t.spine(0, 1)), 2);
  // In the group, leaf i goes up to spine (i + j) mod S for leaf j.
  EXPECT_EQ(t.minimal_port(1, 2 * 2), (1 + 2) % 2);
  // Between groups, to the owner of the link, which then takes it.
  const int owner = t.owner(0, 1);
  EXPECT_EQ(t.minimal_port(0, 3 * 2), owner);
  const PortPeer up = t.peer(0, owner);
  const int global = t.minimal_port(up.router, 3 * 2);
  EXPECT_EQ(t.port_class(global), PortClass::Global);
  EXPECT_EQ(t.group(t.peer(up.router, global).router), 1);
}

// The 4-4-4-4 network of topologies/dragonfly-plus-4.yaml: the spines' down
// links are the busiest under uniform traffic, just under the injection bound.
TEST(DragonflyPlus, UniformBoundIsTheBusiestMinimalLink) {
  const DragonflyPlus t(4, 4, 4, 4, 0, GroupArrangement::Palmtree);
  EXPECT_EQ(t.nodes(), 272);
  EXPECT_GT(t.bisection_load(), 0.9);
  EXPECT_LT(t.bisection_load(), 1.0);
  // Half the spines: each spine's down links then carry twice the global share.
  const DragonflyPlus thin(4, 4, 2, 4, 0, GroupArrangement::Palmtree);
  EXPECT_LT(thin.bisection_load(), 0.6);
}

TEST(DragonflyPlusRouting, MinIsMinimalAndAcyclicOnOneVc) {
  for (auto arr : {GroupArrangement::Palmtree, GroupArrangement::Consecutive})
    for (int groups : {0, 4}) {
      const DragonflyPlus t(2, 3, 2, 2, groups, arr);
      SCOPED_TRACE(t.describe());
      EXPECT_FALSE(walk(t, Mode::Min, Classes::Any, 1).has_cycle());
    }
}

TEST(DragonflyPlusRouting, ValiantAndUgalNeedTheirTwoClasses) {
  const DragonflyPlus t(2, 3, 2, 2, 0, GroupArrangement::Palmtree);
  EXPECT_FALSE(walk(t, Mode::Valiant, Classes::ByPhase, 2).has_cycle());
  EXPECT_FALSE(walk(t, Mode::UgalL, Classes::ByPhase, 2).has_cycle());
  // On one class the second phase's up links close cycles with the first's.
  EXPECT_TRUE(walk(t, Mode::Valiant, Classes::Any, 1).has_cycle());
}
