#include "router/crossbar.h"

#include "router/router.h"

namespace nocsim {

Crossbar::Crossbar(sc_core::sc_module_name name, Router& router, RouterState& st, bool own_process)
    : Stage(name, router, st, own_process) {}

void Crossbar::evaluate(Cycle now) {
  sent_.clear();
  if (st_.st_queued == 0) return;
  for (int op = 0; op < st_.p.ports; ++op) {
    const auto& q = st_.out[op].queue;
    if (q.empty() || q.front().ready > now) continue;
    router_.send_flit(op, q.front().flit);
    sent_.push_back(op);
  }
}

void Crossbar::commit(Cycle) {
  for (int op : sent_) st_.out[op].queue.pop_front();
  st_.st_queued -= static_cast<int>(sent_.size());
  sent_.clear();
}

}  // namespace nocsim
