#include "router/crossbar.h"

#include "router/router.h"

namespace nocsim {

Crossbar::Crossbar(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process)
    : Stage(name, router, st, own_process), sent_(static_cast<size_t>(st.p.ports)) {
  bind_evaluate<Crossbar>();
}

void Crossbar::evaluate(Cycle now) {
  sent_.clear();
  if (st_.st_queued == 0) return;
  st_.queued_ports.for_each([&](int op) {
    const auto& q = st_.out[op].queue;
    if (q.front().ready > now) return;
    router_.send_flit(op, q.front().flit);
    sent_.push(op);
  });
}

void Crossbar::commit(Cycle now, RouterState& st) {
  for (int op : sent_) st.sent(op, now);
  sent_.clear();
}

}  // namespace nocsim
