#include "router/stage.h"

#include "router/router.h"

namespace nocsim {

Stage::Stage(sc_core::sc_module_name name, Router& router, RouterState& st, bool own_process)
    : sc_module(name), clk("clk"), router_(router), st_(st) {
  if (own_process) {
    SC_HAS_PROCESS(Stage);
    SC_METHOD(run);
    sensitive << clk.pos();
    dont_initialize();
  }
}

// Woken by a commit (a delta after it), the process only returns to its
// clock sensitivity and evaluates on the next edge.
void Stage::run() {
  if (asleep_) {
    asleep_ = waking_ = false;
    return;
  }
  try {
    evaluate(router_.now());
  } catch (const std::exception& e) {
    return router_.fail(e);
  }
  router_.request_commit();
  if (!has_work()) {
    asleep_ = true;
    next_trigger(wake_ev_);
  }
}

}  // namespace nocsim
