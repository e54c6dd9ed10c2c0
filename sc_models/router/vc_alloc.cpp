#include "router/vc_alloc.h"

namespace nocsim {

VcAlloc::VcAlloc(sc_core::sc_module_name name, Router& router, RouterState& st, bool own_process)
    : Stage(name, router, st, own_process), alloc_(st.p.ports, st.p.vcs), mask_(st.p.vcs, 0) {}

void VcAlloc::evaluate(Cycle now) {
  grants_.clear();
  requesters_.clear();
  if (st_.n_vcalloc == 0) return;
  const int need = st_.p.vct ? st_.p.packet_size : 1;
  for (int ip = 0; ip < st_.p.ports; ++ip)
    for (int v = 0; v < static_cast<int>(st_.in[ip].size()); ++v) {
      const InputVc& ivc = st_.in[ip][v];
      if (ivc.state != InputVc::State::VcAlloc || ivc.ready > now) continue;
      const OutputPort& op = st_.out[ivc.route.out_port];
      bool any = false;
      const int nv = static_cast<int>(op.vcs.size());
      for (int o = 0; o < st_.p.vcs; ++o) {
        if (o >= nv) {
          mask_[o] = 0;
          continue;
        }
        const OutputVc& ovc = op.vcs[o];
        mask_[o] = o >= ivc.route.vc_lo && o <= ivc.route.vc_hi && !ovc.busy && (op.sink || ovc.credits >= need);
        any |= mask_[o] != 0;
      }
      if (!any) continue;
      alloc_.request(ip, v, ivc.route.out_port, mask_);
      requesters_.push_back(ip * st_.p.vcs + v);
    }
  if (requesters_.empty()) return;
  alloc_.allocate();
  for (int i : requesters_) {
    int ovc = alloc_.grant_ovc()[i];
    if (ovc >= 0) grants_.push_back({i / st_.p.vcs, i % st_.p.vcs, ovc});
  }
  alloc_.clear_requests();
}

void VcAlloc::commit(Cycle now) {
  for (const auto& g : grants_) {
    InputVc& ivc = st_.in[g.ip][g.ivc];
    st_.out[ivc.route.out_port].vcs[g.ovc].busy = true;
    ivc.out_vc = g.ovc;
    ivc.state = InputVc::State::Active;
    --st_.n_vcalloc;
    ++st_.n_active;
    st_.active.push_back(g.ip * st_.p.vcs + g.ivc);
    ivc.ready = now + st_.p.lat_va;
  }
  grants_.clear();
}

}  // namespace nocsim
