#include "core/wake_wheel.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace nocsim {

WakeWheel::WakeWheel(sc_core::sc_module_name name, Cycle period_ps)
    : sc_module(name), clk("clk"), period_ps_(period_ps), slots_(kSlots) {
  SC_HAS_PROCESS(WakeWheel);
  SC_METHOD(run);
  sensitive << clk.neg();
  dont_initialize();
}

void WakeWheel::grow(Slot& s) {
  s.cap = std::max<uint32_t>(16, 2 * s.cap);
  auto e = std::make_unique<Entry[]>(s.cap);
  std::copy(s.e.get(), s.e.get() + s.n, e.get());
  s.e = std::move(e);
}

void WakeWheel::later(Cycle c, WheelClient* who, int tag, uint32_t arg) {
  if (c < next_)
    throw std::logic_error("wake wheel: edge of cycle " + std::to_string(c) + " has passed (now " +
                           std::to_string(next_) + ")");
  later_.push({c, later_seq_++, {who, tag, arg}});
}

void WakeWheel::run() {
  const Cycle c = static_cast<Cycle>(sc_core::sc_time_stamp().value()) / period_ps_;
  next_ = c + 1;
  // This edge's wake-ups move out; the slot becomes edge c + kSlots's, and
  // takes that edge's earlier asks (a lap or more ahead) before any a call
  // back below makes, so that each edge is served in ask order.
  Slot& slot = slots_[c & (kSlots - 1)];
  std::swap(due_, slot);
  while (!later_.empty() && later_.top().c - next_ < kSlots) {
    const Later l = later_.top();
    later_.pop();
    at(l.c, l.e.who, l.e.tag, l.e.arg);
  }
  for (uint32_t i = 0; i < due_.n; ++i) due_.e[i].who->on_wheel(c, due_.e[i].tag, due_.e[i].arg);
  due_.n = 0;
}

}  // namespace nocsim
