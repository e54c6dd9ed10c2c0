// HyperX (docs/routing-hyperx.md): wiring, distances, the cut bound, and
// each routing's paths and (channel, VC) dependency graph.
#include <gtest/gtest.h>

#include <set>

#include "channel_graph.h"
#include "core/error.h"
#include "core/rng.h"
#include "routing/hyperx/dal.h"
#include "routing/valiant_routing.h"
#include "vc/distance.h"

using namespace nocsim;

namespace {

using test::Channel;
using test::ChannelGraph;
using test::RandomView;
enum class Algorithm { Dor, Valiant, UgalL, Dal };

// The routing registered under that name for a HyperX (routing/hyperx/register.cpp).
std::unique_ptr<Routing> make(const HyperX& t, Algorithm a) {
  using Mode = ValiantRouting::Mode;
  using Classes = ValiantRouting::Classes;
  if (a == Algorithm::Dal) return std::make_unique<DalRouting>(t, 8, 1, 0);
  const Mode m = a == Algorithm::Dor ? Mode::Min : a == Algorithm::Valiant ? Mode::Valiant : Mode::UgalL;
  return std::make_unique<ValiantRouting>(t, m, a == Algorithm::Dor ? Classes::Any : Classes::ByPhase, 0, 8, 1, 0);
}

struct Walk {
  ChannelGraph graph;
  int max_hops = 0;
  int nonminimal = 0;  // walks that took a non-minimal hop
};

// Walks `walks` packets from every router to every node of other routers,
// following a random candidate at each router (DOR and Valiant offer one),
// and builds the dependency graph over (channel, VC).
Walk walk(const HyperX& t, Algorithm a, int vcs, int walks, bool congested) {
  const std::unique_ptr<Routing> r = make(t, a);
  const DistancePolicy policy(r->reference(), std::vector<int>(t.ports(), vcs));
  RandomView view(40, 7);
  Rng pick(3, "pick");
  Walk w;
  for (int rep = 0; rep < walks; ++rep)
    for (int s = 0; s < t.routers(); ++s)
      for (int dst = 0; dst < t.nodes(); ++dst) {
        const int d = t.node_router(dst);
        if (d == s) continue;
        const test::WalkedPath p = test::walk_packet(t, *r, policy, congested ? &view : nullptr,
                                                     s * t.concentration(), dst, 4 * t.n() + 2, &pick, w.graph);
        if (!p.nonminimal && a != Algorithm::Valiant) {
          EXPECT_EQ(p.hops, t.min_hops(s, d));
        }
        w.max_hops = std::max(w.max_hops, p.hops);
        w.nonminimal += p.nonminimal;
      }
  return w;
}

}  // namespace

TEST(HyperX, EveryPairInALineIsWiredOnceAndBothWays) {
  const HyperX t({4, 3, 5}, 2);
  EXPECT_EQ(t.routers(), 60);
  EXPECT_EQ(t.nodes(), 120);
  EXPECT_EQ(t.network_ports(), 3 + 2 + 4);
  EXPECT_EQ(t.ports(), 11);
  for (int r = 0; r < t.routers(); ++r) {
    std::set<int> neighbours;
    for (int p = 0; p < t.network_ports(); ++p) {
      const PortPeer q = t.peer(r, p);
      ASSERT_GE(q.router, 0);
      const PortPeer back = t.peer(q.router, q.port);
      EXPECT_EQ(back.router, r);
      EXPECT_EQ(back.port, p);
      EXPECT_EQ(t.unaligned(r, q.router), 1u << t.dim_of(p));
      EXPECT_TRUE(neighbours.insert(q.router).second);
    }
    EXPECT_EQ(t.peer(r, t.network_ports()).router, -1);  // node ports
  }
}

TEST(HyperX, MinimalHopsAreTheDifferingCoordinates) {
  const HyperX t({3, 4}, 1);
  for (int a = 0; a < t.routers(); ++a)
    for (int b = 0; b < t.routers(); ++b)
      EXPECT_EQ(t.min_hops(a, b), (t.coord(a, 0) != t.coord(b, 0)) + (t.coord(a, 1) != t.coord(b, 1)));
}

TEST(HyperX, CutBoundIsAboutSOverT) {
  // S (N - 1) / (N T): the narrowest dimension decides.
  const HyperX t({8, 4}, 8);
  const double n = t.nodes();
  EXPECT_DOUBLE_EQ(t.bisection_load(), 4 * (n - 1) / (n * 8));
  EXPECT_DOUBLE_EQ(HyperX({5}, 5).bisection_load(), 5.0 * 24 / (25 * 5));  // odd S: 2 x 3 links across
}

TEST(HyperX, RejectsImpossibleShapes) {
  EXPECT_THROW(HyperX({1, 4}, 2), ConfigError);
  EXPECT_THROW(HyperX({4}, 0), ConfigError);
  EXPECT_THROW(HyperX(std::vector<int>(9, 2), 1), ConfigError);
}

TEST(HyperXRouting, DorIsMinimalAndAcyclicWithOneVc) {
  const HyperX t({4, 3, 3}, 2);
  const Walk w = walk(t, Algorithm::Dor, 1, 1, false);
  EXPECT_FALSE(w.graph.has_cycle());
  EXPECT_EQ(w.nonminimal, 0);
  EXPECT_EQ(w.max_hops, 3);
}

// Fully adaptive minimal routing on one class closes cycles (a 2-D
// example: four packets each turning from a row hop to a column hop or
// back); the walker finds them, so an acyclic graph below means something.
TEST(HyperXRouting, WalkerFindsTheCycleOfDalOnOneClass) {
  const HyperX t({3, 3}, 1);
  DalRouting r(t, 8, 1, 0);
  const DistancePolicy policy(r.reference(), std::vector<int>(t.ports(), 4));
  ChannelGraph g;
  std::vector<RouteCandidate> c;
  for (int s = 0; s < t.routers(); ++s)
    for (int d = 0; d < t.routers(); ++d) {
      if (t.min_hops(s, d) != 2) continue;
      Flit f;
      f.dst = d;
      r.route({s, t.network_ports(), 0, f, nullptr, &policy, {}}, c);
      for (const RouteCandidate& first : c) {
        std::vector<RouteCandidate> second;
        Flit g2 = f;
        g2.rh = first.next;
        const int next = t.peer(s, first.out_port).router;
        r.route({next, 0, 0, g2, nullptr, &policy, {}}, second);
        // Every hop on VC 0: the classes ignored.
        g.depend({Channel{s, first.out_port, 0}}, {Channel{next, second.front().out_port, 0}});
      }
      c.clear();
    }
  EXPECT_TRUE(g.has_cycle());
}

TEST(HyperXRouting, ValiantAndUgalAreAcyclicWithTwoClasses) {
  const HyperX t({4, 4}, 2);
  for (Algorithm a : {Algorithm::Valiant, Algorithm::UgalL}) {
    const Walk w = walk(t, a, 2, 3, true);
    EXPECT_FALSE(w.graph.has_cycle());
    EXPECT_GT(w.nonminimal, 0);
    EXPECT_LE(w.max_hops, 2 * t.n());
  }
}

TEST(HyperXRouting, DalDeroutesAtMostOncePerDimensionAndIsAcyclic) {
  const HyperX t({4, 5, 3}, 1);
  const Walk w = walk(t, Algorithm::Dal, 6, 4, true);
  EXPECT_FALSE(w.graph.has_cycle());
  EXPECT_GT(w.nonminimal, 0);
  EXPECT_LE(w.max_hops, 2 * t.n());
  EXPECT_EQ(DalRouting::sequence(t.n()).size(), 6);
}

TEST(HyperXRouting, UncongestedDalAndUgalRouteMinimally) {
  const HyperX t({4, 4}, 2);
  for (Algorithm a : {Algorithm::UgalL, Algorithm::Dal}) {
    const Walk w = walk(t, a, 4, 1, false);
    EXPECT_EQ(w.nonminimal, 0);
  }
}
