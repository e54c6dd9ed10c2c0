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

// Woken half a cycle before the edge it must act on (see Router::on_send), the
// process only returns to its clock sensitivity.
void Stage::run() {
  if (asleep_) {
    asleep_ = false;
    return;
  }
  try {
    evaluate(router_.now());
  } catch (const std::exception& e) {
    return router_.fail(e);
  }
  router_.request_commit();
  if (router_.idle()) {
    asleep_ = true;
    next_trigger(router_.wake_event());
  }
}

}  // namespace nocsim
