#pragma once
// Activity gating for a method process clocked by a rising edge: it runs on
// every edge while it has work and sleeps on an event otherwise, so an idle
// stage, router or NIC costs nothing per cycle. Sensitivity is dynamic only,
// so a sleeping process is not even visited when the clock ticks.
//
//   void run() {
//     if (!gate_.edge(clk)) return;  // start-up or wake-up activation
//     ...evaluate...
//     gate_.rest(clk, has_work());
//   }
//
// wake() (a delta notification, e.g. from an update phase) or wake_after()
// (a timed one, half a cycle before the edge wanted) resumes the process on
// the next rising edge.
#include <systemc>

namespace nocsim {

class ClockGate {
 public:
  // True when this activation is a rising edge to evaluate on.
  bool edge(const sc_core::sc_in<bool>& clk) {
    if (started_ && !asleep_) return true;
    started_ = true;
    asleep_ = waking_ = false;
    sc_core::next_trigger(clk.posedge_event());
    return false;
  }
  void rest(const sc_core::sc_in<bool>& clk, bool has_work) {
    if (has_work) {
      sc_core::next_trigger(clk.posedge_event());
    } else {
      asleep_ = true;
      sc_core::next_trigger(ev_);
    }
  }
  bool asleep() const { return asleep_; }
  void wake() {
    if (asleep_ && !waking_) {
      waking_ = true;
      ev_.notify(sc_core::SC_ZERO_TIME);
    }
  }
  // sc_event keeps the earliest of several pending notifications.
  void wake_after(const sc_core::sc_time& delay) { ev_.notify(delay); }

 private:
  sc_core::sc_event ev_;
  bool started_ = false, asleep_ = false, waking_ = false;
};

}  // namespace nocsim
