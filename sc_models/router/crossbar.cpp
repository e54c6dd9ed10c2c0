#include "router/crossbar.h"

#include "router/router.h"

namespace nocsim {

Crossbar::Crossbar(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process)
    : Stage(name, router, st, own_process), links_(router.flit_targets()) {
  bind_evaluate<Crossbar>();
}

void Crossbar::evaluate(Cycle now) {
  sent_ = 0;
  if (st_.st_queued == 0) return;
  // The links of every queued port first (most send): their misses overlap.
  st_.queued_ports.for_each([&](int op) { links_.prefetch(op); });
  st_.queued_ports.for_each([&](int op) {
    const auto& q = st_.out[op].queue;
    if (q.front().ready > now) return;
    links_.send(op, q.front().flit, q.front().flit.vc);
    sent_ |= 1ull << op;
  });
}

}  // namespace nocsim
