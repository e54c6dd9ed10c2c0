// SlimFly and graph-file runs (docs/routing-graph.md): deadlock-free soaks
// of every routing at saturation (the SlimFly with 2 nodes per router, 100
// nodes: the same 50 routers at half the cost).
#include <gtest/gtest.h>

#include "soak.h"

using namespace nocsim;

namespace {

void graph_soak(const std::string& config, const std::string& routing, std::vector<std::string> extra = {}) {
  extra.push_back("routing.algorithm=" + routing);
  test::run_soak(config, extra);
}

}  // namespace

TEST(SlimFlySoak, Min) { graph_soak("topologies/slimfly-q5.yaml", "min", {"topology.concentration=2"}); }
TEST(SlimFlySoak, Val) { graph_soak("topologies/slimfly-q5.yaml", "val", {"topology.concentration=2"}); }
TEST(SlimFlySoak, UgalLUnderBitcomp) {
  graph_soak("topologies/slimfly-q5.yaml", "ugal-l", {"topology.concentration=2", "traffic.pattern=bitcomp"});
}
TEST(GraphSoak, MinOverTheExampleFile) {
  graph_soak("topologies/graph-example.yaml", "min",
       {"topology.graph_file=" + test::source_path("topologies/graph-example.txt")});
}
