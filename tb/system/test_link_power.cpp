// Link power policies on real runs (docs/power-model.md "Link power"): the
// savings at low load on an 8x8x8 torus, the high/low floor, every policy
// switching links under load with the invariants on, and awake's single
// training along a line of routers.
#include <gtest/gtest.h>

#include "harness.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim;
using test::json_number;

namespace {

std::string link_power(const std::string& json) { return test::json_section(json, "link_power"); }

struct CliRun {
  int code = -1;
  std::string err, json;
  double savings = -1, energy = -1, baseline = -1;
};

CliRun cli(const std::string& file, std::vector<std::string> overrides) {
  CliRun r;
  const std::string out = test::temp_path("link_power.json");
  std::vector<std::string> args{test::source_path(file), "--quiet", "-o", out, "sim.check=true"};
  args.insert(args.end(), overrides.begin(), overrides.end());
  const test::CliResult c = test::run_cli(args);
  r.code = c.code;
  r.err = c.err;
  if (c.code != 0) return r;
  r.json = test::slurp(out);
  const std::string lp = link_power(r.json);
  r.savings = json_number(lp, "savings");
  r.energy = json_number(lp, "energy_j");
  r.baseline = json_number(lp, "baseline_j");
  return r;
}

// 8x8x8 torus, DOR, uniform at 0.0005 flits/(node*cycle): a link carries a
// packet every ~16,000 cycles on average, the idle timer is t_t/ρ = 1000.
const std::vector<std::string> kLowLoad = {"traffic.load=0.0005", "link.power.t_train_ns=100", "link.power.rho=0.1",
                                           "sim.warmup=2000", "sim.cycles=40000", "sim.stop_injection=true"};

std::vector<std::string> with(std::vector<std::string> v, std::initializer_list<std::string> more) {
  v.insert(v.end(), more);
  return v;
}

}  // namespace

TEST(LinkPower, OnOffAndHighLowSaveOverEightyPercentOnATorusAtLowLoad) {
  const std::string torus = "topologies/torus-4x4x4.yaml";
  const CliRun none = cli(torus, with(kLowLoad, {"topology.k=8"}));
  ASSERT_EQ(none.code, 0) << none.err;
  EXPECT_EQ(link_power(none.json), "");  // policy none: no section
  const double base_latency = json_number(none.json, "mean");
  for (const char* policy : {"onoff", "highlow"}) {
    const CliRun r = cli(torus, with(kLowLoad, {"topology.k=8", std::string("link.power.policy=") + policy}));
    ASSERT_EQ(r.code, 0) << policy << ": " << r.err;
    EXPECT_GT(r.savings, 0.8) << policy;
    EXPECT_LT(r.energy, r.baseline) << policy;
    // Every packet delivered (the sinks checked order and duplicates).
    EXPECT_EQ(json_number(r.json, "in_flight"), 0) << policy;
    EXPECT_EQ(json_number(r.json, "measured_delivered"), json_number(r.json, "measured")) << policy;
    // The penalty is reported and shows in the latency.
    const std::string lp = link_power(r.json);
    EXPECT_GT(json_number(lp, "held_flits"), 0) << policy;
    EXPECT_GT(json_number(lp, "held_cycles"), json_number(lp, "held_flits")) << policy;
    EXPECT_GT(json_number(r.json, "mean"), base_latency) << policy;
    if (std::string(policy) == "onoff") {
      EXPECT_GT(json_number(lp, "off"), 0.5);
    }
    if (std::string(policy) == "highlow") {
      EXPECT_GT(json_number(lp, "low"), 0.5);
      EXPECT_EQ(json_number(lp, "off"), 0);
    }
  }
}

// With no traffic at all, high/low spends the run low after the first idle
// timer: its energy approaches 1/12 of the baseline and never goes below it.
TEST(LinkPower, HighLowNeverGoesBelowATwelfthOfTheBaseline) {
  const CliRun r = cli("topologies/torus-4x4x4.yaml", {"traffic.load=0", "link.power.policy=highlow",
                                                       "link.power.t_train_ns=100", "link.power.rho=1",
                                                       "sim.warmup=0", "sim.cycles=100000"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_GE(r.energy, r.baseline / 12 * (1 - 1e-12));
  // High for the first idle timer (t_t/ρ = 100 cycles), low for the rest.
  const std::string lp = link_power(r.json);
  EXPECT_EQ(json_number(lp, "idle_cycles"), 100);
  EXPECT_NEAR(json_number(lp, "high"), 100.0 / 100000, 1e-9);
  EXPECT_EQ(json_number(lp, "off"), 0);
  EXPECT_NEAR(r.energy / r.baseline, 0.001 + 0.999 / 12, 1e-9);
  // Under load it saves less, still bounded.
  const CliRun l = cli("topologies/torus-4x4x4.yaml", {"traffic.load=0.01", "link.power.policy=highlow",
                                                       "link.power.t_train_ns=100", "link.power.rho=1",
                                                       "sim.warmup=0", "sim.cycles=20000"});
  ASSERT_EQ(l.code, 0) << l.err;
  EXPECT_GE(l.energy, l.baseline / 12);
  EXPECT_LT(l.savings, r.savings);
}

// Links switched often (t_t of 20 cycles, idle timer of 40) under loads up
// to saturation, every policy, VCT and wormhole, a mix of packet sizes: no
// flit lost, duplicated or out of order, no credit error, no deadlock, and
// everything delivered once injection stops.
TEST(LinkPower, EveryPolicyKeepsTheInvariantsWhileSwitching) {
  for (const char* policy : {"onoff", "highlow", "awake", "threshold"})
    for (const char* sw : {"vct", "wormhole"})
      for (const char* load : {"0.05", "0.4"}) {
        const CliRun r = cli("topologies/mesh-8x8.yaml",
                             {std::string("link.power.policy=") + policy, "link.power.t_train_ns=20",
                              "link.power.rho=0.5", std::string("router.switching=") + sw,
                              "traffic.packet_size=[1,8,24]", "router.buffer_depth=24", std::string("traffic.load=") + load,
                              "sim.warmup=1000", test::sanitized_cycles_key(6000), "sim.stop_injection=true",
                              "sim.drain=200000"});
        ASSERT_EQ(r.code, 0) << policy << " " << sw << " " << load << ": " << r.err;
        EXPECT_EQ(json_number(r.json, "in_flight"), 0) << policy << " " << sw << " " << load;
        EXPECT_GT(json_number(link_power(r.json), "trainings"), 0) << policy << " " << sw << " " << load;
        EXPECT_GT(r.savings, 0) << policy << " " << sw << " " << load;
      }
}

TEST(LinkPower, BadKeysAreOneLineErrors) {
  for (const auto& [key, what] : std::vector<std::pair<std::string, std::string>>{
           {"link.power.policy=sleepy", "link.power.policy"},
           {"link.power.low_state=11", "link.power.low_state"},
           {"link.power.low_state=9", "link.power.low_state"},  // not below the high state
           {"link.power.rho=0", "link.power.rho"},
           {"link.power.threshold_low=1.5", "link.power.threshold_low"}}) {
    const CliRun r = cli("topologies/mesh-8x8.yaml", {"link.power.policy=highlow", key});
    EXPECT_EQ(r.code, 2) << key;
    EXPECT_NE(r.err.find(what), std::string::npos) << key << ": " << r.err;
  }
  const CliRun r = cli("topologies/dragonfly-h2.yaml", {"link.power.policy=awake", "routing.algorithm=ugal-l", "router.vcs=4"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("deterministic"), std::string::npos) << r.err;
}

namespace {

// A line of 8 routers (mesh k=8, n=1); every link low (or off) long before
// node 0 sends one 32-flit packet to node 7 at cycle 20,000: 7 links, t_t =
// 200 cycles, break-even 200/11 = 18 flits.
Cycle line_latency(const std::string& policy) {
  std::vector<NetStats::Delivery> got;
  RunHooks hooks;
  hooks.before = [](Network& net) {
    net.stats().record = true;
    net.nics()[0]->script(20000, 7, 32);
  };
  hooks.after = [&](Network& net) { got = net.stats().deliveries; };
  Config cfg = test::make_config("topologies/mesh-8x8.yaml",
                                 {"topology.k=8", "topology.n=1", "traffic.load=0", "router.switching=wormhole",
                                  "link.power.policy=" + policy, "link.power.t_train_ns=200", "link.power.rho=0.1",
                                  "sim.warmup=10", "sim.cycles=30000", "sim.check=true"});
  const RunResult r = run_simulation(cfg, hooks);
  EXPECT_EQ(r.exit_code, 0) << r.error;
  EXPECT_EQ(got.size(), 1u);
  return got.empty() ? 0 : got[0].done - got[0].gen;
}

constexpr Cycle kTrain = 200, kHops = 7;

}  // namespace

// High/low: each link switches up only when the head reaches it, one t_t per hop.
TEST(LinkPower, HighLowTrainsTheLinksOfAPathOneAfterAnother) {
  const Cycle lat = line_latency("highlow");
  EXPECT_GE(lat, kHops * kTrain);
  EXPECT_LT(lat, kHops * kTrain + 200);
}

// Awake: the message ahead of the head trains all seven at once.
TEST(LinkPower, AwakeTrainsThePathOnceForAllItsHops) {
  const Cycle lat = line_latency("awake");
  EXPECT_GE(lat, kTrain);
  EXPECT_LT(lat, kTrain + 200);  // the zero-load latency of 32 flits over 7 hops is 73 cycles
}

// Outputs held for a link sleep and wake through the wheel: a process per
// stage and one per router must still give the same results.
TEST(LinkPower, BothExecutionModesGiveTheSameResults) {
  for (const char* policy : {"onoff", "highlow", "threshold"}) {
    std::string json[2];
    for (int m = 0; m < 2; ++m) {
      const CliRun r = cli("topologies/mesh-8x8.yaml",
                           {std::string("link.power.policy=") + policy, "link.power.t_train_ns=40", "link.power.rho=0.2",
                            "traffic.load=0.2", "router.output_buffer_depth=4", "sim.cycles=4000",
                            m ? "sim.mode=per-router" : "sim.mode=per-stage"});
      ASSERT_EQ(r.code, 0) << policy << ": " << r.err;
      json[m] = test::without_keys(r.json, "sim.mode");
    }
    EXPECT_EQ(json[0], json[1]) << policy;
    EXPECT_GT(json_number(link_power(json[0]), "trainings"), 0) << policy;
  }
}
