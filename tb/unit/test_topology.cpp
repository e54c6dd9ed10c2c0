#include <gtest/gtest.h>

#include <set>

#include "core/error.h"
#include "topologies/kary_ncube.h"

using nocsim::KAryNCube;

namespace {

// Every connected port has a peer that points back; no two ports share a peer.
void expect_consistent(const KAryNCube& t) {
  std::set<std::pair<int, int>> seen;
  for (int r = 0; r < t.routers(); ++r)
    for (int p = 0; p < t.network_ports(); ++p) {
      auto q = t.peer(r, p);
      if (q.router < 0) continue;
      auto back = t.peer(q.router, q.port);
      EXPECT_EQ(back.router, r);
      EXPECT_EQ(back.port, p);
      EXPECT_TRUE(seen.insert({q.router, q.port}).second);
      EXPECT_EQ(t.min_hops(r, q.router), 1);
    }
}

}  // namespace

TEST(Topology, MeshEdgesAreUnconnected) {
  KAryNCube t({4, 3}, 1, false);
  EXPECT_EQ(t.routers(), 12);
  EXPECT_EQ(t.ports(), 5);
  expect_consistent(t);
  int unconnected = 0;
  for (int r = 0; r < t.routers(); ++r)
    for (int p = 0; p < 4; ++p) unconnected += t.peer(r, p).router < 0;
  EXPECT_EQ(unconnected, 2 * 3 + 2 * 4);
  EXPECT_EQ(t.min_hops(0, 11), 3 + 2);
}

TEST(Topology, TorusWrapsEveryDimension) {
  KAryNCube t({4, 4, 3}, 2, true);
  EXPECT_EQ(t.nodes(), 96);
  EXPECT_EQ(t.ports(), 8);
  expect_consistent(t);
  for (int r = 0; r < t.routers(); ++r)
    for (int p = 0; p < 6; ++p) EXPECT_GE(t.peer(r, p).router, 0);
  EXPECT_TRUE(t.is_wrap(t.router_at({3, 0, 0}), 0));
  EXPECT_TRUE(t.is_wrap(t.router_at({0, 0, 0}), 1));
  EXPECT_FALSE(t.is_wrap(t.router_at({1, 0, 0}), 0));
  EXPECT_EQ(t.min_offset(0, 3, 0), -1);
  EXPECT_EQ(t.min_offset(0, 2, 0), 2);  // tie at k/2 goes +
  EXPECT_EQ(t.min_offset(7, 0, 0), 1);  // positions past a ring's coordinates wrap too
  EXPECT_EQ(t.min_offset(0, 7, 0), -1);
  for (int r = 0; r < t.routers(); ++r)
    EXPECT_EQ(t.router_at({t.coord(r, 0), t.coord(r, 1), t.coord(r, 2)}), r);
}

TEST(Topology, NodesAttachToNicPorts) {
  KAryNCube t({3, 3}, 3, false);
  for (int n = 0; n < t.nodes(); ++n) {
    EXPECT_GE(t.node_port(n), t.network_ports());
    EXPECT_EQ(t.port_node(t.node_router(n), t.node_port(n)), n);
  }
}

TEST(Topology, RejectsImpossibleShapes) {
  EXPECT_THROW(KAryNCube({1, 4}, 1, false), nocsim::ConfigError);
  EXPECT_THROW(KAryNCube({}, 1, true), nocsim::ConfigError);
  EXPECT_THROW(KAryNCube({4}, 0, true), nocsim::ConfigError);
}

TEST(Topology, TheSingleSwitchIsAMeshOfNoDimension) {
  const KAryNCube s({}, 10, false);
  EXPECT_EQ(s.name(), "single");
  EXPECT_EQ(s.routers(), 1);
  EXPECT_EQ(s.nodes(), 10);
  EXPECT_EQ(s.ports(), 10);
  EXPECT_EQ(s.network_ports(), 0);
  EXPECT_EQ(s.min_hops(0, 0), 0);
  EXPECT_EQ(s.node_port(7), 7);
  EXPECT_EQ(s.bisection_load(), 0);
  EXPECT_EQ(s.describe(), "single switch 10x10");
}
