// Contention counters' logic at its corners (congestion/contention.h): the
// threshold edge, the counter at zero, the Filtered register's fixed point
// and its lazy catch-up, the ECtN exchange period.
#include <gtest/gtest.h>

#include <cstdlib>

#include "congestion/contention.h"
#include "core/error.h"

using namespace nocsim;

namespace {

ContentionParams params(ContentionVariant v, int threshold, int alpha256 = 128) {
  ContentionParams p;
  p.variant = v;
  p.threshold = threshold;
  p.alpha256 = alpha256;
  return p;
}

}  // namespace

TEST(ContentionBase, OverOnlyAboveTheThreshold) {
  ContentionUnit u(3, params(ContentionVariant::Base, 2));
  u.up(1, 0);
  u.up(1, 0);
  EXPECT_EQ(u.count(1), 2);
  EXPECT_FALSE(u.over(1, 1)) << "equal to the threshold is not above it";
  u.up(1, 1);
  EXPECT_TRUE(u.over(1, 2));
  EXPECT_FALSE(u.over(0, 2)) << "ports count apart";
  u.down(1, 2);
  EXPECT_FALSE(u.over(1, 3));
}

TEST(ContentionBase, ThresholdZeroTriggersOnOnePacket) {
  ContentionUnit u(1, params(ContentionVariant::Base, 0));
  EXPECT_FALSE(u.over(0, 0));
  u.up(0, 0);
  EXPECT_TRUE(u.over(0, 1));
}

TEST(ContentionBase, BelowZeroIsAnInvariantViolation) {
  ContentionUnit u(2, params(ContentionVariant::Base, 6));
  u.up(0, 0);
  u.down(0, 1);
  EXPECT_EQ(u.count(0), 0);
  EXPECT_THROW(u.down(0, 2), InvariantError);
}

// f(t) = (a*f(t-1) + (256-a)*(count << 8)) >> 8, by hand for a = 128 and count 4:
// 0 -> 512 -> 768 -> 896.
TEST(ContentionFiltered, FollowsTheAverageInFixedPoint) {
  ContentionUnit u(1, params(ContentionVariant::Filtered, 2, 128));
  for (int k = 0; k < 4; ++k) u.up(0, 10);
  EXPECT_EQ(u.filtered_q8(0, 10), 0) << "the count moved in cycle 10's commit: visible from 11";
  EXPECT_EQ(u.filtered_q8(0, 11), 512);
  EXPECT_FALSE(u.over(0, 11)) << "2.0 is not above 2";
  EXPECT_EQ(u.filtered_q8(0, 12), 768);
  EXPECT_TRUE(u.over(0, 12));
  EXPECT_EQ(u.filtered_q8(0, 13), 896);
}

TEST(ContentionFiltered, AlphaZeroIsTheCounter) {
  ContentionUnit u(1, params(ContentionVariant::Filtered, 0, 0));
  u.up(0, 5);
  EXPECT_EQ(u.filtered_q8(0, 6), 256);
  u.down(0, 6);
  EXPECT_EQ(u.filtered_q8(0, 7), 0);
}

// Reading every cycle and reading once after a gap give the same register:
// the lazy catch-up is the per-cycle update.
TEST(ContentionFiltered, LazyCatchUpEqualsPerCycleUpdate) {
  for (int alpha : {0, 64, 200, 255}) {
    ContentionUnit every(2, params(ContentionVariant::Filtered, 3, alpha));
    ContentionUnit lazy(2, params(ContentionVariant::Filtered, 3, alpha));
    // Changes at cycles 3 (+5), 40 (-3), 41 (+1), 300 (-3).
    const struct {
      Cycle at;
      int d;
    } changes[] = {{3, 5}, {40, -3}, {41, 1}, {300, -3}};
    size_t next = 0;
    for (Cycle c = 0; c < 600; ++c) {
      every.filtered_q8(1, c);  // a read in every cycle
      for (; next < 4 && changes[next].at == c; ++next)
        for (int k = 0; k < std::abs(changes[next].d); ++k) {
          changes[next].d > 0 ? every.up(1, c) : every.down(1, c);
          changes[next].d > 0 ? lazy.up(1, c) : lazy.down(1, c);
        }
      if (c == 50 || c == 299 || c == 599) {
        EXPECT_EQ(lazy.filtered_q8(1, c), every.filtered_q8(1, c)) << alpha << " " << c;
      }
    }
  }
}

TEST(ContentionFiltered, SettlesWithinOneUnitOfTheCount) {
  ContentionUnit u(1, params(ContentionVariant::Filtered, 6, 240));
  for (int k = 0; k < 7; ++k) u.up(0, 0);
  const int f = u.filtered_q8(0, 100000);
  EXPECT_LE(f, 7 << 8);
  EXPECT_GE(f, (7 << 8) - 256) << "truncation leaves it at most one packet below";
}

TEST(Ectn, CombinedCountsTheGroupAtTheNextExchange) {
  ContentionParams p;
  p.variant = ContentionVariant::Ectn;
  p.ectn_period = 100;
  p.ectn_threshold = 2;
  EctnBoard b(/*routers*/ 8, /*a*/ 4, /*groups*/ 2, p);  // group 0: routers 0-3
  b.up(0, 1, 10);
  b.up(3, 1, 20);
  b.up(5, 0, 20);  // router 5 is in group 1
  EXPECT_EQ(b.combined(1, 1, 99), 0) << "nothing exchanged before cycle 100";
  EXPECT_EQ(b.combined(1, 1, 100), 2) << "routers 0 and 3 of the group";
  EXPECT_EQ(b.combined(2, 0, 100), 0) << "group 0 does not see group 1's partials";
  EXPECT_EQ(b.combined(6, 0, 100), 1);
  b.up(2, 1, 150);
  EXPECT_FALSE(b.over(1, 1, 199));
  EXPECT_TRUE(b.over(1, 1, 200));
  EXPECT_EQ(b.partial(2, 1), 1);
}

TEST(Ectn, AChangeInTheExchangeCycleWaitsForTheNext) {
  ContentionParams p;
  p.ectn_period = 10;
  EctnBoard b(4, 4, 2, p);
  b.up(0, 1, 10);  // committed in cycle 10: after the exchange at 10 sampled
  EXPECT_EQ(b.combined(0, 1, 10), 0);
  EXPECT_EQ(b.combined(0, 1, 19), 0);
  EXPECT_EQ(b.combined(0, 1, 20), 1);
  b.down(0, 1, 25);
  EXPECT_EQ(b.combined(0, 1, 29), 1);
  EXPECT_EQ(b.combined(0, 1, 30), 0);
  EXPECT_THROW(b.down(0, 1, 31), InvariantError);
}

// Exchanged as messages over 10-cycle local links: each exchange's sums are
// read 10 cycles after it, the one before them until then; an exchange that
// found nothing new (two periods without a change) carries the same sums.
TEST(Ectn, MessagesArriveTheLinkLatencyAfterTheExchange) {
  ContentionParams p;
  p.ectn_period = 100;
  p.ectn_delay = 10;
  EctnBoard b(4, 4, 2, p);
  b.up(0, 1, 50);
  EXPECT_EQ(b.combined(1, 1, 99), 0);
  EXPECT_EQ(b.combined(1, 1, 100), 0) << "the exchange at 100 is on its way";
  EXPECT_EQ(b.combined(1, 1, 109), 0);
  EXPECT_EQ(b.combined(1, 1, 110), 1);
  b.down(0, 1, 150);
  EXPECT_EQ(b.combined(1, 1, 205), 1) << "until the exchange at 200 arrives, the one at 100";
  EXPECT_EQ(b.combined(1, 1, 210), 0);
  b.up(2, 1, 220);
  EXPECT_EQ(b.combined(1, 1, 405), 1) << "the exchange at 300 (arrived) carries it; 400's is on its way";
  EXPECT_EQ(b.combined(1, 1, 410), 1);
  ContentionParams slow = p;
  slow.ectn_delay = 100;
  EXPECT_THROW(EctnBoard(4, 4, 2, slow), ConfigError) << "a delay must end before the next exchange";
}

TEST(Ectn, CombinedSaturatesAtFifteen) {
  ContentionParams p;
  p.ectn_period = 1;
  EctnBoard b(4, 2, 2, p);
  for (int k = 0; k < 20; ++k) b.up(k % 2, 1, 0);
  EXPECT_EQ(b.combined(0, 1, 1), 15);
  for (int k = 0; k < 20; ++k) b.down(k % 2, 1, 1);
  EXPECT_EQ(b.combined(1, 1, 2), 0) << "the partials themselves do not saturate";
}
