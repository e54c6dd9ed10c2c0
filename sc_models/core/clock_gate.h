#pragma once
// Activity gating for a method process statically sensitive to a rising
// clock edge (`sensitive << clk.pos(); dont_initialize();`): it runs on every
// edge while it has work and sleeps on an event otherwise, so an idle stage,
// router or NIC does no work per cycle. A busy process keeps its static
// sensitivity (no next_trigger() per cycle); a sleeping one waits on its own
// event, and the kernel skips (but still visits) static triggers of a process
// waiting dynamically; see bind_dynamic() for processes that mostly sleep.
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
#include <memory>
#include <systemc>

namespace nocsim {

class ClockGate {
 public:
  // Dynamic mode, for a process that is mostly asleep (a NIC): it has no
  // static sensitivity at all, so the clock edge does not visit it while it
  // sleeps (the kernel visits every statically sensitive process on every
  // edge, asleep or not: a cache miss per process per cycle on a large
  // network); while busy it asks for the next edge every cycle, which costs
  // more per busy cycle. Such a process is created without static sensitivity
  // and without dont_initialize(), and the gate bound to the rising-edge event
  // before simulation starts: its initialization run arms the first edge.
  void bind_dynamic(const sc_core::sc_event& rising_edge) {
    edge_ = &rising_edge;
    asleep_ = true;
  }
  // True when this activation is a rising edge to evaluate on.
  bool edge() {
    if (!asleep_) return true;
    // Woken by ev_ (or, in dynamic mode, initialized): evaluate from the next
    // edge on. Statically sensitive, returning without next_trigger()
    // restores that sensitivity; in dynamic mode the edge is asked for.
    asleep_ = waking_ = false;
    if (edge_) sc_core::next_trigger(*edge_);
    return false;
  }
  void rest(bool has_work) {
    if (has_work) {
      if (edge_) sc_core::next_trigger(*edge_);
      return;
    }
    asleep_ = true;
    sc_core::next_trigger(*ev_);
  }
  bool asleep() const { return asleep_; }
  void wake() {
    if (asleep_ && !waking_) {
      waking_ = true;
      ev_->notify(sc_core::SC_ZERO_TIME);
    }
  }

 private:
  // The flags are read on every activation, the event only on sleep and
  // wake-up: it lives out of line so the owner's hot members stay together.
  bool asleep_ = false, waking_ = false;
  const sc_core::sc_event* edge_ = nullptr;  // dynamic mode
  std::unique_ptr<sc_core::sc_event> ev_ = std::make_unique<sc_core::sc_event>();
};

}  // namespace nocsim
