#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "stats/fairness.h"
#include "stats/histogram.h"
#include "core/json_writer.h"
#include "stats/saturation.h"

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

// The bounded latency histogram against the exact nearest-rank percentile of
// the same samples kept in full.
namespace {
uint32_t exact_percentile(std::vector<uint32_t> v, double q) {
  std::sort(v.begin(), v.end());
  const size_t rank = std::max<size_t>(1, static_cast<size_t>(std::ceil(q * v.size())));
  return v[rank - 1];
}
}  // namespace

TEST(LatencyHistogram, ExactBelowTheLogRange) {
  nocsim::LatencyHistogram h;
  std::vector<uint32_t> v;
  std::mt19937 rng(7);
  for (int i = 0; i < 20000; ++i) v.push_back(rng() % 1024);
  for (uint32_t x : v) h.add(x);
  for (double q : {0.0, 0.01, 0.5, 0.9, 0.99, 0.999, 1.0}) EXPECT_EQ(h.percentile(q), exact_percentile(v, q)) << q;
  EXPECT_EQ(h.count(), v.size());
  EXPECT_EQ(h.max(), *std::max_element(v.begin(), v.end()));
  EXPECT_DOUBLE_EQ(h.mean(), std::accumulate(v.begin(), v.end(), 0.0) / v.size());
}

TEST(LatencyHistogram, WithinItsPrecisionAboveAndBoundedInSize) {
  nocsim::LatencyHistogram h;
  std::vector<uint32_t> v;
  std::mt19937 rng(11);
  // Heavy tail up to 2^31: the log range and its top bins.
  for (int i = 0; i < 50000; ++i) v.push_back(static_cast<uint32_t>(rng() >> (rng() % 32)));
  v.push_back(UINT32_MAX);
  for (uint32_t x : v) h.add(x);
  const double tol = 1.0 / (1 << (nocsim::LatencyHistogram::kExactBits - 1));
  for (double q : {0.1, 0.5, 0.9, 0.99, 0.999}) {
    const double want = exact_percentile(v, q), got = h.percentile(q);
    EXPECT_GE(got, want) << q;  // highest value of the bin: never below the true rank
    EXPECT_LE(got, want * (1 + tol) + 1) << q;
  }
  EXPECT_EQ(h.percentile(1.0), UINT32_MAX);
  // Every value maps into a bin whose range holds it, bins in order.
  for (uint32_t x : {1023u, 1024u, 1025u, 2047u, 2048u, 123456789u, UINT32_MAX}) {
    const size_t b = nocsim::LatencyHistogram::bin(x);
    EXPECT_LE(x, nocsim::LatencyHistogram::highest(b)) << x;
    if (b) {
      EXPECT_GT(x, nocsim::LatencyHistogram::highest(b - 1)) << x;
    }
  }
  EXPECT_LE(h.bins(), size_t{1024 + 22 * 512 + 1});
}

// The run's CSV: every scalar outside arrays under its dotted path, values
// with a comma or a quote quoted; arrays and their records left out.
TEST(JsonWriterCsv, FlatScalarsWithDottedKeys) {
  nocsim::JsonWriter j;
  j.open();
  j.str("status", "ok");
  j.boolean("saturated", true);
  j.open("latency");
  j.num("mean", 12.5);
  j.num("p99", uint64_t{40});
  j.close();
  j.num_array("per_router", {1.0, 2.0});
  j.open_array("records");
  j.int_object(nullptr, {{"a", 1}});
  j.open();
  j.num("inside", 1.0);
  j.close();
  j.close_array();
  j.open("config");
  j.str("traffic.phases", "[{cycles: 5, load: \"x\"}]");
  j.close();
  j.close();
  EXPECT_EQ(j.csv(),
            "key,value\nstatus,ok\nsaturated,true\nlatency.mean,12.5\nlatency.p99,40\n"
            "config.traffic.phases,\"[{cycles: 5, load: \"\"x\"\"}]\"\n");
  EXPECT_NE(j.text().find("\"saturated\": true"), std::string::npos);
}

// Saturated: the window delivered less than 97% of what it generated.
TEST(Saturation, BacklogGrowingByMoreThanThreePercent) {
  EXPECT_FALSE(nocsim::saturated(0, 0));
  EXPECT_FALSE(nocsim::saturated(1000, 1000));
  EXPECT_FALSE(nocsim::saturated(1000, 970));
  EXPECT_TRUE(nocsim::saturated(1000, 969));
  EXPECT_FALSE(nocsim::saturated(1000, 1020));  // delivered what earlier cycles queued
}
