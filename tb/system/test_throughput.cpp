// 8x8 mesh, DOR, uniform traffic: accepted load follows offered load below
// saturation and saturates between 0.3 and 0.5 flits/(node*cycle) (the
// bisection bound is 0.5). See docs/validation.md for the full curve.
#include <gtest/gtest.h>

#include "harness.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

double accepted(const std::string& file, std::initializer_list<std::string> overrides) {
  Config cfg = test::make_config(file, overrides);
  cfg.set("sim.drain", "0");
  double acc = -1;
  RunHooks hooks;
  hooks.after = [&](Network& net) {
    const NetStats& s = net.stats();
    acc = static_cast<double>(s.window_flits_accepted) /
          (static_cast<double>(net.topology().nodes()) * static_cast<double>(s.window.end - s.window.begin));
  };
  RunResult r = run_simulation(cfg, hooks);
  EXPECT_EQ(r.exit_code, 0) << r.error;
  return acc;
}

}  // namespace

TEST(Throughput, Mesh8x8TracksOfferedAtLowLoad) {
  EXPECT_NEAR(accepted("topologies/mesh-8x8.yaml", {"traffic.load=0.1"}), 0.1, 0.005);
}

TEST(Throughput, Mesh8x8TracksOfferedBelowSaturation) {
  EXPECT_NEAR(accepted("topologies/mesh-8x8.yaml", {"traffic.load=0.25"}), 0.25, 0.0125);
}

TEST(Throughput, Mesh8x8SaturatesBetween03And05) {
  double a = accepted("topologies/mesh-8x8.yaml", {"traffic.load=0.8"});
  EXPECT_GE(a, 0.3);
  EXPECT_LE(a, 0.5);
}

TEST(Throughput, TorusWithDatelineRuns1e5CyclesAtSaturation) {
  double a = accepted("topologies/torus-8x8.yaml", {"traffic.load=0.8", "sim.cycles=100000", "sim.warmup=0"});
  EXPECT_GT(a, 0.1);
}

namespace {

// A line of four routers under bit-complement (0->3, 1->2, 2->1, 3->0) at
// saturation: at router 1 the transit flow 0->3 and node 1's own packets
// contend for the east link, and symmetrically at router 2. Returns the
// injected load of each router.
std::vector<double> line_bitcomp(bool in_transit_priority) {
  std::string out = test::temp_path("line.json");
  auto r = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "topology.k=4", "topology.n=1",
                          "traffic.pattern=bitcomp", "traffic.load=1", "router.switching=vct",
                          "router.buffer_depth=32", "sim.warmup=1000", "sim.cycles=4000", "sim.drain=0",
                          std::string("router.in_transit_priority=") + (in_transit_priority ? "true" : "false"),
                          "--quiet", "-o", out});
  EXPECT_EQ(r.code, 0) << r.err;
  const std::string json = test::slurp(out);
  std::vector<double> v;
  const size_t at = json.find("\"per_router_injection\": [");
  if (at == std::string::npos) return v;
  const char* p = json.c_str() + json.find('[', at) + 1;
  for (char* end = nullptr;; p = end + 1) {
    v.push_back(std::strtod(p, &end));
    if (*end != ',') break;
  }
  return v;
}

}  // namespace

// Round-robin output arbitration shares each contested link; with in-transit
// priority the packets already in the network take it whenever they ask.
TEST(InTransitPriority, TransitFlowsTakeTheContestedLinks) {
  const auto rr = line_bitcomp(false), prio = line_bitcomp(true);
  ASSERT_EQ(rr.size(), 4u);
  ASSERT_EQ(prio.size(), 4u);
  EXPECT_NEAR(rr[0], rr[1], 0.1 * rr[0]);
  EXPECT_NEAR(rr[3], rr[2], 0.1 * rr[3]);
  EXPECT_GT(prio[0], 1.5 * prio[1]);  // transit 0->3 beats node 1 at router 1
  EXPECT_GT(prio[3], 1.5 * prio[2]);
}
