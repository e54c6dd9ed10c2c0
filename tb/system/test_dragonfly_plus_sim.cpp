// Dragonfly+ runs (topologies/dragonfly-plus-4.yaml; a 2-2-2-2 network of 5
// groups, 20 nodes, for the soaks): min against the uniform bound, and
// deadlock-free soaks at saturation (docs/routing-dragonfly-plus.md).
#include <gtest/gtest.h>

#include "soak.h"

using namespace nocsim;

namespace {

void plus_soak(const std::string& routing, const std::string& pattern, const std::string& vcs) {
  test::run_soak("topologies/dragonfly-plus-4.yaml", {"topology.p=2", "topology.leaves=2", "topology.spines=2",
                                                     "topology.h=2", vcs, "routing.algorithm=" + routing,
                                                     "traffic.pattern=" + pattern});
}

}  // namespace

// Uniform traffic's bound is the busiest link of the minimal paths (the
// leaves' up and the spines' down links: 271/272 on the 4-4-4-4 network).
// With a router that is not the limit (maximum matching, 8 VCs) min gets
// within the dragonfly's band; docs/validation.md, "Dragonfly+".
TEST(DragonflyPlusBound, MinUniformOnTheChannelBound) {
  const double bound = test::expect_on_uniform_bound(
      "topologies/dragonfly-plus-4.yaml",
      {"router.vcs=8", "router.allocator.sa=max_size", "traffic.load=0.95", "sim.warmup=1500", "sim.cycles=3000"});
  EXPECT_NEAR(bound, 271.0 / 272, 1e-9);
}

TEST(DragonflyPlusSoak, MinOnOneVc) { plus_soak("min", "uniform", "router.vcs=1"); }
TEST(DragonflyPlusSoak, ValiantUnderAdv) { plus_soak("val", "adv", "router.vcs=2"); }
TEST(DragonflyPlusSoak, UgalLUnderAdv) { plus_soak("ugal-l", "adv", "router.vcs=2"); }
