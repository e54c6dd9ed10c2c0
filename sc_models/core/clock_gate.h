#pragma once
// Activity gating for a method process clocked by a rising edge (a stage in
// per-stage mode), so that an idle one does no work per cycle: the process
// is statically sensitive to the rising edge (`sensitive << clk.pos();
// dont_initialize();`) and sleeps disabled (sc_process_handle::disable): the
// edge skips it. Its owner calls sleep() and wake() from outside it, in an
// update phase (the router's commit, which decides on the state the next
// edge will see) or on a falling edge; it runs on the next edge after
// wake(), with no wake-up activation. Every activation is an edge; a busy
// process costs nothing beyond its static trigger. wake() is never called
// in the evaluation phase of a rising edge. (Routers in per-router mode and
// NICs have no process of their own: their clocks keep flags instead,
// router/router_clock.h and nic/nic_clock.h.)
#include <systemc>

namespace nocsim {

class ClockGate {
 public:
  // h: the process's handle (sc_get_last_created_process_handle() after SC_METHOD).
  void bind_static(const sc_core::sc_process_handle& h) { proc_ = h; }
  // Puts the process to sleep from outside it (its owner's commit, once the
  // cycle's decisions are applied and it has no work left).
  void sleep() {
    asleep_ = true;
    proc_.disable();
  }
  bool asleep() const { return asleep_; }
  void wake() {
    if (!asleep_) return;
    asleep_ = false;
    proc_.enable();
  }

 private:
  bool asleep_ = false;
  sc_core::sc_process_handle proc_;
};

}  // namespace nocsim
