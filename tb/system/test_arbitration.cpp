// The arbiter kinds (router.arbiter.*) in live networks: each drains a
// saturated dragonfly with invariants on; the matrix and lrs arbiters, two
// implementations of one priority order, give the same run; age-based
// arbitration changes it; the verilated allocator refuses what it lacks.
#include <gtest/gtest.h>

#include "harness.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

Config saturated(const std::string& kind, const std::string& routing) {
  Config cfg = test::make_config("topologies/dragonfly-h2.yaml",
                                 {"routing.algorithm=" + routing, "router.vcs=4", "traffic.load=0.9", "sim.warmup=0",
                                  "sim.cycles=20000", "sim.stop_injection=true", "sim.drain=400000"});
  for (const char* stage : {"va", "sa_in", "sa_out"}) cfg.set(std::string("router.arbiter.") + stage, kind);
  return cfg;
}

// The results before the "sim" section (the run's own speed) and the echoed
// configuration (which names the arbiters).
std::string results(const std::string& json) { return json.substr(0, json.find("\"sim\"")); }

}  // namespace

class ArbiterSoak : public testing::TestWithParam<std::tuple<const char*, const char*>> {};

TEST_P(ArbiterSoak, DrainsAtSaturation) {
  const auto [kind, routing] = GetParam();
  RunResult r = run_simulation(saturated(kind, routing));
  ASSERT_EQ(r.exit_code, 0) << r.error;
  EXPECT_GT(test::json_number(r.json, "delivered"), 10000);
  EXPECT_EQ(test::json_number(r.json, "in_flight"), 0) << r.summary;
}

INSTANTIATE_TEST_SUITE_P(Kinds, ArbiterSoak,
                         testing::Combine(testing::Values("lrs", "age", "matrix"), testing::Values("min", "val")),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param)) + "_" + std::get<1>(info.param);
                         });

// One simulation per process: the runs go through the command line.
TEST(Arbitration, MatrixAndLeastRecentlyServedGiveTheSameRun) {
  auto run = [](const std::string& kind) {
    const std::string out = test::temp_path(kind + ".json");
    std::vector<std::string> args{test::source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=val",
                                  "router.vcs=4", "traffic.load=0.9", "sim.warmup=0", "sim.cycles=4000", "--quiet",
                                  "-o", out};
    for (const char* stage : {"va", "sa_in", "sa_out"}) args.push_back(std::string("router.arbiter.") + stage + "=" + kind);
    const auto res = test::run_cli(args);
    EXPECT_EQ(res.code, 0) << res.err;
    return results(test::slurp(out));
  };
  const std::string lrs = run("lrs");
  ASSERT_NE(lrs.find("accepted_load"), std::string::npos);
  EXPECT_EQ(lrs, run("matrix"));
  EXPECT_NE(lrs, run("rr"));
  EXPECT_NE(lrs, run("age"));
}

TEST(Arbitration, VerilatedAllocatorNeedsRoundRobin) {
  auto res = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "router.alloc=rtl",
                            "router.arbiter.sa_out=age", "--quiet"});
  // Builds without the co-simulation allow only router.alloc=cpp.
  if (res.err.find("router.alloc: bad value 'rtl': allowed: cpp") != std::string::npos)
    GTEST_SKIP() << "build without RTL co-simulation";
  EXPECT_EQ(res.code, 2);
  EXPECT_NE(res.err.find("router.alloc: the switch allocator's rtl needs router.arbiter.sa_in=rr and router.arbiter.sa_out=rr"),
            std::string::npos)
      << res.err;
  // Nor does it move its input arbiters only on a grant (BookSim2's rule).
  res = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "rtl.sa=lockstep",
                       "router.arbiter.sa_in_update=grant", "--quiet"});
  EXPECT_EQ(res.code, 2);
  EXPECT_NE(res.err.find("rtl.sa: the switch allocator's lockstep needs router.arbiter.sa_in_update=request"),
            std::string::npos)
      << res.err;
}

// router.allocator.va=free_pool (one VC per output port per cycle) drains a
// saturated torus (dateline VCs) and dragonfly with invariants on, and
// changes the run: the key reaches the allocator. One simulation per
// process: the runs go through the command line.
TEST(Arbitration, FreePoolVcAllocatorDrainsAndChangesTheRun) {
  for (const char* topo : {"topologies/torus-8x8.yaml", "topologies/dragonfly-h2.yaml"}) {
    auto run = [&](const std::string& va) {
      const std::string out = test::temp_path(va + ".json");
      const auto res = test::run_cli({test::source_path(topo), "router.allocator.va=" + va, "router.vcs=4",
                                      "traffic.load=0.9", "sim.warmup=0", "sim.cycles=5000",
                                      "sim.stop_injection=true", "sim.drain=400000", "--quiet", "-o", out});
      EXPECT_EQ(res.code, 0) << topo << ": " << res.err;
      const std::string json = test::slurp(out);
      EXPECT_EQ(test::json_number(json, "in_flight"), 0) << topo;
      EXPECT_GT(test::json_number(json, "delivered"), 1000) << topo;
      return results(json);
    };
    EXPECT_NE(run("free_pool"), run("sep_if")) << topo;
  }
}

TEST(Arbitration, FreePoolHasNoVerilogTwin) {
  auto res = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "router.allocator.va=free_pool",
                            "rtl.va=lockstep", "--quiet"});
  EXPECT_EQ(res.code, 2);
  if (res.err.find("rtl.va: bad value 'lockstep': allowed: auto, cpp") != std::string::npos)
    GTEST_SKIP() << "build without RTL co-simulation";
  EXPECT_NE(res.err.find("router.allocator.va=free_pool"), std::string::npos) << res.err;
}
