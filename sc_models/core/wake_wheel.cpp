#include "core/wake_wheel.h"

#include <stdexcept>
#include <string>

namespace nocsim {

WakeWheel::WakeWheel(sc_core::sc_module_name name, Cycle period_ps)
    : sc_module(name), clk("clk"), period_ps_(period_ps), slots_(kSlots) {
  SC_HAS_PROCESS(WakeWheel);
  SC_METHOD(run);
  sensitive << clk.neg();
  dont_initialize();
}

void WakeWheel::at(Cycle c, WheelClient* who, int tag) {
  if (c < next_)
    throw std::logic_error("wake wheel: edge of cycle " + std::to_string(c) + " has passed (now " +
                           std::to_string(next_) + ")");
  slots_[c & (kSlots - 1)].push_back({c, who, tag});
}

void WakeWheel::run() {
  const Cycle c = static_cast<Cycle>(sc_core::sc_time_stamp().value()) / period_ps_;
  next_ = c + 1;
  auto& slot = slots_[c & (kSlots - 1)];
  if (slot.empty()) return;
  due_.swap(slot);  // callbacks may add to this slot for a later lap
  for (const Entry& e : due_) {
    if (e.c == c)
      e.who->on_wheel(c, e.tag);
    else
      slot.push_back(e);
  }
  due_.clear();
}

}  // namespace nocsim
