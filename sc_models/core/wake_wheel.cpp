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

uint32_t WakeWheel::later(Cycle c, WheelClient* who, int tag, uint64_t bits) {
  if (c < next_)
    throw std::logic_error("wake wheel: edge of cycle " + std::to_string(c) + " has passed (now " +
                           std::to_string(next_) + ")");
  later_.push_back({c, {who, bits, tag}});
  return kLater;
}

void WakeWheel::run() {
  const Cycle c = static_cast<Cycle>(sc_core::sc_time_stamp().value()) / period_ps_;
  next_ = c + 1;
  Slot& slot = slots_[c & (kSlots - 1)];
  if (slot.n) {
    std::swap(due_, slot);  // callbacks may ask for this slot's next lap
    for (uint32_t i = 0; i < due_.n; ++i) due_.e[i].who->on_wheel(c, due_.e[i].tag, due_.e[i].bits);
    due_.n = 0;
  }
  // Served, this slot is the edge c + kSlots's: its later wake-ups move in.
  for (size_t i = 0; i < later_.size();) {
    if (later_[i].c - next_ >= kSlots) {
      ++i;
      continue;
    }
    const Later l = later_[i];
    later_[i] = later_.back();
    later_.pop_back();
    at(l.c, l.e.who, l.e.tag, l.e.bits);
  }
}

}  // namespace nocsim
