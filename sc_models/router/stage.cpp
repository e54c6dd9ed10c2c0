#include "router/stage.h"

#include "router/router.h"

namespace nocsim {

Stage::Stage(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process)
    : sc_module(name),
      clk_port_(std::make_unique<sc_core::sc_in<bool>>("clk")),
      clk(*clk_port_),
      own_process_(own_process),
      router_(router),
      st_(st) {}

// Processes are made once every module is built, so that the kernel's
// process objects lie together instead of between the routers' state: the
// clock edge visits every one of them each cycle.
void Stage::before_end_of_elaboration() {
  if (!own_process_) return;
  SC_HAS_PROCESS(Stage);
  SC_METHOD(run);
  sensitive << clk.pos();
  dont_initialize();
  gate_.bind_static(sc_core::sc_get_last_created_process_handle());
}

// Runs only while enabled (the router's commit disables a stage with no work
// left and enables it when work arrives), so every activation is an edge.
void Stage::run() {
  try {
    eval_(*this, router_.now());
  } catch (const std::exception& e) {
    return router_.fail(e);
  }
  router_.stage_ran(bit_);
}

}  // namespace nocsim
