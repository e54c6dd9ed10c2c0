#pragma once
// Base of the four pipeline-stage modules (RC, VA, SA, ST). Each has a clock
// input. evaluate() reads the router state as registered at the last edge and
// records decisions in the stage; commit() applies them and runs in the update
// phase after every evaluate() of the cycle (see Router). In the per-stage
// mode each stage is its own SC_METHOD on clk.pos(); in the per-router mode the
// router's single process calls evaluate() of all four.
#include <systemc>

#include "core/flit.h"
#include "router/router_state.h"

namespace nocsim {

class Router;

class Stage : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  Stage(sc_core::sc_module_name name, Router& router, RouterState& st, bool own_process);
  virtual void evaluate(Cycle now) = 0;
  virtual void commit(Cycle now) = 0;

 protected:
  Router& router_;
  RouterState& st_;

 private:
  void run();
  bool asleep_ = false;
};

}  // namespace nocsim
