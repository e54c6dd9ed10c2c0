#pragma once
// Activity gating for a method process clocked by a rising edge, so that an
// idle stage (per-stage mode) or NIC does no work per cycle. Two modes:
// - static (bind_static): the process is statically sensitive to the rising
//   edge (`sensitive << clk.pos(); dont_initialize();`) and sleeps disabled
//   (sc_process_handle::disable): the edge skips it. Its owner calls sleep()
//   and wake() from outside it, in an update phase (the router's commit,
//   which decides on the state the next edge will see) or on a falling edge;
//   it runs on the next edge after wake(), with no wake-up activation. Every
//   activation is an edge; a busy process costs nothing beyond its static
//   trigger.
// - dynamic (bind_dynamic): for a process that mostly sleeps (a NIC); it
//   decides itself, at the end of each activation:
//     void run() {
//       if (!gate_.edge()) return;  // wake-up activation: evaluate from the next edge
//       ...evaluate...
//       gate_.rest(has_work());
//     }
// wake() is never called in the evaluation phase of a rising edge.
#include <memory>
#include <systemc>

namespace nocsim {

class ClockGate {
 public:
  // Dynamic mode, for a process that is mostly asleep (a NIC): it has no
  // static sensitivity at all, so the clock edge does not visit it while it
  // sleeps (the kernel visits every statically sensitive process on every
  // edge, disabled or not); while busy it asks for the next edge every cycle,
  // which costs more per busy cycle. It sleeps on its own event; wake()
  // notifies it for the next delta, whose activation asks for the next edge.
  // Such a process is created without static sensitivity and without
  // dont_initialize(), and the gate bound to the rising-edge event before
  // simulation starts: its initialization run arms the first edge.
  void bind_dynamic(const sc_core::sc_event& rising_edge) {
    edge_ = &rising_edge;
    asleep_ = true;
  }
  // Static mode, for a process statically sensitive to the rising edge; h is
  // its handle (sc_get_last_created_process_handle() after SC_METHOD).
  void bind_static(const sc_core::sc_process_handle& h) { proc_ = h; }
  // Dynamic mode: true when this activation is a rising edge to evaluate on.
  bool edge() {
    if (!asleep_) return true;
    asleep_ = waking_ = false;  // woken by ev_ (or initialized): from the next edge on
    sc_core::next_trigger(*edge_);
    return false;
  }
  // Dynamic mode, at the end of an activation.
  void rest(bool has_work) {
    if (has_work) {
      sc_core::next_trigger(*edge_);
      return;
    }
    asleep_ = true;
    sc_core::next_trigger(*ev_);
  }
  // Static mode: put the process to sleep from outside it (its owner's
  // commit, once the cycle's decisions are applied and it has no work left).
  void sleep() {
    asleep_ = true;
    proc_.disable();
  }
  bool asleep() const { return asleep_; }
  void wake() {
    if (proc_.valid()) {
      if (asleep_) {
        asleep_ = false;
        proc_.enable();
      }
      return;
    }
    if (asleep_ && !waking_) {
      waking_ = true;
      ev_->notify(sc_core::SC_ZERO_TIME);
    }
  }

 private:
  // The flags are read on every activation, the event only on a dynamic
  // sleep and wake-up: it lives out of line so the owner's hot members stay
  // together.
  bool asleep_ = false, waking_ = false;
  const sc_core::sc_event* edge_ = nullptr;  // dynamic mode
  sc_core::sc_process_handle proc_;          // static mode
  std::unique_ptr<sc_core::sc_event> ev_ = std::make_unique<sc_core::sc_event>();
};

}  // namespace nocsim
