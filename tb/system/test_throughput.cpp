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
