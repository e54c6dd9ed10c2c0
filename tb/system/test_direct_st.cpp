// Direct ST (sim.direct_st, Router::set_direct_st; docs/architecture.md,
// "Direct ST"): SA's commit putting a granted flit onto its link, timed
// for the cycle ST would send it, gives the results of the ST queue; and
// where the ST queue does more than delay, the router keeps it.
#include <gtest/gtest.h>

#include <sstream>

#include "harness.h"
#include "router/router.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim::test;

namespace {

const std::string kMesh = "topologies/mesh-8x8.yaml";

std::string results(std::vector<std::string> args) {
  return without_keys(cli_json(std::move(args)), "sim.direct_st");
}

// The first line where a and b differ, as "a-line | b-line" ("" if none).
std::string first_difference(const std::string& a, const std::string& b) {
  std::istringstream ia(a), ib(b);
  std::string la, lb;
  while (true) {
    const bool ma = static_cast<bool>(std::getline(ia, la)), mb = static_cast<bool>(std::getline(ib, lb));
    if (!ma && !mb) return "";
    if (!ma || !mb || la != lb) return la + " | " + lb;
  }
}

void expect_same_results(std::vector<std::string> args) {
  auto off = args;
  off.push_back("sim.direct_st=off");
  const std::string a = results(args), b = results(off);
  EXPECT_NE(a.find("\"delivered\""), std::string::npos);
  EXPECT_EQ(first_difference(a, b), "") << args[0] << " " << args[1];
}

// Whether the routers chose a direct ST (each router alike): one run in
// this process.
bool chosen(const std::string& file, std::initializer_list<std::string> keys) {
  bool on = false;
  nocsim::RunHooks hooks;
  hooks.before = [&](nocsim::Network& net) {
    on = net.routers().front()->direct_st();
    for (const auto& r : net.routers()) EXPECT_EQ(r->direct_st(), on);
  };
  EXPECT_EQ(nocsim::run_simulation(make_config(file, keys), hooks).exit_code, 0);
  return on;
}

}  // namespace

// The links' flits count at the cycle ST would send them, at the end of
// warm-up and at the end (a run without drain, on long links); routings
// that read the output queues' lengths (UGAL-L, the PiggyBack board, the
// torus' adaptive routings) read those the queue would hold.
TEST(DirectSt, ChangesNoResult) {
  expect_same_results({source_path(kMesh), "traffic.load=0.4", "sim.warmup=500",
                       sanitized_cycles_key(2000)});
  expect_same_results({source_path(kMesh), "link.latency=40", "traffic.load=0.3",
                       "router.stage_latency.sa=2", "router.stage_latency.st=3", "sim.warmup=100",
                       sanitized_cycles_key(300), "sim.drain=0"});
  expect_same_results({source_path(kMesh), "traffic.load=0.4", "sim.mode=per-stage",
                       "sim.warmup=300", sanitized_cycles_key(1000)});
  expect_same_results({source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=ugal-l", "router.vcs=4",
                       "router.speedup=1", "traffic.pattern=adv", "traffic.load=0.5", "sim.warmup=300",
                       sanitized_cycles_key(1500)});
  expect_same_results({source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=pb", "router.vcs=4",
                       "router.speedup=1", "traffic.pattern=adv", "traffic.load=0.4", "sim.warmup=300",
                       sanitized_cycles_key(1500)});
  expect_same_results({source_path("topologies/torus-versaci-8.yaml"), "routing.algorithm=abr", "traffic.load=0.5",
                       "sim.warmup=300", sanitized_cycles_key(1000)});
  expect_same_results({source_path("topologies/bench/dragonfly-h4-bench.yaml"), "traffic.load=0.4", "sim.threads=2",
                       "sim.warmup=200", sanitized_cycles_key(600)});
}

TEST(DirectSt, ChosenForTheMesh) { EXPECT_TRUE(chosen(kMesh, {"sim.cycles=100"})); }
TEST(DirectSt, ChosenForUgalL) {
  EXPECT_TRUE(chosen("topologies/dragonfly-h2.yaml",
                     {"routing.algorithm=ugal-l", "router.vcs=4", "router.speedup=1", "sim.cycles=100"}));
}
// Where the ST queue holds flits back or takes several a cycle (the
// shipped dragonflies' speedup 2 among them), or a trace draws it.
TEST(DirectSt, NotChosenWhenOff) { EXPECT_FALSE(chosen(kMesh, {"sim.cycles=100", "sim.direct_st=off"})); }
TEST(DirectSt, NotChosenWithSpeedup) { EXPECT_FALSE(chosen("topologies/dragonfly-h2.yaml", {"sim.cycles=100"})); }
TEST(DirectSt, NotChosenWithSlowLinks) { EXPECT_FALSE(chosen(kMesh, {"sim.cycles=100", "link.cycles_per_flit=2"})); }
TEST(DirectSt, NotChosenWithLinkPower) {
  EXPECT_FALSE(chosen(kMesh, {"sim.cycles=100", "link.power.policy=onoff"}));
}
TEST(DirectSt, NotChosenWithDamq) { EXPECT_FALSE(chosen(kMesh, {"sim.cycles=100", "router.buffer_model=damq"})); }
TEST(DirectSt, NotChosenWithMinCred) {
  EXPECT_FALSE(chosen("topologies/dragonfly-h2.yaml",
                      {"sim.cycles=100", "router.speedup=1", "vc.mincred=true", "routing.algorithm=olm"}));
}
TEST(DirectSt, NotChosenForSaAndStOf64Cycles) {
  EXPECT_FALSE(chosen(kMesh, {"sim.cycles=100", "router.stage_latency.st=63"}));
}
TEST(DirectSt, NotChosenWithAWaveformTrace) {
  EXPECT_FALSE(chosen(kMesh, {"sim.cycles=100", "trace.file=" + temp_path("direct_st.vcd")}));
}
