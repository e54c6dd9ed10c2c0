#include "router/link_gate.h"

#include <algorithm>

#include "parallel/outbox.h"
#include "router/router.h"

namespace nocsim {

void LinkGate::front(RouterState& st, int o, Cycle now) {
  LinkPair* l = pair_[static_cast<size_t>(o)];
  LinkPacer& pace = pace_[static_cast<size_t>(o)];
  if (!l && !pace.slow()) return;
  StFlit& f = st.out[o].queue.front();
  const Cycle want = std::max(f.ready, now + 1);
  // The pacer takes the flit's own ready cycle: one that waited behind the
  // previous flit starts where that one ended, fraction included.
  Cycle go = pace.slow() ? std::max(pace.earliest(f.ready), now + 1) : want;
  if (l) {
    const bool head = f.flit.head();
    const Cycle queued = l->wants_queue(now, head) ? waiting(st, o) : 0;
    go = l->admit(dir_[static_cast<size_t>(o)], now, go, head, queued);
  }
  if (pace.slow()) pace.book(f.ready, go);
  f.ready = go;
  // Park only what the link holds back: the pipeline's own wait is short.
  if (f.ready == want || !wheel_) return;
  st.parked |= 1ull << o;
  ask_wheel(*wheel_, f.ready - 1, this, o);  // a commit may run on a worker thread
}

void LinkGate::on_wheel(Cycle, int port, uint32_t) { router_->unpark(port); }

Cycle LinkGate::waiting(const RouterState& st, int o) {
  const Flit& front = st.out[o].queue.front().flit;
  Cycle n = front.size;
  for (int i : st.active) {
    const InputVc& v = st.in[static_cast<size_t>(i)];
    if (v.route.out_port != o || v.buf.empty() || v.buf.front().pkt() == front.pkt()) continue;
    n += v.buf.front().head() ? v.buf.front().size : v.buf.size();
  }
  return n;
}

}  // namespace nocsim
