// Dragonfly+ runs (topologies/dragonfly-plus-4.yaml; a 2-2-2-2 network of 5
// groups, 20 nodes, for the soaks): min against the uniform bound,
// deadlock-free soaks at saturation (docs/routing-dragonfly-plus.md), and
// the report's per-dimension figures left to meshes and tori.
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

// Utilisation by dimension is a mesh's, a torus's and a HyperX's
// (tb/system/test_hyperx_sim.cpp), by direction a mesh's and a torus's: the
// other families with a bisection load report neither (a 4-4-4-3
// dragonfly+, whose spines have 7 network ports, once overran the report's
// arrays), and a 4x4 mesh reports 2 dimensions and 4 directions.
TEST(DragonflyPlusReport, UtilisationByDimensionOnlyOnGrids) {
  auto json = [](const std::string& file, std::vector<std::string> keys) {
    keys.insert(keys.begin(), test::source_path("topologies/" + file));
    keys.insert(keys.end(), {"sim.warmup=100", "sim.cycles=200"});
    return test::cli_json(keys);
  };
  const std::pair<std::string, std::vector<std::string>> others[] = {
      {"dragonfly-plus-4.yaml", {"topology.h=3"}}, {"fat-tree-8-3.yaml", {}}};
  for (const auto& [file, keys] : others) {
    const std::string j = json(file, keys);
    EXPECT_NE(j.find("\"offered_load_gamma0\""), std::string::npos) << file << ": a family with a bisection load";
    EXPECT_EQ(j.find("link_utilisation_by"), std::string::npos) << file;
  }
  const std::string mesh = json("mesh-8x8.yaml", {"topology.k=4"});
  EXPECT_EQ(test::json_numbers(mesh, "link_utilisation_by_dimension").size(), 2u);
  EXPECT_EQ(test::json_numbers(mesh, "link_utilisation_by_direction").size(), 4u);
}
