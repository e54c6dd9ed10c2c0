// Graph topologies and SlimFly (docs/routing-graph.md): the MMS graphs'
// sizes, degrees and diameter, graph files, shortest-path tables, and the
// routings' paths and dependency graphs.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "channel_graph.h"
#include "core/error.h"
#include "harness.h"
#include "routing/valiant_routing.h"
#include "topologies/slimfly.h"
#include "vc/distance.h"

using namespace nocsim;

namespace {

using test::ChannelGraph;
using test::RandomView;
using Mode = ValiantRouting::Mode;
using Classes = ValiantRouting::Classes;

// Walks every router to every node of another router; returns the
// dependency graph over (channel, VC) of `classes` VCs.
ChannelGraph walk(const GraphTopology& t, Mode mode, int classes, bool all_on_one_vc = false) {
  const int hops = mode == Mode::Min ? t.diameter() : 2 * t.diameter();
  ValiantRouting r(t, mode, Classes::ByHop, hops, 0, 1, 0);
  const DistancePolicy policy(r.reference(), std::vector<int>(t.ports(), classes));
  RandomView view(40, 3);
  ChannelGraph g;
  for (int s = 0; s < t.routers(); ++s)
    for (int dst = 0; dst < t.nodes(); ++dst) {
      const int d = t.node_router(dst);
      if (d == s) continue;
      const test::WalkedPath p = test::walk_packet(t, r, policy, mode == Mode::UgalL ? &view : nullptr,
                                                   s * t.concentration(), dst, hops, nullptr, g, all_on_one_vc);
      if (mode == Mode::Min) {
        EXPECT_EQ(p.hops, t.min_hops(s, d));
      }
    }
  return g;
}

std::string write(const std::string& text) {
  const std::string p = test::temp_path("graph.txt");
  std::ofstream(p) << text;
  return p;
}

std::string error_of(const std::string& text) {
  try {
    read_graph_file(write(text));
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// McKay-Miller-Siran: 2q^2 routers of degree (3q - delta)/2, diameter 2.
TEST(SlimFly, MmsGraphsHaveTheirDegreeAndDiameterTwo) {
  // Primes and prime powers, delta = 1, -1 and 0 (q = 4, 8, 16); under
  // ASan not the two largest (1,250 and 1,458 routers: most of its 10-26 s
  // there, the same code as the others).
  std::vector<int> qs{3, 4, 5, 7, 8, 9, 11, 13, 16};
#ifndef NOCSIM_TEST_ASAN
  qs.insert(qs.end(), {25, 27});
#endif
  for (int q : qs) {
    SCOPED_TRACE(q);
    const auto t = make_slimfly(q, 1);
    const int delta = q % 4 == 1 ? 1 : q % 4 == 3 ? -1 : 0;
    EXPECT_EQ(t->routers(), 2 * q * q);
    for (int r = 0; r < t->routers(); ++r) EXPECT_EQ(t->degree(r), (3 * q - delta) / 2);
    EXPECT_EQ(t->diameter(), 2);
  }
  EXPECT_EQ(make_slimfly(5, 1)->network_ports(), 7);  // the Hoffman-Singleton graph
}

TEST(SlimFly, RefusesQThatIsNotAPrimePower) {
  for (int q : {2, 6, 10, 12, 15, 49}) EXPECT_THROW(slimfly_shape(q, 1), ConfigError) << q;  // 49: 4,802 routers
}

TEST(GraphTopology, LinksBothWaysShortestPathsAndTheirFirstPorts) {
  const auto t = read_graph_file(test::source_path("topologies/graph-example.txt"));
  EXPECT_EQ(t->routers(), 8);
  EXPECT_EQ(t->nodes(), 16);
  EXPECT_EQ(t->diameter(), 3);
  for (int r = 0; r < t->routers(); ++r)
    for (int p = 0; p < t->network_ports(); ++p) {
      const PortPeer q = t->peer(r, p);
      if (q.router < 0) continue;
      EXPECT_EQ(t->peer(q.router, q.port).router, r);
      EXPECT_EQ(t->peer(q.router, q.port).port, p);
      EXPECT_EQ(t->link_latency(r, p), t->link_latency(q.router, q.port));
    }
  for (int a = 0; a < 8; ++a)
    for (int b = 0; b < 8; ++b)
      if (a != b) {
        EXPECT_EQ(t->min_hops(t->peer(a, t->next_port(a, b)).router, b), t->min_hops(a, b) - 1);
      }
  EXPECT_EQ(t->link_latency(0, 2), 3);  // router 0's third link: the chord 0-3
  EXPECT_EQ(t->link_latency(0, 0), 0);  // the class's
}

TEST(GraphTopology, BadFilesNameTheLineAndTheRule) {
  EXPECT_NE(error_of("routers 3\nnodes_per_router 1\n0 1\n").find("the graph is disconnected"), std::string::npos);
  EXPECT_NE(error_of("routers 3\nnodes_per_router 1\n0 1\n1 0\n1 2\n").find("link 1-0 is given twice"), std::string::npos);
  EXPECT_NE(error_of("routers 2\nnodes_per_router 1\n1 1\n").find("joins a router to itself"), std::string::npos);
  EXPECT_NE(error_of("routers 2\nnodes_per_router 1\n0 2\n").find("outside 0..1"), std::string::npos);
  EXPECT_NE(error_of("routers 2\nnodes_per_router 1\n0 1 x\n").find("line 3: LATENCY must be"), std::string::npos);
  EXPECT_NE(error_of("nodes_per_router 1\n0 1\n").find("line 2: links before the 'routers R' line"),
            std::string::npos);
  EXPECT_NE(error_of("routers 2\n0 1\n").find("no 'nodes_per_router T' line"), std::string::npos);
}

TEST(GraphRouting, MinIsShortestAndAcyclicWithADiametersClasses) {
  const auto sf = make_slimfly(5, 1);
  EXPECT_FALSE(walk(*sf, Mode::Min, 2).has_cycle());
  const auto g = read_graph_file(test::source_path("topologies/graph-example.txt"));
  EXPECT_FALSE(walk(*g, Mode::Min, 3).has_cycle());
  // On one VC the same paths close cycles: the classes are what makes it safe.
  EXPECT_TRUE(walk(*sf, Mode::Min, 2, true).has_cycle());
}

TEST(GraphRouting, ValiantAndUgalAreAcyclicWithTwiceTheDiameter) {
  const auto sf = make_slimfly(5, 1);
  EXPECT_FALSE(walk(*sf, Mode::Valiant, 4).has_cycle());
  EXPECT_FALSE(walk(*sf, Mode::UgalL, 4).has_cycle());
}
