#pragma once
// Activity gating for a method process statically sensitive to a rising
// clock edge (`sensitive << clk.pos(); dont_initialize();`): it runs on every
// edge while it has work and sleeps on an event otherwise, so an idle stage,
// router or NIC costs nothing per cycle. A busy process keeps its static
// sensitivity (no next_trigger() per cycle); a sleeping one waits on its own
// event, and the kernel skips static triggers of a process waiting
// dynamically.
//
//   void run() {
//     if (!gate_.edge()) return;  // wake-up activation: evaluate from the next edge
//     ...evaluate...
//     gate_.rest(has_work());
//   }
//
// wake() (a delta notification, e.g. from an update phase or from the
// WakeWheel on the falling edge before the edge wanted) resumes the process on
// the next rising edge.
#include <systemc>

namespace nocsim {

class ClockGate {
 public:
  // True when this activation is a rising edge to evaluate on.
  bool edge() {
    if (!asleep_) return true;
    // Woken by ev_: returning without next_trigger() restores the static
    // sensitivity, so the process evaluates from the next edge on.
    asleep_ = waking_ = false;
    return false;
  }
  void rest(bool has_work) {
    if (has_work) return;
    asleep_ = true;
    sc_core::next_trigger(ev_);
  }
  bool asleep() const { return asleep_; }
  void wake() {
    if (asleep_ && !waking_) {
      waking_ = true;
      ev_.notify(sc_core::SC_ZERO_TIME);
    }
  }

 private:
  sc_core::sc_event ev_;
  bool asleep_ = false, waking_ = false;
};

// The same for a process that is mostly asleep (a NIC): no static
// sensitivity at all, so the clock edge does not visit it while it sleeps (a
// statically sensitive process is visited on every edge, asleep or not: a
// cache miss per process per cycle on a large network). While busy it asks for
// the next edge every cycle (next_trigger), which costs more per busy cycle.
// The process is created without dont_initialize(): its initialization run
// arms the first edge. bind() the rising-edge event before that.
class EdgeGate {
 public:
  void bind(const sc_core::sc_event& edge) { edge_ = &edge; }
  bool edge() {
    if (on_edge_) return true;
    // Initialization or a wake-up: evaluate from the next edge.
    on_edge_ = true;
    waking_ = false;
    sc_core::next_trigger(*edge_);
    return false;
  }
  void rest(bool has_work) {
    if (has_work) {
      sc_core::next_trigger(*edge_);
      return;
    }
    on_edge_ = false;
    sc_core::next_trigger(ev_);
  }
  bool asleep() const { return !on_edge_; }
  void wake() {
    if (!on_edge_ && !waking_) {
      waking_ = true;
      ev_.notify(sc_core::SC_ZERO_TIME);
    }
  }

 private:
  const sc_core::sc_event* edge_ = nullptr;
  sc_core::sc_event ev_;
  bool on_edge_ = false, waking_ = false;
};

}  // namespace nocsim
