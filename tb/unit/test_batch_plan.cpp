// Batches of cycles: how the network's links set their length and its
// clusters (core/batch_plan.h; docs/architecture.md, "Batches of cycles").
#include <gtest/gtest.h>

#include <vector>

#include "core/batch_plan.h"

namespace nocsim {
namespace {

// Two groups of three routers, 10-cycle links within a group, a 100-cycle
// link between the groups.
std::vector<RouterLink> two_groups(int between) {
  return {{0, 1, 10}, {1, 2, 10}, {2, 0, 10}, {3, 4, 10}, {4, 5, 10}, {5, 3, 10}, {2, 3, between}, {3, 2, between}};
}

TEST(BatchPlan, GroupsJoinedByLongerLinksAreClusters) {
  const BatchPlan p = plan_batches(6, two_groups(100), 128);
  EXPECT_EQ(p.inner, 10);
  EXPECT_EQ(p.outer, 100);
  EXPECT_EQ(p.longest, 100);
  EXPECT_EQ(p.clusters, (std::vector<size_t>{0, 3, 6}));
}

// The cap (sim.batch) bounds the outer batch, and when it is no longer
// than the shortest link, the batches are flat.
TEST(BatchPlan, TheCapBoundsBothLevels) {
  const BatchPlan between = plan_batches(6, two_groups(100), 40);
  EXPECT_EQ(between.inner, 10);
  EXPECT_EQ(between.outer, 40);
  EXPECT_EQ(between.clusters.size(), 3u);
  const BatchPlan below = plan_batches(6, two_groups(100), 8);
  EXPECT_EQ(below.inner, 8);
  EXPECT_EQ(below.outer, 8);
  EXPECT_EQ(below.clusters, (std::vector<size_t>{0, 6}));
}

// Equal links, one-cycle links, a group that is not a range of router
// numbers, or a single group: flat.
TEST(BatchPlan, FlatUnlessTheShortLinksMakeSeveralRanges) {
  const BatchPlan equal = plan_batches(6, two_groups(10), 128);
  EXPECT_EQ(equal.outer, 10);
  EXPECT_EQ(equal.clusters, (std::vector<size_t>{0, 6}));
  std::vector<RouterLink> ones = two_groups(100);
  for (RouterLink& l : ones)
    if (l.latency == 10) l.latency = 1;
  const BatchPlan one = plan_batches(6, ones, 128);
  EXPECT_EQ(one.inner, 1);
  EXPECT_EQ(one.outer, 1);
  // Routers 0, 1 and 5 joined, 2, 3 and 4 joined: not ranges.
  const std::vector<RouterLink> interleaved = {{0, 1, 10}, {1, 5, 10}, {2, 3, 10}, {3, 4, 10}, {5, 2, 100}};
  const BatchPlan mixed = plan_batches(6, interleaved, 128);
  EXPECT_EQ(mixed.outer, 10);
  EXPECT_EQ(mixed.clusters, (std::vector<size_t>{0, 6}));
  const BatchPlan single = plan_batches(3, {{0, 1, 10}, {1, 2, 10}, {2, 0, 100}}, 128);
  EXPECT_EQ(single.outer, 10);
  EXPECT_EQ(single.clusters, (std::vector<size_t>{0, 3}));
  const BatchPlan alone = plan_batches(1, {}, 16);  // a single switch
  EXPECT_EQ(alone.inner, 16);
  EXPECT_EQ(alone.outer, 16);
  EXPECT_EQ(alone.clusters, (std::vector<size_t>{0, 1}));
}

// The outer batch is the shortest link between clusters, not the longest.
TEST(BatchPlan, TheShortestLinkBetweenClustersBoundsTheBatch) {
  std::vector<RouterLink> links = two_groups(100);
  links.push_back({0, 5, 60});
  const BatchPlan p = plan_batches(6, links, 128);
  EXPECT_EQ(p.outer, 60);
  EXPECT_EQ(p.clusters, (std::vector<size_t>{0, 3, 6}));
}

}  // namespace
}  // namespace nocsim
