// Link power states and policies (power/link_power.h) on one link pair,
// driven by hand: every timer and state change at the cycle the rules of
// docs/power-model.md ("Link power") put it.
#include <gtest/gtest.h>

#include "core/error.h"
#include "power/link_power.h"

namespace nocsim {
namespace {

const LinkState& st(int i) { return link_states().at(static_cast<size_t>(i)); }

// t_t = 100 cycles, Δt = 1000 (ρ = 10%), low = state 10 (1/12 of state 9).
LinkPowerParams params(LinkPolicy p) { return LinkPowerParams::make(p, 100, 0.1, 1.0, st(10), st(9), 0.15, 0.9); }

using M = LinkPair::Mode;

TEST(LinkStates, TableAsPublishedWithTheLowStateAddedAtATwelfth) {
  ASSERT_EQ(link_states().size(), 11u);
  EXPECT_EQ(st(0).watts(), 0.0);
  EXPECT_DOUBLE_EQ(st(9).watts(), 96 * 82e-3);  // 12 lanes at 10 GHz: 7.87 W per direction
  EXPECT_DOUBLE_EQ(st(10).watts() * 12, st(9).watts());
  EXPECT_EQ(st(10).lanes, 1);
  EXPECT_DOUBLE_EQ(st(1).pj_per_bit, 688);
}

TEST(LinkStates, MalformedRowsNameTheirLine) {
  EXPECT_THROW(parse_link_states("0 0 0 0 0\n2 4 2.5 8 688\n"), ConfigError);  // index out of order
  EXPECT_THROW(parse_link_states("0 0 0 0\n"), ConfigError);                  // a column short
  EXPECT_THROW(parse_link_states("0 0 0 0 0 7\n"), ConfigError);              // one too many
  EXPECT_THROW(parse_link_states("0 0 0 -1 0\n"), ConfigError);
  try {
    parse_link_states("# a comment\n0 0 0 0 0\n1 4 x 8 688\n");
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("line 3"), std::string::npos) << e.what();
  }
  EXPECT_EQ(parse_link_states("# only\n\n0 0 0 0 0 # off\n").size(), 1u);
}

TEST(LinkPowerParams, CyclesFromNanosecondsAndTheBreakEven) {
  const LinkPowerParams p = LinkPowerParams::make(LinkPolicy::HighLow, 10000, 0.05, 2.0, st(10), st(9), 0.15, 0.9);
  EXPECT_EQ(p.t_train, 20000u);     // 10 µs at 2 GHz
  EXPECT_EQ(p.idle, 400000u);       // t_t / ρ
  EXPECT_EQ(p.low_interval, 12);    // 96 / 8 Gbit/s
  EXPECT_EQ(p.break_even, 1818u);   // 20000 / (12 - 1): 1819 flits low take longer than t_t + 1819 high
  EXPECT_EQ(LinkPowerParams::make(LinkPolicy::HighLow, 100, 0.1, 1.0, st(5), st(9), 0.15, 0.9).low_interval, 3);
}

TEST(LinkPair, OnOffTurnsOffAfterTheIdleTimerAndTrainsOnDemand) {
  const LinkPowerParams p = params(LinkPolicy::OnOff);
  LinkPair l(p);
  EXPECT_EQ(l.admit(0, 10, 12, true, 0), 12u);  // high: at once
  l.sent(0, 12);
  l.advance(1011);
  EXPECT_EQ(l.mode(), M::kHigh);  // the timer runs from the last flit, 12 + 1000
  l.advance(1012);
  EXPECT_EQ(l.mode(), M::kOff);
  // A flit for the other direction at 5000 waits t_t.
  EXPECT_EQ(l.admit(1, 5000, 5002, true, 0), 5100u);
  EXPECT_EQ(l.mode(), M::kTraining);
  EXPECT_EQ(l.admit(0, 5001, 5003, false, 0), 5100u);  // the other direction waits for the same training
  EXPECT_THROW(l.sent(1, 5099), InvariantError);        // nothing leaves while it trains
  l.advance(5100);
  EXPECT_EQ(l.mode(), M::kHigh);
  EXPECT_EQ(l.trainings(), 1u);
  EXPECT_EQ(l.held_flits(), 2u);
  EXPECT_EQ(l.held_cycles(), 98u + 97u);
  const auto t = l.time_in_state(6000);
  EXPECT_EQ(t[M::kHigh], 1012u + 900u);
  EXPECT_EQ(t[M::kOff], 5000u - 1012u);
  EXPECT_EQ(t[M::kTraining], 100u);
  EXPECT_EQ(t[M::kLow], 0u);
}

TEST(LinkPair, HighLowPacesTheLowStateAndSwitchesUpPastTheBreakEven) {
  const LinkPowerParams p = params(LinkPolicy::HighLow);  // break-even 100 / 11 = 9 flits
  LinkPair l(p);
  l.advance(1000);
  EXPECT_EQ(l.mode(), M::kLow);
  EXPECT_FALSE(l.wants_queue(1000, false));
  EXPECT_TRUE(l.wants_queue(1000, true));
  // A 9-flit packet goes low, one flit per 12 cycles.
  EXPECT_EQ(l.admit(0, 1000, 1002, true, 9), 1002u);
  EXPECT_EQ(l.admit(0, 1002, 1003, false, 0), 1014u);
  EXPECT_EQ(l.admit(0, 1014, 1015, false, 0), 1026u);
  // The other direction is paced on its own.
  EXPECT_EQ(l.admit(1, 1014, 1016, true, 1), 1016u);
  // A head with 10 flits waiting trains the link once what was admitted has left (1026).
  EXPECT_EQ(l.admit(0, 1026, 1038, true, 10), 1127u);
  EXPECT_EQ(l.mode(), M::kTraining);
  l.advance(1127);
  EXPECT_EQ(l.mode(), M::kHigh);
  EXPECT_EQ(l.admit(0, 1127, 1128, false, 0), 1128u);
  // Low again 1000 cycles after the last flit.
  l.advance(2127);
  EXPECT_EQ(l.mode(), M::kHigh);
  l.advance(2128);
  EXPECT_EQ(l.mode(), M::kLow);
  const auto t = l.time_in_state(2128);
  EXPECT_EQ(t[M::kTraining], 100u);
  EXPECT_EQ(t[M::kLow], 1027u - 1000u);
}

// A link of 2.5 cycles per flit: its low state is 12 times slower still,
// and its break-even backlog shorter by the same 2.5.
TEST(LinkPair, ASlowLinksLowStateAndBreakEvenScaleWithItsPace) {
  const LinkPowerParams p = params(LinkPolicy::HighLow);  // break-even 9 flits at a flit per cycle
  LinkPair l(p, 2500);
  l.advance(1000);
  ASSERT_EQ(l.mode(), M::kLow);
  EXPECT_EQ(l.admit(0, 1000, 1002, true, 3), 1002u);    // 3 flits < 100 / (2.5 * 11) = 3.6: stays low
  EXPECT_EQ(l.admit(0, 1002, 1003, false, 0), 1032u);   // 12 * 2.5 = 30 cycles per flit
  EXPECT_EQ(l.admit(0, 1032, 1033, true, 4), 1133u);    // 4 flits > 3.6: trains once the last flit left
  EXPECT_EQ(l.mode(), M::kTraining);
}

TEST(LinkPair, AFlitOnAnOffLinkIsAnInvariantViolation) {
  const LinkPowerParams p = params(LinkPolicy::OnOff);
  LinkPair l(p);
  EXPECT_NO_THROW(l.sent(0, 999));  // high until 999 + 1000
  EXPECT_THROW(l.sent(0, 5000), InvariantError);
}

// A training that waits for an admitted flit starts after it: the time
// before it belongs to the old state, even when asked for in between.
TEST(LinkPair, ATrainingBehindAdmittedFlitsIsNotCountedAhead) {
  const LinkPowerParams p = params(LinkPolicy::HighLow);
  LinkPair l(p);
  l.advance(1000);                                       // low
  EXPECT_EQ(l.admit(1, 1000, 1010, true, 1), 1010u);     // the other direction sends at 1010
  EXPECT_EQ(l.admit(0, 1001, 1003, true, 50), 1111u);    // trains from 1011 to 1111
  EXPECT_NO_THROW(l.sent(1, 1010));                      // still low then
  const auto t = l.time_in_state(1005);
  EXPECT_EQ(t[M::kHigh] + t[M::kLow] + t[M::kTraining] + t[M::kOff], 1005u);
  EXPECT_EQ(t[M::kLow], 5u);
  EXPECT_EQ(l.time_in_state(1111)[M::kTraining], 100u);
  EXPECT_EQ(l.time_in_state(1111)[M::kLow], 11u);
}

TEST(LinkPair, AwakeMessagesTrainALowOrOffLinkAndKeepAHighOneUp) {
  const LinkPowerParams p = params(LinkPolicy::Awake);
  LinkPair l(p);
  l.wake(500);
  EXPECT_EQ(l.mode(), M::kHigh);
  EXPECT_EQ(l.trainings(), 0u);
  l.advance(1499);
  EXPECT_EQ(l.mode(), M::kHigh);  // the message restarted the idle timer
  l.wake(2600);  // low since 1500
  EXPECT_EQ(l.mode(), M::kTraining);
  EXPECT_EQ(l.admit(0, 2650, 2652, true, 1), 2700u);  // the head arrives mid-training: waits its rest only
  l.wake(2660);
  EXPECT_EQ(l.trainings(), 1u);
}

// Thresholds 0.15 / 0.9 with a low state of 1/12: a load of 10% of the high
// rate would saturate the low state (120% of it), so the link stays high;
// at 5% (60% of the low rate) it goes low and stays there.
TEST(LinkPair, ThresholdGoesLowOnlyWhereTheLoadFitsTheLowState) {
  const LinkPowerParams p = params(LinkPolicy::Threshold);
  for (const Cycle every : {Cycle{10}, Cycle{20}}) {
    LinkPair l(p);
    Cycle next = 0;
    for (Cycle c = 0; c < 10000; c += every) {
      next = l.admit(0, std::max(c, next), std::max(c, next), false, 0);
      l.sent(0, next);
      ++next;
    }
    l.advance(10000);
    EXPECT_EQ(l.mode(), every == 10 ? M::kHigh : M::kLow) << every;
    EXPECT_EQ(l.trainings(), 0u) << every;
  }
}

TEST(LinkPair, ThresholdDecidesAtEachWindowsEnd) {
  const LinkPowerParams p = params(LinkPolicy::Threshold);  // windows of 1000 cycles
  LinkPair l(p);
  for (Cycle c = 0; c < 1000; c += 5) {  // 20% of the window: stays high
    l.admit(0, c, c, false, 0);
    l.sent(0, c);
  }
  l.advance(1000);
  EXPECT_EQ(l.mode(), M::kHigh);
  for (Cycle c = 1000; c < 2000; c += 20) {  // 5% < 15%, and 60% of the low rate: low at 2000
    l.admit(0, c, c, false, 0);
    l.sent(0, c);
  }
  l.advance(2000);
  EXPECT_EQ(l.mode(), M::kLow);
  // Low: 80 flits of a capacity of 1000 / 12 = 83 is 96% > 90%: trains up at 3000.
  Cycle c = 2000;
  for (int k = 0; k < 80; ++k) {
    c = l.admit(0, c, c, false, 0);
    l.sent(0, c);
  }
  EXPECT_LT(c, 3000u);
  l.advance(3000);
  EXPECT_EQ(l.mode(), M::kTraining);
  EXPECT_EQ(l.train_end(), 3100u);
  // The window the training began in ends high and idle: low again at 4000.
  l.advance(3999);
  EXPECT_EQ(l.mode(), M::kHigh);
  l.advance(4000);
  EXPECT_EQ(l.mode(), M::kLow);
  l.advance(1000000);
  EXPECT_EQ(l.mode(), M::kLow);
  EXPECT_EQ(l.time_in_state(1000000)[M::kLow], 1000u + 1000000u - 4000u);
}

}  // namespace
}  // namespace nocsim
