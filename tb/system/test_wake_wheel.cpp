// WakeWheel on a real clock (one elaboration per test process, as every
// test of this binary): every wake-up is called back on the falling edge it
// asked for, with its tag and bits, in ask order, also
// when one was asked a lap or more ahead (kSlots edges) and another from a
// call back on the edge a lap before; an edge that has passed is refused.
#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <systemc>
#include <vector>

#include "core/wake_wheel.h"

namespace nocsim {
namespace {

struct Call {
  Cycle c;
  int tag;
  uint32_t arg;
  uint64_t ps;  // simulation time of the call back
};

struct Recorder : WheelClient {
  std::vector<Call> calls;
  std::function<void(Cycle, int)> then;  // asks more from inside a call back
  void on_wheel(Cycle c, int tag, uint32_t arg) override {
    calls.push_back({c, tag, arg, static_cast<uint64_t>(sc_core::sc_time_stamp().value())});
    if (then) then(c, tag);
  }
};

TEST(WakeWheel, CallsBackOnTheAskedFallingEdgesInAskOrder) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  WakeWheel wheel("wheel", 1000);
  wheel.clk(clk);
  Recorder r;
  const Cycle lap = WakeWheel::kSlots;
  wheel.at(3, &r, 1, 0xfffffffeu);  // every bit of the argument comes back
  wheel.at(3, &r, 2, 0b010);
  wheel.at(lap + 44, &r, 7, 5);  // a lap or more ahead: waits for its lap
  wheel.at(lap + 3, &r, 6, 9);   // before the call back's ask below
  wheel.at(3 * lap + 1, &r, 8, 6);
  wheel.at(lap - 1, &r, 9, 0);
  r.then = [&](Cycle c, int tag) {
    if (tag != 2) return;
    wheel.at(c + lap, &r, 3, 0);  // this slot's next lap, asked while it is served
    wheel.at(c + 1, &r, 4, 3);
  };
  sc_core::sc_start(static_cast<double>(4 * lap), sc_core::SC_NS);
  const std::vector<std::vector<uint64_t>> want = {
      {3, 1, 0xfffffffeu}, {3, 2, 0b010},   {4, 4, 3},         {lap - 1, 9, 0},
      {lap + 3, 6, 9}, {lap + 3, 3, 0}, {lap + 44, 7, 5}, {3 * lap + 1, 8, 6}};
  ASSERT_EQ(r.calls.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(r.calls[i].c, want[i][0]);
    EXPECT_EQ(r.calls[i].tag, static_cast<int>(want[i][1]));
    EXPECT_EQ(r.calls[i].arg, want[i][2]);
    EXPECT_EQ(r.calls[i].ps, r.calls[i].c * 1000 + 500);  // the falling edge of cycle c
  }
}

TEST(WakeWheel, RefusesAnEdgeThatHasPassed) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  WakeWheel wheel("wheel", 1000);
  wheel.clk(clk);
  Recorder r;
  sc_core::sc_start(10, sc_core::SC_NS);
  EXPECT_THROW(wheel.at(5, &r), std::logic_error);
  EXPECT_NO_THROW(wheel.at(20, &r));
}

}  // namespace
}  // namespace nocsim
