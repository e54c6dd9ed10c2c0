#include <gtest/gtest.h>

#include <cstring>

#include "core/flit.h"
#include "link/delay_line.h"
#include "router/flit_fifo.h"

using namespace nocsim;

namespace {

Flit sample(bool measured, bool minimal, bool reply, uint32_t stamp) {
  Flit f;
  f.src = 3;
  f.pseq = 0x89abcdefu;
  f.dst = 9;
  f.rh.inter = 4;
  f.seq = 2;
  f.size = 8;
  f.hops = 6;
  f.vc = 1;
  f.ghops = 2;
  f.measured = measured;
  f.minimal_hop = minimal;
  f.reply = reply;
  f.stamp = stamp;
  return f;
}

void expect_same(const Flit& a, const Flit& b) {
  EXPECT_EQ(a.pkt(), b.pkt());
  EXPECT_EQ(a.dst, b.dst);
  EXPECT_EQ(a.rh.inter, b.rh.inter);
  EXPECT_EQ(a.seq, b.seq);
  EXPECT_EQ(a.hops, b.hops);
  EXPECT_EQ(a.ghops, b.ghops);
  EXPECT_EQ(a.measured, b.measured);
  EXPECT_EQ(a.minimal_hop, b.minimal_hop);
  EXPECT_EQ(a.reply, b.reply);
  EXPECT_EQ(a.stamp, b.stamp);
  // Every other field too: the flit has no padding, so its bytes are its fields.
  EXPECT_EQ(std::memcmp(&a, &b, sizeof(Flit)), 0);
}

}  // namespace

// FlitWord's word arithmetic against setting the bit fields one by one: the
// bit fields' layout is the compiler's, so this pins it.
TEST(FlitWord, MatchesSettingTheBitFields) {
  for (int bits = 0; bits < 8; ++bits)
    for (uint32_t stamp : {0u, 1u, 12345u, Flit::kStampMask}) {
      const Flit src = sample(bits & 1, bits & 2, bits & 4, 99);
      Flit want = src, got;
      want.stamp = stamp;
      FlitWord::copy(got, src, FlitWord::with_stamp(FlitWord::of(src), stamp));
      expect_same(got, want);
      for (bool minimal : {false, true}) {
        want.minimal_hop = minimal;
        FlitWord::copy(got, src, FlitWord::with_minimal(FlitWord::with_stamp(FlitWord::of(src), stamp), minimal));
        expect_same(got, want);
      }
    }
}

TEST(FlitWord, BufferStampsTheArrivalCycle) {
  FlitFifo buf(4);
  const Flit src = sample(true, false, true, 7);
  buf.push(src, (Cycle{1} << 29) + 42);  // the stamp keeps the low 29 bits
  Flit want = src;
  want.stamp = 42;
  expect_same(buf.front(), want);
}

// A credit's delay-line slot packs its arrival cycle with its code: both
// come back whole at the ends of their ranges (the latest cycle a run can
// reach, the widest VC and the minimal bit).
TEST(CreditDelayLine, KeepsCycleAndCodeWhole) {
  DelayLine<Credit> line;
  const Cycle last = 3'000'000'000'000ull + 100'000;  // sim.warmup + sim.cycles + sim.drain at their limits, one link
  line.push(5, Credit::make(0, false));
  line.push(last, Credit::make(0xffff, true));
  EXPECT_EQ(line.size(), 2u);
  EXPECT_EQ(line.back_arrival(), last);
  EXPECT_EQ(line.at(1).vc(), 0xffff);
  EXPECT_TRUE(line.at(1).minimal());
  EXPECT_FALSE(line.ready(4));
  ASSERT_TRUE(line.ready(5));
  EXPECT_EQ(line.front().vc(), 0);
  EXPECT_FALSE(line.front().minimal());
  line.pop();
  EXPECT_FALSE(line.ready(last - 1));
  EXPECT_TRUE(line.ready(last));
  EXPECT_EQ(line.at(0).code, Credit::make(0xffff, true).code);
}
