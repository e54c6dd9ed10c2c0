// k-ary n-tree runs (topologies/fat-tree-8-3.yaml with k = 4: a 64-node
// 4-ary 3-tree, the same three stages at an eighth of the cost): d-mod-k
// against the bound, and deadlock-free soaks (docs/routing-fat-tree.md).
#include <gtest/gtest.h>

#include "soak.h"

using namespace nocsim;

namespace {

void fat_tree_soak(const std::string& routing, const std::string& pattern, const std::string& up = "topology.up=0") {
  test::run_soak("topologies/fat-tree-8-3.yaml",
                 {"topology.k=4", up, "routing.algorithm=" + routing, "traffic.pattern=" + pattern});
}

}  // namespace

// Uniform traffic loads a leaf's up links with (N-1)/(N-k) of a node's
// injection at most, so the injection links (1) bound it. With a router
// that is not the limit (maximum matching, 8 VCs) d-mod-k gets there;
// docs/validation.md, "k-ary n-trees".
TEST(FatTreeBound, DmodkUniformOnTheInjectionBound) {
  const double bound = test::expect_on_uniform_bound(
      "topologies/fat-tree-8-3.yaml",
      {"topology.k=4", "router.vcs=8", "router.allocator.sa=max_size", "traffic.load=0.95", "sim.cycles=3000"});
  EXPECT_NEAR(bound, 63.0 / 60, 1e-9);
}

TEST(FatTreeSoak, Dmodk) { fat_tree_soak("dmodk", "uniform"); }
TEST(FatTreeSoak, SmodkUnderShuffle) { fat_tree_soak("smodk", "shuffle"); }
TEST(FatTreeSoak, AdaptiveUp) { fat_tree_soak("adaptive-up", "uniform"); }
// The 4:2 slimmed tree saturates its top links at 63/4/48 = 0.33: the soak
// runs at three times that.
TEST(FatTreeSoak, SlimmedAdaptiveUp) { fat_tree_soak("adaptive-up", "uniform", "topology.up=2"); }
