// The torus adaptive routings in real runs: deadlock-free at saturation with
// invariants on and a full drain, star-channel against e-cube, store-and-
// forward's zero-load latency, messages and the gamma0 load unit.
#include <gtest/gtest.h>

#include <tuple>

#include "harness.h"
#include "soak.h"
#include "sim/config_checks.h"
#include "sim/network.h"
#include "sim/params.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

struct TorusOutcome {
  int exit_code = -1;
  std::string error;
  NetStats stats;
  double accepted = 0, generated = 0;  // flits per node and cycle in the window
};

TorusOutcome run(std::initializer_list<std::string> overrides, std::vector<std::string> more = {}) {
  Config cfg = test::make_config("topologies/torus-4x4x4.yaml", overrides);
  for (const auto& kv : more) cfg.set(kv.substr(0, kv.find('=')), kv.substr(kv.find('=') + 1));
  TorusOutcome o;
  RunHooks hooks;
  hooks.after = [&](Network& net) {
    o.stats = net.stats();
    const NetStats& s = o.stats;
    const double node_cycles =
        static_cast<double>(net.topology().nodes()) * static_cast<double>(s.window.end - s.window.begin);
    o.accepted = static_cast<double>(s.window_flits_accepted) / node_cycles;
    o.generated = static_cast<double>(s.window_flits_generated) / node_cycles;
  };
  const RunResult r = run_simulation(cfg, hooks);
  o.exit_code = r.exit_code;
  o.error = r.error;
  return o;
}

int vcs_of(const std::string& algorithm) { return algorithm == "star" || algorithm == "ofr" ? 3 : 2; }

// Load 1 for test::soak_cycles() (10^5) cycles with every invariant
// checked, then injection stops and every packet must arrive.
void torus_soak(const std::string& algorithm, const std::string& switching, int message_packets) {
  const TorusOutcome o = run({"traffic.load=1", "sim.warmup=0", test::soak_cycles_key(), "sim.stop_injection=true",
                         "sim.drain=10000000", "sim.check=true", "router.buffer_depth=16"},
                        {"routing.algorithm=" + algorithm, "router.vcs=" + std::to_string(vcs_of(algorithm)),
                         "router.switching=" + switching, "traffic.message_packets=" + std::to_string(message_packets)});
  ASSERT_EQ(o.exit_code, 0) << o.error;
  EXPECT_EQ(o.stats.packets_delivered, o.stats.packets_generated);
  EXPECT_EQ(o.stats.measured_delivered, o.stats.measured_generated);
  EXPECT_GT(o.accepted, 0.2);
}

}  // namespace

TEST(TorusSoak, StarAtSaturation) { torus_soak("star", "vct", 1); }
TEST(TorusSoak, SmartDorAtSaturation) { torus_soak("smart-dor", "vct", 1); }
TEST(TorusSoak, AbrAtSaturation) { torus_soak("abr", "vct", 1); }
TEST(TorusSoak, PorAtSaturation) { torus_soak("por", "vct", 1); }
TEST(TorusSoak, OfrAtSaturation) { torus_soak("ofr", "vct", 1); }
TEST(TorusSoak, StarWormhole) { torus_soak("star", "wormhole", 1); }
TEST(TorusSoak, SmartDorWormhole) { torus_soak("smart-dor", "wormhole", 1); }
TEST(TorusSoak, AbrStoreAndForwardMessages) { torus_soak("abr", "saf", 96); }
TEST(TorusSoak, PorStoreAndForwardMessages) { torus_soak("por", "saf", 96); }
TEST(TorusSoak, OfrStoreAndForwardMessages) { torus_soak("ofr", "saf", 96); }

namespace {

// One run on the 4x4x4 torus (test::cli_json): its JSON.
std::string torus_json(std::vector<std::string> args) {
  args.insert(args.begin(), test::source_path("topologies/torus-4x4x4.yaml"));
  return test::cli_json(std::move(args));
}

}  // namespace

TEST(TorusRouting, StarChannelCarriesAtLeastWhatEcubeDoes) {
  auto accepted = [](const std::string& algorithm) {
    return test::json_number(torus_json({"traffic.load=1", "sim.cycles=20000", "sim.drain=0", "router.vcs=3",
                                       "routing.algorithm=" + algorithm}),
                             "accepted_load");
  };
  const double ecube = accepted("dor"), star = accepted("star");
  EXPECT_GT(ecube, 0.1);
  EXPECT_GE(star, ecube);
}

// One packet at a time: store-and-forward waits for the tail at every router
// (the injection router included), each wait size - 1 cycles longer than VCT's.
TEST(TorusRouting, StoreAndForwardAddsAPacketTimePerRouter) {
  auto run = [](const std::string& switching) {
    const std::string j = torus_json({"traffic.load=0.002", "sim.cycles=20000", "router.switching=" + switching});
    return std::make_pair(test::json_number(j, "mean"), test::json_number(j, "hops_mean"));
  };
  const auto vct = run("vct"), saf = run("saf");
  EXPECT_NEAR(saf.first - vct.first, (vct.second + 1) * 7, 2.0);
}

TEST(TorusRouting, Gamma0IsTheBisectionLoad) {
  // 4x4x4 torus, uniform: 2 k (N - 1) / (N a b) = 8 * 63 / (64 * 4) flits per node and cycle.
  const TorusOutcome o = run({"traffic.load=0.1", "traffic.load_unit=gamma0", "sim.cycles=20000"});
  ASSERT_EQ(o.exit_code, 0) << o.error;
  const double gamma0 = 8.0 * 63 / (64 * 4);
  EXPECT_NEAR(o.generated, 0.1 * gamma0, 0.01);
}

// The bubble rule counts free packet slots of a VC's own buffer.
TEST(TorusRouting, BubbleRoutingsRefuseWhatBreaksPacketSlots) {
  for (const auto& [kv, key] : std::vector<std::pair<std::string, std::string>>{
           {"router.buffer_model=damq", "router.buffer_model: abr"},
           {"router.buffer_depth=15", "router.buffer_depth: abr"},
           {"router.switching=wormhole", "router.switching: abr"}}) {
    const auto r = test::run_cli({test::source_path("topologies/torus-4x4x4.yaml"), "routing.algorithm=abr",
                                  "router.buffer_depth=16", kv});
    EXPECT_EQ(r.code, 2) << kv;
    EXPECT_NE(r.err.find(key), std::string::npos) << r.err;
  }
}

// Packets of several sizes: each escape-ring packet holds the largest one's
// room (docs/routing-torus.md, "Packets of several sizes"). A saturated
// soak drains, and then every output VC has all its credits back and owes
// no packet any.
TEST(TorusRouting, BubbleSlotsOfSeveralSizesDrainWithEveryCreditBack) {
  RunHooks hooks;
  int slotted = 0;
  hooks.after = [&](Network& net) {
    for (const auto& router : net.routers()) {
      const RouterState& st = router->state();
      slotted += st.p.slot == 8;
      for (int o = 0; o < st.p.network_ports; ++o)
        for (int v = 0; v < static_cast<int>(st.out[o].vcs.size()); ++v) {
          EXPECT_EQ(st.out[o].vcs[v].credits, st.out[o].depth) << "router " << st.id << " out " << o << " vc " << v;
          EXPECT_EQ(st.pads.owed(static_cast<size_t>(o * st.p.vcs + v)), 0u) << "router " << st.id;
        }
    }
  };
  test::run_soak("topologies/torus-8x8.yaml", {"routing.algorithm=abr", "router.vcs=2", "router.switching=vct",
                                               "router.buffer_depth=16", "traffic.packet_size=1,3,8"},
                 hooks);
  EXPECT_EQ(slotted, 64);
}

// Who counts in slots: bubble routings under several sizes, and under a
// closed-loop application (its last and control packets are shorter).
TEST(TorusRouting, BubbleSlotsAreTheLargestPacketWhereSizesDiffer) {
  const auto slot = [](std::initializer_list<std::string> keys) {
    std::vector<std::string> all{"router.buffer_depth=16", "router.vcs=2"};
    all.insert(all.end(), keys);
    Config cfg = test::make_config("topologies/torus-4x4x4.yaml", {});
    for (const std::string& kv : all) cfg.set(kv.substr(0, kv.find('=')), kv.substr(kv.find('=') + 1));
    const auto topo = validate_config(cfg);
    return router_params(RunConfig::from(cfg), *topo).slot;
  };
  EXPECT_EQ(slot({"routing.algorithm=abr"}), 0);
  EXPECT_EQ(slot({"routing.algorithm=abr", "traffic.packet_size=1,8"}), 8);
  EXPECT_EQ(slot({"routing.algorithm=por", "router.vcs=4", "traffic.request_reply=true", "traffic.packet_size=2",
                  "traffic.reply_size=6"}),
            6);
  EXPECT_EQ(slot({"routing.algorithm=abr", "workload.type=graph500"}), 8);
  EXPECT_EQ(slot({"routing.algorithm=dor", "traffic.packet_size=1,8"}), 0);
  EXPECT_EQ(slot({"routing.algorithm=star", "router.vcs=3", "traffic.packet_size=1,8"}), 0);
}

// The other bubble routings, and replies of their own size.
TEST(TorusRouting, BubbleRoutingsTakeSeveralPacketSizes) {
  for (const std::vector<std::string>& keys :
       {std::vector<std::string>{"routing.algorithm=por", "traffic.packet_size=2,8"},
        {"routing.algorithm=ofr", "router.vcs=6", "traffic.packet_size=1", "traffic.request_reply=true",
         "traffic.reply_size=8"}}) {
    std::vector<std::string> args{test::source_path("topologies/torus-4x4x4.yaml"), "router.buffer_depth=16",
                                  "traffic.load=0.9", "sim.warmup=0", "sim.cycles=20000", "sim.stop_injection=true",
                                  "sim.drain=1000000"};
    args.insert(args.end(), keys.begin(), keys.end());
    const std::string json = test::cli_json(args);
    EXPECT_NE(json.find("\"status\": \"ok\""), std::string::npos) << keys[0];
    EXPECT_EQ(test::json_number(json, "in_flight"), 0) << keys[0];
    EXPECT_GT(test::json_number(json, "delivered"), 10000) << keys[0];
  }
}

namespace {

// Flits per link and cycle on the + and on the - links of a dor run on
// `topology` (a file under topologies/) with 2 n directions.
std::pair<double, double> plus_minus_load(const std::string& topology, size_t directions, const std::string& tie,
                                          const std::string& seed) {
  const std::string out = test::temp_path("torus-tie.json");
  const auto r = test::run_cli({test::source_path("topologies/" + topology), "traffic.load=0.2", "sim.cycles=20000",
                                "routing.algorithm=dor", "routing.tie=" + tie, "sim.seed=" + seed, "-o", out,
                                "--quiet"});
  EXPECT_EQ(r.code, 0) << r.err;
  const std::vector<double> u = test::json_numbers(test::slurp(out), "link_utilisation_by_direction");
  EXPECT_EQ(u.size(), directions);
  double plus = 0, minus = 0;
  for (size_t p = 0; p < u.size(); ++p) (p % 2 ? minus : plus) += u[p];
  return {plus, minus};
}

}  // namespace

// Uniform traffic on rings of k: a packet d hops away goes + for d < k/2
// and - for d > k/2; d = k/2 is a tie. Per ring, the + links carry
// 1 + ... + k/2 - 1 hops plus the ties', the - links 1 + ... + k/2 - 1.
// Ties all going + load the + links (k/2)(k/2 + 1) / ((k/2 - 1) k/2) times
// the - links (3 at k = 4, 5/3 at k = 8); split per packet, the two
// directions carry the same.
TEST(TorusDor, RandomTieBalancesPlusAndMinusLinks) {
  struct Torus {
    const char* file;
    size_t directions;
    double plus_ratio;
  };
  for (const Torus& t : {Torus{"torus-8x8.yaml", 4, 5.0 / 3}, Torus{"torus-4x4x4.yaml", 6, 3.0}}) {
    for (const char* seed : {"1", "2"}) {
      const auto [plus, minus] = plus_minus_load(t.file, t.directions, "random", seed);
      EXPECT_GT(minus, 0.1) << t.file;
      EXPECT_NEAR(plus / minus, 1.0, 0.02) << t.file << " seed " << seed;
    }
    const auto [plus, minus] = plus_minus_load(t.file, t.directions, "plus", "1");
    EXPECT_NEAR(plus / minus, t.plus_ratio, 0.05 * t.plus_ratio) << t.file;
  }
}

// The adaptive routings' escapes are built on + ties and the crossing rule.
TEST(TorusDor, TieAndRouteRuleAreRefusedBeyondDor) {
  for (const auto& [alg, kv, key] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"abr", "routing.tie=random", "routing.tie: random is implemented for dor only"},
           {"star", "routing.dateline_rule=route", "routing.dateline_rule: route is implemented for dor only"}}) {
    const auto r = test::run_cli({test::source_path("topologies/torus-4x4x4.yaml"), "routing.algorithm=" + alg,
                                  "router.vcs=3", "router.buffer_depth=16", kv, "--check-config"});
    EXPECT_EQ(r.code, 2) << alg;
    EXPECT_NE(r.err.find(key), std::string::npos) << r.err;
  }
  const auto r = test::run_cli({test::source_path("topologies/dragonfly-h2.yaml"), "routing.tie=random", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("routing.tie=random does nothing in this run"), std::string::npos) << r.err;
}

// POR's and OFR's decisions: a packet derouted had a detour within reach of
// the profit rule and a less used one (docs/routing-torus.md, "Why OFR
// deroutes rarely"), so the fractions nest; ABR decides nothing.
TEST(TorusRouting, ProfitRuleViewBoundsTheDeroutes) {
  using Run = std::pair<std::string, std::string>;  // routing, routing.occupancy
  for (const auto& [alg, occupancy] : {Run{"por", "downstream"}, Run{"ofr", "queued"}}) {
    const std::string j = torus_json({"topology.k=6", "routing.algorithm=" + alg, "router.vcs=3",
                                    "router.buffer_depth=16", "traffic.load=1", "sim.warmup=300", "sim.cycles=1500",
                                    "sim.drain=0", "routing.occupancy=" + occupancy});
    const std::string view = test::json_section(j, "profit_rule");
    ASSERT_FALSE(view.empty()) << alg;
    const std::string d = test::json_section(j, "derouted");
    const double derouted = alg == "ofr" ? test::json_number(d, "widn") + test::json_number(d, "oidn")
                                         : test::json_number(d, "total");
    const double reach = test::json_number(view, "detour_within_reach");
    const double least_idle = test::json_number(view, "least_idle");
    EXPECT_GT(derouted, 0) << alg;
    EXPECT_LE(derouted, reach + 1e-9) << alg;
    // Under this load u* varies from decision to decision, and where it is
    // high a detour in range is out of reach.
    EXPECT_GT(least_idle, 0) << alg;
    EXPECT_LT(least_idle, 1) << alg;
    EXPECT_LT(reach, test::json_number(view, "detour_in_range")) << alg;
    EXPECT_LE(derouted, test::json_number(view, "detour_less_used") + 1e-9) << alg;
    EXPECT_LT(test::json_number(view, "minimal_idle"), 1.0) << alg;
  }
  const std::string abr = torus_json({"routing.algorithm=abr", "router.buffer_depth=16", "sim.cycles=500"});
  EXPECT_TRUE(test::json_section(abr, "profit_rule").empty());
  const auto r = test::run_cli({test::source_path("topologies/torus-4x4x4.yaml"), "routing.algorithm=abr",
                                "router.buffer_depth=16", "routing.occupancy=queued", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("routing.occupancy=queued does nothing in this run"), std::string::npos) << r.err;
}
