#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/packet_times.h"
#include "core/rng.h"

using namespace nocsim;

// Packets delivered in any order: every live packet keeps its own times
// through the ring's growth, and the window closes once all are delivered.
TEST(PacketTimes, KeepsLivePacketsThroughOutOfOrderDelivery) {
  PacketTimes t(3);
  std::vector<uint32_t> live;
  uint32_t next = 0;
  uint64_t state = 12345;
  for (int step = 0; step < 2000; ++step) {
    const bool inject = live.size() < 40 && (live.empty() || splitmix64(state) % 3 != 0);
    if (inject) {
      t.injected(1, next, 1000 + next, 2000 + 3 * next);
      live.push_back(next++);
    } else {
      const size_t k = splitmix64(state) % live.size();
      const uint32_t p = live[k];
      ASSERT_EQ(t.at(1, p).gen, 1000u + p);
      ASSERT_EQ(t.at(1, p).inj, 2000u + 3 * p);
      t.delivered(1, p);
      live.erase(live.begin() + static_cast<long>(k));
    }
    for (uint32_t p : live) ASSERT_EQ(t.at(1, p).gen, 1000u + p) << "step " << step;
    const uint32_t oldest = live.empty() ? next : *std::min_element(live.begin(), live.end());
    ASSERT_EQ(t.window(1), next - oldest);
  }
  EXPECT_GT(next, 500u);
  EXPECT_EQ(t.window(0), 0u);
  EXPECT_EQ(t.window(2), 0u);
}

TEST(PacketTimes, RejectsOutOfOrderInjectionAndUnknownDeliveries) {
  PacketTimes t(1);
  t.injected(0, 0, 5, 6);
  EXPECT_THROW(t.injected(0, 2, 5, 6), InvariantError);
  t.injected(0, 1, 7, 8);
  EXPECT_THROW(t.delivered(0, 2), InvariantError);  // not yet injected
  t.delivered(0, 1);
  EXPECT_THROW(t.delivered(0, 1), InvariantError);  // twice
  EXPECT_EQ(t.window(0), 2u);                       // packet 0 is still in flight
  t.delivered(0, 0);
  EXPECT_EQ(t.window(0), 0u);
  EXPECT_THROW(t.delivered(0, 0), InvariantError);
}
