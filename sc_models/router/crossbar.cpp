#include "router/crossbar.h"

#include "router/router.h"

namespace nocsim {

Crossbar::Crossbar(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process)
    : Stage(name, router, st, own_process), links_(router.flit_targets()), sent_(static_cast<size_t>(st.p.ports)) {
  bind_evaluate<Crossbar>();
}

void Crossbar::evaluate(Cycle now) {
  sent_.clear();
  if (st_.st_queued == 0) return;
  // Find the ports that send, then send: their links' misses overlap.
  st_.queued_ports.for_each([&](int op) {
    if (st_.out[op].queue.front().ready > now) return;
    links_.prefetch(op);
    sent_.push(op);
  });
  for (int op : sent_) {
    const Flit& f = st_.out[op].queue.front().flit;
    links_.send(op, f, f.vc);
  }
}

void Crossbar::commit(Cycle now, RouterState& st) {
  for (int op : sent_) st.sent(op, now);
  sent_.clear();
}

}  // namespace nocsim
