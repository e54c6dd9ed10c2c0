// SlimFly and graph-file runs (docs/routing-graph.md): deadlock-free soaks
// of every routing at saturation (the SlimFly with 2 nodes per router, 100
// nodes: the same 50 routers at half the cost).
#include <gtest/gtest.h>

#include "harness.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

void soak(const std::string& config, const std::string& routing, std::vector<std::string> extra = {}) {
  Config cfg = test::make_config(config, {"routing.algorithm=" + routing, "traffic.load=1", "sim.warmup=0",
                                          test::soak_cycles_key(), "sim.stop_injection=true", "sim.drain=1000000"});
  for (const std::string& kv : extra) cfg.set_override(kv);
  RunResult r = run_simulation(cfg);
  ASSERT_EQ(r.exit_code, 0) << r.error;
  EXPECT_GT(test::json_number(r.json, "delivered"), test::soak_cycles());
  EXPECT_EQ(test::json_number(r.json, "in_flight"), 0) << r.summary;
}

}  // namespace

TEST(SlimFlySoak, Min) { soak("topologies/slimfly-q5.yaml", "min", {"topology.concentration=2"}); }
TEST(SlimFlySoak, Val) { soak("topologies/slimfly-q5.yaml", "val", {"topology.concentration=2"}); }
TEST(SlimFlySoak, UgalLUnderBitcomp) {
  soak("topologies/slimfly-q5.yaml", "ugal-l", {"topology.concentration=2", "traffic.pattern=bitcomp"});
}
TEST(GraphSoak, MinOverTheExampleFile) {
  soak("topologies/graph-example.yaml", "min",
       {"topology.graph_file=" + test::source_path("topologies/graph-example.txt")});
}
