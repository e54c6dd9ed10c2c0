#pragma once
// A timing wheel of wake-ups on falling clock edges. Routers pull link
// arrivals, and NICs wake for their next packet, at the falling edge before
// the cycle they need; with thousands of such deadlines pending (long
// dragonfly links, a NIC per node) a timed sc_event each costs a heap
// operation in the kernel. The wheel is one process on the falling edge that
// calls back every client due on that edge, in the order they asked.
// Routers ask once per link and arrival cycle, NICs once per sleep.
#include <systemc>
#include <vector>

#include "core/flit.h"

namespace nocsim {

class WheelClient {
 public:
  virtual ~WheelClient() = default;
  // The falling edge of cycle c, which this client asked for with `tag`.
  virtual void on_wheel(Cycle c, int tag) = 0;
};

class WakeWheel : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  WakeWheel(sc_core::sc_module_name name, Cycle period_ps);
  // Calls who->on_wheel(c, tag) on the falling edge of cycle c, which must
  // not have passed yet.
  void at(Cycle c, WheelClient* who, int tag = 0);

 private:
  struct Entry {
    Cycle c;
    WheelClient* who;
    int tag;
  };
  static constexpr Cycle kSlots = 256;  // a power of two; later laps wait in their slot
  void run();
  Cycle period_ps_;
  Cycle next_ = 0;  // first falling edge not yet served
  std::vector<std::vector<Entry>> slots_;
  std::vector<Entry> due_;
};

}  // namespace nocsim
