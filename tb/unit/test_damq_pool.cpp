// DamqPool (router/damq_pool.h): the input pool's and the downstream shared
// part's counts, and the room an output VC has left.
#include <gtest/gtest.h>

#include "router/damq_pool.h"

using nocsim::DamqPool;

namespace {

// Port 0: 2 VCs, reserve 4, shared 8 (a VC holds at most 12 flits);
// port 1: static (nothing shared).
DamqPool pool() { return DamqPool({2, 2}, {12, 6}, {4, 6}, {8, 0}); }

}  // namespace

TEST(DamqPool, InputPoolHoldsReservesPlusShared) {
  DamqPool d = pool();
  for (int i = 0; i < 16; ++i) EXPECT_TRUE(d.arrived(0)) << i;  // 2 x 4 + 8
  EXPECT_EQ(d.held(0), 16);
  EXPECT_FALSE(d.arrived(0));  // the 17th overflows
  d.left(0);
  d.left(0);
  EXPECT_EQ(d.held(0), 15);
  for (int i = 0; i < 100; ++i) EXPECT_TRUE(d.arrived(1));  // a static port is not counted
  EXPECT_EQ(d.held(1), 0);
}

TEST(DamqPool, DownstreamSharedPartFillsPastTheReserve) {
  DamqPool d = pool();
  // VC a of port 0 sends 12 flits from 12 credits: 4 in its reserve, 8 shared.
  int credits = 12;
  for (int i = 0; i < 12; ++i) {
    EXPECT_EQ(d.lands_shared(0, credits, 0), i >= 4) << i;
    EXPECT_TRUE(d.sent(0, credits--)) << i;
  }
  EXPECT_EQ(d.shared_used(0), 8);
  // The other VC of the port still has its reserve and no shared room.
  EXPECT_EQ(d.room(0, 12, 0, 0), 4);
  EXPECT_EQ(d.room(0, 12, 1, 0), 3);  // one flit granted this cycle
  // VC a has no credits and no room; its credits come back shared part first.
  EXPECT_EQ(d.room(0, 0, 0, 0), 0);
  for (int i = 0; i < 12; ++i) EXPECT_TRUE(d.freed(0, credits++)) << i;
  EXPECT_EQ(d.shared_used(0), 0);
  EXPECT_EQ(d.room(0, 12, 0, 0), 12);
  EXPECT_EQ(d.room(0, 12, 0, 3), 9);  // three shared flits granted this cycle
}

TEST(DamqPool, SharedCountsReportOverflowAndUnderflow) {
  DamqPool d = pool();
  // Two VCs each past their reserve: 8 shared flits, then one more.
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(d.sent(0, 8 - i));  // VC a: occupancy 4..7 -> shared
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(d.sent(0, 8 - i));  // VC b likewise
  EXPECT_EQ(d.shared_used(0), 8);
  EXPECT_FALSE(d.sent(0, 4));  // a ninth shared flit
  DamqPool e = pool();
  EXPECT_FALSE(e.freed(0, 2));  // a credit back for a shared flit never sent
}
