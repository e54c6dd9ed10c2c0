// HyperX runs (topologies/hyperx-4x4.yaml, 64 nodes): DOR against the cut
// bound, and deadlock-free soaks of every routing (docs/routing-hyperx.md).
#include <gtest/gtest.h>

#include "soak.h"

using namespace nocsim;

namespace {

// Saturation, then a full drain. `min_hops_mean`: the mean hops the run
// must exceed (neighbor's minimal paths have 2: above it, packets detoured).
void hyperx_soak(const std::string& routing, const std::string& pattern, int vcs, double min_hops_mean = 0,
          const std::string& extra = "sim.seed=1") {
  const RunResult r = test::run_soak("topologies/hyperx-4x4.yaml", {"routing.algorithm=" + routing,
                                                                   "router.vcs=" + std::to_string(vcs),
                                                                   "traffic.pattern=" + pattern, extra});
  EXPECT_GT(test::json_number(r.json, "hops_mean"), min_hops_mean) << r.summary;
}

}  // namespace

// Uniform traffic saturates the cut of a dimension at S (N-1)/(N T) (0.496
// with T = 8). The router must not be the limit: a maximum matching and 8
// VCs (with the separable allocator it carries 0.69 of the bound;
// docs/validation.md, "HyperX").
TEST(HyperXBound, DorUniformOnTheCutBound) {
  const double bound = test::expect_on_uniform_bound(
      "topologies/hyperx-4x4.yaml", {"routing.algorithm=dor", "topology.concentration=8", "router.vcs=8",
                                     "router.allocator.sa=max_size", "traffic.load=0.9"});
  EXPECT_NEAR(bound, 4.0 * 127 / (128 * 8), 1e-9);
}

TEST(HyperXSoak, Dor) { hyperx_soak("dor", "uniform", 1); }
TEST(HyperXSoak, ValUnderNeighbor) { hyperx_soak("val", "neighbor", 2, 2.2); }
TEST(HyperXSoak, UgalLUnderNeighbor) { hyperx_soak("ugal-l", "neighbor", 2, 2.2); }
// With the default threshold (8) and 8-flit buffers DAL's test never holds
// (docs/validation.md, "HyperX"); at 0 it deroutes.
TEST(HyperXSoak, DalUnderNeighbor) { hyperx_soak("dal", "neighbor", 4, 2.2, "routing.ugal_threshold=0"); }
TEST(HyperXSoak, DalUniform) { hyperx_soak("dal", "uniform", 4); }

// Utilisation by dimension groups the ports of each dimension's line (S_d -
// 1 of them, not pairs as on a mesh). On a 2 x 4 HyperX with one node per
// router under DOR and uniform load L, a packet crosses dimension d's one
// link exactly when its destination's coordinate d differs: 4 of the 7 other
// nodes for d = 0 (one link per router), 6 of 7 for d = 1 (three links), so
// each dimension-0 link carries L 4/7 and each dimension-1 link L 2/7. A
// HyperX has no directions.
TEST(HyperXReport, UtilisationByDimensionFollowsTheLines) {
  const double load = 0.2;
  const std::string j = test::cli_json({test::source_path("topologies/hyperx-4x4.yaml"), "topology.k=[2,4]",
                                        "topology.concentration=1", "routing.algorithm=dor",
                                        "traffic.load=" + std::to_string(load), "sim.warmup=500", "sim.cycles=10000"});
  const std::vector<double> u = test::json_numbers(j, "link_utilisation_by_dimension");
  ASSERT_EQ(u.size(), 2u) << j;
  EXPECT_NEAR(u[0], load * 4 / 7, 0.05 * load * 4 / 7);
  EXPECT_NEAR(u[1], load * 2 / 7, 0.05 * load * 2 / 7);
  EXPECT_EQ(j.find("link_utilisation_by_direction"), std::string::npos);
}
