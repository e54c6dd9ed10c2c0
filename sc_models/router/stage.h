#pragma once
// Base of the four pipeline-stage modules (RC, VA, SA, ST). Each has a clock
// input. evaluate() reads the router state as registered at the last edge,
// through a const view, and records decisions in the stage; commit() applies
// them through the units' transitions (RouterState) and runs in the update
// phase after every evaluate() of the cycle (see Router). In the per-stage
// mode each stage is its own SC_METHOD on clk.pos(); the router's commit puts
// it to sleep when it has no work left (its static work() predicate, on the
// post-commit state) and wakes it when a commit or pull hands it work; in the
// per-router mode the router's single process calls the evaluate()s of the
// stages with work.
#include <memory>
#include <systemc>

#include "core/clock_gate.h"

#include "core/flit.h"
#include "router/router_state.h"

namespace nocsim {

class Router;

// Cache-line aligned: the fields run() reads (router_ to bit_) fill the end
// of one line and a stage's own hot members start the next.
class alignas(64) Stage : public sc_core::sc_module {
 public:
  Stage(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process);
  virtual void evaluate(Cycle now) = 0;
  virtual void commit(Cycle now, RouterState& st) = 0;
  // From the router's commit (or a falling-edge pull), on the state the next
  // edge will see: resume on the next clock edge / skip edges until woken.
  void wake() { gate_.wake(); }
  void sleep() { gate_.sleep(); }
  // This stage's bit in the router's masks of stages that ran and that sleep.
  void set_bit(uint8_t b) { bit_ = b; }
  // The first line of a derived stage's own members (a prefetch's target).
  const void* own_line() const { return reinterpret_cast<const char*>(this) + sizeof(Stage); }

 private:
  // Read at wake-up and sleep, and at elaboration: first, apart from what
  // every activation reads. The port lives out of line.
  ClockGate gate_;
  std::unique_ptr<sc_core::sc_in<bool>> clk_port_;

 public:
  sc_core::sc_in<bool>& clk;

 private:
  bool own_process_;

 protected:
  // A stage's constructor binds its own evaluate(): run() then calls it
  // directly (a virtual call would also read the object's first line, for
  // the vtable).
  template <class S>
  void bind_evaluate() {
    eval_ = [](Stage& s, Cycle now) { static_cast<S&>(s).S::evaluate(now); };
  }
  Router& router_;
  const RouterState& st_;  // evaluate's view; commit gets the units to change

 private:
  void run();
  void before_end_of_elaboration() override;
  void (*eval_)(Stage&, Cycle) = nullptr;
  uint8_t bit_ = 0;
};

}  // namespace nocsim
