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

void WakeWheel::passed(Cycle c) const {
  throw std::logic_error("wake wheel: edge of cycle " + std::to_string(c) + " has passed (now " + std::to_string(next_) +
                         ")");
}

void WakeWheel::run() {
  const Cycle c = static_cast<Cycle>(sc_core::sc_time_stamp().value()) / period_ps_;
  next_ = c + 1;
  Slot& slot = slots_[c & (kSlots - 1)];
  if (!slot.n) return;
  std::swap(due_, slot);  // callbacks may add to this slot for a later lap
  for (uint32_t i = 0; i < due_.n; ++i) {
    const Entry& e = due_.e[i];
    if (e.c == c)
      e.who->on_wheel(c, e.tag, e.bits);
    else
      at(e.c, e.who, e.tag, e.bits);
  }
  due_.n = 0;
}

}  // namespace nocsim
