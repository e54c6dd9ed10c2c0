#include <gtest/gtest.h>

#include <cmath>

#include "stats/fairness.h"

using nocsim::fairness;

TEST(Fairness, EqualLoadsAreFair) {
  auto f = fairness({0.3, 0.3, 0.3, 0.3});
  EXPECT_DOUBLE_EQ(f.min, 0.3);
  EXPECT_DOUBLE_EQ(f.max_min_ratio, 1.0);
  EXPECT_NEAR(f.cov, 0.0, 1e-12);
  EXPECT_DOUBLE_EQ(f.jain, 1.0);
}

TEST(Fairness, OneRouterTakesAll) {
  auto f = fairness({1.0, 0, 0, 0});
  EXPECT_DOUBLE_EQ(f.min, 0);
  EXPECT_DOUBLE_EQ(f.jain, 0.25);
  EXPECT_NEAR(f.cov, std::sqrt(3.0), 1e-12);
}

TEST(Fairness, KnownSpread) {
  auto f = fairness({1, 2, 3});
  EXPECT_DOUBLE_EQ(f.max_min_ratio, 3.0);
  EXPECT_NEAR(f.cov, std::sqrt(2.0 / 3.0) / 2.0, 1e-12);
  EXPECT_NEAR(f.jain, 36.0 / (3 * 14), 1e-12);
}
