#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "core/error.h"
#include "harness.h"
#include "topologies/dragonfly.h"
#include "topologies/kary_ncube.h"
#include "traffic/pattern.h"

using namespace nocsim;

TEST(Traffic, PermutationsAreBijections) {
  KAryNCube t({8, 8}, 1, true);
  Rng rng(1, "t");
  for (const char* name : {"transpose", "bitcomp", "bitrev", "shuffle", "tornado", "neighbor"}) {
    auto p = test::pattern(name, t);
    std::set<int> dsts;
    for (int s = 0; s < t.nodes(); ++s) {
      int d = p->dest(s, rng);
      dsts.insert(d < 0 ? s : d);  // -1: maps onto itself
    }
    EXPECT_EQ(dsts.size(), static_cast<size_t>(t.nodes())) << name;
  }
}

TEST(Traffic, KnownDestinations) {
  KAryNCube t({8, 8}, 1, false);
  Rng rng(1, "t");
  EXPECT_EQ(test::pattern("bitcomp", t)->dest(0, rng), 63);
  EXPECT_EQ(test::pattern("transpose", t)->dest(1 + 8 * 2, rng), 2 + 8 * 1);
  EXPECT_EQ(test::pattern("tornado", t)->dest(0, rng), 3 + 8 * 3);  // x + ceil(8/2) - 1 in both dimensions
  EXPECT_EQ(test::pattern("neighbor", t)->dest(7, rng), 8 * 1 + 0);
  EXPECT_EQ(test::pattern("bitrev", t)->dest(1, rng), 32);
  EXPECT_EQ(test::pattern("shuffle", t)->dest(33, rng), 3);
  EXPECT_EQ(test::pattern("transpose", t)->dest(9, rng), -1);  // diagonal stays silent
}

TEST(Traffic, UniformNeverPicksTheSourceAndCoversAll) {
  KAryNCube t({4, 4}, 1, false);
  Rng rng(5, "u");
  auto p = test::pattern("uniform", t);
  std::set<int> seen;
  for (int i = 0; i < 5000; ++i) {
    int d = p->dest(3, rng);
    ASSERT_NE(d, 3);
    seen.insert(d);
  }
  EXPECT_EQ(seen.size(), 15u);
}

TEST(Traffic, BitPatternsNeedPowerOfTwoNodes) {
  KAryNCube t({3, 3}, 1, false);
  EXPECT_THROW(test::pattern("bitrev", t), ConfigError);
  Rng rng(1, "t");
  EXPECT_EQ(test::pattern("bitcomp", t)->dest(2, rng), 6);  // T - t - 1 needs no power of two
  KAryNCube t2({2, 4}, 1, false);
  EXPECT_THROW(test::pattern("transpose", t2), ConfigError);
  EXPECT_THROW(test::pattern("zipf", t2), ConfigError);  // no such pattern
}

TEST(Traffic, PatternsTheTopologyCannotCarryNameTheKeyAndTheNeed) {
  auto error = [](const char* name, const Topology& t) {
    try {
      test::pattern(name, t);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  KAryNCube mesh({3, 3}, 1, false);
  Dragonfly df(2, 4, 2, 0, Dragonfly::Arrangement::Palmtree);
  EXPECT_EQ(error("tornado", df), "traffic.pattern: tornado needs topology.type mesh, torus or hyperx");
  EXPECT_EQ(error("adv", mesh), "traffic.pattern: adv needs topology.type dragonfly or dragonflyplus");
  EXPECT_EQ(error("shuffle", mesh), "traffic.pattern: shuffle needs a power-of-two node count (this network has 9 nodes)");
}

TEST(Rng, SameSeedSameStreamOtherComponentOtherStream) {
  Rng a(9, "nic.1"), b(9, "nic.1"), c(9, "nic.2");
  for (int i = 0; i < 100; ++i) {
    uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    EXPECT_NE(x, c.next());
  }
}

TEST(Rng, GeometricGapsMatchTheBernoulliRate) {
  Rng r(1, "g");
  double sum = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) sum += static_cast<double>(r.geometric(0.05));
  EXPECT_NEAR(sum / n, 20.0, 0.3);
}

// A vanishing or zero probability saturates at kMaxGap instead of casting a
// double beyond uint64_t (undefined; the sanitized suite would report it).
TEST(Rng, GeometricGapOfAVanishingProbabilitySaturates) {
  Rng r(1, "g");
  for (double p : {1e-100, 1e-300, 5e-324, 0.0}) EXPECT_EQ(r.geometric(p), Rng::kMaxGap) << p;
  EXPECT_LT(r.geometric(1e-6), Rng::kMaxGap);
  EXPECT_EQ(r.geometric(1.0), 1u);
}

TEST(Traffic, TorusPermutationsOfVersaci) {
  Rng rng(1, "t");
  KAryNCube t3({4, 4, 4}, 1, true);
  // butterfly: message m flips address bit m mod 6
  auto b = test::pattern("butterfly", t3);
  for (uint64_t m = 0; m < 12; ++m) EXPECT_EQ(b->message_dest(5, rng, m), 5 ^ (1 << (m % 6)));
  // transpose3d: (x,y,z) -> (y,z,x)
  EXPECT_EQ(test::pattern("transpose3d", t3)->dest(1 + 4 * 2 + 16 * 3, rng), 2 + 4 * 3 + 16 * 1);
  // transposition: node i*m + j -> j*m + i on N = m^2 nodes (here m = 8)
  KAryNCube t2({8, 8}, 1, true);
  EXPECT_EQ(test::pattern("transposition", t2)->dest(1 * 8 + 2, rng), 2 * 8 + 1);
  EXPECT_EQ(test::pattern("transposition", t2)->dest(9, rng), -1);
  for (const char* name : {"transposition", "transpose3d"}) {
    auto p = test::pattern(name, name[9] == '3' ? static_cast<const Topology&>(t3) : t2);
    std::set<int> dsts;
    const int n = name[9] == '3' ? t3.nodes() : t2.nodes();
    for (int s = 0; s < n; ++s) {
      int d = p->dest(s, rng);
      dsts.insert(d < 0 ? s : d);
    }
    EXPECT_EQ(dsts.size(), static_cast<size_t>(n)) << name;
  }
}

TEST(Traffic, TorusPermutationsNameTheSizeTheyLack) {
  KAryNCube odd({3, 3, 3}, 1, true), flat({4, 8}, 1, true);
  for (const auto& [name, topo] : std::vector<std::pair<std::string, const Topology*>>{
           {"butterfly", &odd}, {"bitrev", &odd}, {"transposition", &flat}, {"transpose3d", &flat}}) {
    try {
      test::pattern(name, *topo);
      ADD_FAILURE() << name << " accepted " << topo->describe();
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
  }
}

namespace {

std::unique_ptr<TrafficPattern> composed(const std::string& name, const Topology& topo,
                                         std::initializer_list<std::string> overrides, uint64_t seed = 1) {
  Config c;
  for (const auto& o : overrides) c.set_override(o);
  return make_pattern(name, topo, c, seed);
}

}  // namespace

TEST(Traffic, HotspotByNodesSendsAShareOfTheNodesToTheHotOnes) {
  KAryNCube t({8, 8}, 1, false);
  auto p = composed("hotspot", t, {"traffic.hotspot.nodes=[5,9]", "traffic.hotspot.fraction=0.25"});
  Rng rng(3, "t");
  int senders = 0;
  for (int s = 0; s < t.nodes(); ++s) {
    std::set<int> seen;
    for (int i = 0; i < 200; ++i) seen.insert(p->dest(s, rng));
    EXPECT_EQ(seen.count(s), 0u);
    if (seen == std::set<int>{5, 9}) {
      ++senders;
      EXPECT_TRUE(s != 5 && s != 9) << "a hot node sends uniformly";
    } else {
      EXPECT_GT(seen.size(), 40u) << "node " << s << " is uniform";
    }
  }
  EXPECT_EQ(senders, 16);  // round(0.25 * 64)
  // Another seed draws other senders; the same seed the same ones.
  auto q = composed("hotspot", t, {"traffic.hotspot.nodes=[5,9]"}, 2);
  auto r = composed("hotspot", t, {"traffic.hotspot.nodes=[5,9]"}, 2);
  int differ = 0;
  for (int s = 0; s < t.nodes(); ++s) {
    Rng a(1, "x"), b(1, "x"), c(1, "x");
    const int dq = q->dest(s, a);
    EXPECT_EQ(dq, r->dest(s, b));
    differ += dq != p->dest(s, c);
  }
  EXPECT_GT(differ, 0);
}

// randperm: a derangement, fixed for the run, drawn from sim.seed unless
// traffic.randperm.seed names its own.
TEST(Traffic, RandpermSendsEachNodeToOneOtherFromItsSeed) {
  KAryNCube t({4, 4}, 2, false);  // 32 nodes
  auto perm_of = [&t](uint64_t seed, std::initializer_list<std::string> keys) {
    auto p = composed("randperm", t, keys, seed);
    std::vector<int> to;
    Rng rng(7, "t");
    for (int s = 0; s < t.nodes(); ++s) {
      const int d = p->dest(s, rng);
      for (int i = 0; i < 20; ++i) EXPECT_EQ(p->dest(s, rng), d) << "node " << s << " keeps its destination";
      std::vector<double> demand(static_cast<size_t>(t.routers()), 0.0);
      p->add_router_demand(s, t, demand);
      EXPECT_EQ(demand[static_cast<size_t>(t.node_router(d))], 1.0);
      to.push_back(d);
    }
    return to;
  };
  const std::vector<int> a = perm_of(1, {});
  std::set<int> received;
  for (int s = 0; s < t.nodes(); ++s) {
    EXPECT_NE(a[static_cast<size_t>(s)], s) << "no node sends to itself";
    EXPECT_GE(a[static_cast<size_t>(s)], 0);
    received.insert(a[static_cast<size_t>(s)]);
  }
  EXPECT_EQ(received.size(), static_cast<size_t>(t.nodes())) << "every node receives one flow";
  EXPECT_EQ(perm_of(1, {}), a);
  EXPECT_NE(perm_of(2, {}), a);
  // Its own seed holds it whatever the run's seed.
  EXPECT_EQ(perm_of(1, {"traffic.randperm.seed=9"}), perm_of(5, {"traffic.randperm.seed=9"}));
  EXPECT_NE(perm_of(1, {"traffic.randperm.seed=9"}), perm_of(1, {"traffic.randperm.seed=10"}));
  // ... and draws what the run's seed S draws when it is S (docs/user-guide.md).
  EXPECT_EQ(perm_of(9, {}), perm_of(1, {"traffic.randperm.seed=9"}));
  // Two nodes: the swap.
  KAryNCube two({2}, 1, false);
  Rng rng(1, "t");
  auto p = make_pattern("randperm", two, Config(), 3);
  EXPECT_EQ(p->dest(0, rng), 1);
  EXPECT_EQ(p->dest(1, rng), 0);
}

TEST(Traffic, HotspotByTrafficSendsAShareOfEveryNodesPackets) {
  KAryNCube t({4, 4}, 1, false);
  auto p = composed("hotspot", t, {"traffic.hotspot.mode=traffic", "traffic.hotspot.fraction=0.4"});
  Rng rng(1, "t");
  const int draws = 200000;
  int hot = 0;
  for (int i = 0; i < draws; ++i) hot += p->dest(1 + i % 15, rng) == 0;
  // 0.4 directly, plus node 0's uniform share of the rest: 0.6 / 15.
  const double want = 0.4 + 0.6 / 15;
  EXPECT_NEAR(static_cast<double>(hot) / draws, want, 4 * std::sqrt(want * (1 - want) / draws));
  // Node 0, the only hot node, has no hot node to send to: every packet of
  // its goes uniformly to another node (it used to get no destination).
  std::set<int> seen;
  for (int i = 0; i < 2000; ++i) seen.insert(p->dest(0, rng));
  EXPECT_EQ(seen.size(), 15u);
  EXPECT_EQ(seen.count(0), 0u);
  EXPECT_EQ(seen.count(-1), 0u);
  // With two hot nodes, each sends its hot share to the other.
  auto two = composed("hotspot", t, {"traffic.hotspot.mode=traffic", "traffic.hotspot.fraction=0.4",
                                     "traffic.hotspot.nodes=[0,5]"});
  int to_five = 0;
  for (int i = 0; i < draws; ++i) to_five += two->dest(0, rng) == 5;
  const double want5 = 0.4 + 0.6 / 15;
  EXPECT_NEAR(static_cast<double>(to_five) / draws, want5, 4 * std::sqrt(want5 * (1 - want5) / draws));
  EXPECT_THROW(composed("hotspot", t, {"traffic.hotspot.nodes=[16]"}), ConfigError);
  EXPECT_THROW(composed("hotspot", t, {"traffic.hotspot.nodes=[1,1]"}), ConfigError);
}

TEST(Traffic, MixGivesEachPatternItsShareOfTheNodes) {
  Dragonfly t(2, 4, 2, 0, Dragonfly::Arrangement::Palmtree);  // g = 9: 72 nodes
  auto p = composed("mix", t, {"traffic.mix=[{pattern: adv, fraction: 0.25}, {pattern: uniform, fraction: 0.75}]"});
  Rng rng(1, "t");
  int adv = 0;
  const int per_group = t.a() * t.p();
  for (int s = 0; s < t.nodes(); ++s) {
    bool only_next = true;
    for (int i = 0; i < 100; ++i) only_next &= p->dest(s, rng) / per_group == (s / per_group + 1) % t.g();
    adv += only_next;
  }
  EXPECT_EQ(adv, 18);  // round(0.25 * 72)
  EXPECT_THROW(composed("mix", t, {"traffic.mix=[{pattern: adv, fraction: 0.5}, {pattern: uniform, fraction: 0.4}]"}),
               ConfigError);
  EXPECT_THROW(composed("mix", t, {"traffic.mix=[{pattern: uniform, fraction: 1}]"}), ConfigError);
  KAryNCube mesh({4, 4}, 1, false);
  try {
    composed("mix", mesh, {"traffic.mix=[{pattern: adv, fraction: 0.5}, {pattern: uniform, fraction: 0.5}]"});
    ADD_FAILURE() << "adv on a mesh";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("traffic.mix[0].pattern: adv needs topology.type dragonfly"),
              std::string::npos)
        << e.what();
  }
}
