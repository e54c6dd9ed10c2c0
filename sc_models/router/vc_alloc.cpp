#include "router/vc_alloc.h"

namespace nocsim {

VcAlloc::VcAlloc(sc_core::sc_module_name name, Router& router, RouterState& st, bool own_process)
    : Stage(name, router, st, own_process), alloc_(st.p.ports, st.p.vcs), mask_(st.p.vcs, 0) {}

void VcAlloc::evaluate(Cycle now) {
  grants_.clear();
  requesters_.clear();
  if (st_.n_vcalloc == 0) return;
  for (int ip = 0; ip < st_.p.ports; ++ip)
    for (int v = 0; v < static_cast<int>(st_.in[ip].size()); ++v) {
      const InputVc& ivc = st_.in[ip][v];
      if (ivc.state != InputVc::State::VcAlloc || ivc.ready > now) continue;
      // The first candidate with a usable output VC asks for one.
      for (int c = 0; c < ivc.n_cands; ++c) {
        const RouteCandidate& rc = ivc.cands[c];
        if (!usable_mask(rc)) continue;
        alloc_.request(ip, v, rc.out_port, mask_);
        requesters_.push_back({ip * st_.p.vcs + v, c});
        break;
      }
    }
  if (requesters_.empty()) return;
  alloc_.allocate();
  for (const auto& r : requesters_) {
    int ovc = alloc_.grant_ovc()[r.ivc];
    if (ovc >= 0) grants_.push_back({r.ivc / st_.p.vcs, r.ivc % st_.p.vcs, ovc, r.cand});
  }
  alloc_.clear_requests();
}

// Output VCs of the candidate's port that are in its range, free and have the
// credits the switching needs (VCT, or an opportunistic hop: a whole packet).
bool VcAlloc::usable_mask(const RouteCandidate& rc) {
  const OutputPort& op = st_.out[rc.out_port];
  const int need = st_.p.vct || rc.whole_packet ? st_.p.packet_size : 1;
  const int nv = static_cast<int>(op.vcs.size());
  bool any = false;
  for (int o = 0; o < st_.p.vcs; ++o) {
    mask_[o] = o < nv && o >= rc.vc_lo && o <= rc.vc_hi && !op.vcs[o].busy && (op.sink || op.vcs[o].credits >= need);
    any |= mask_[o] != 0;
  }
  return any;
}

void VcAlloc::commit(Cycle now) {
  for (const auto& g : grants_) {
    InputVc& ivc = st_.in[g.ip][g.ivc];
    ivc.route = ivc.cands[g.cand];
    ivc.buf.front().rh = ivc.route.next;
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
