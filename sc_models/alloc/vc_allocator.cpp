#include "alloc/vc_allocator.h"

namespace nocsim {

VcAllocator::VcAllocator(int ports, int vcs, ArbiterKind stage2)
    : P_(ports),
      V_(vcs),
      kind_(stage2),
      in_arb_(ports * vcs, RrArbiter(vcs)),
      out_ptr_(stage2 == ArbiterKind::Rr ? ports * vcs : 0, 0),
      grant_ovc_(ports * vcs, -1),
      best_(ports * vcs, -1) {
  // Matrix arbiters over P*V requesters per output VC would keep O((P*V)^2)
  // bits each; the LRS stamps give the same grants (arbiter.h) in O(P*V).
  const ArbiterKind kind = stage2 == ArbiterKind::Matrix ? ArbiterKind::Lrs : stage2;
  if (stage2 != ArbiterKind::Rr) out_arb_.assign(static_cast<size_t>(ports) * vcs, Arbiter(kind, ports * vcs));
  if (stage2 == ArbiterKind::Age) age_.assign(static_cast<size_t>(ports) * vcs, 0);
}

void VcAllocator::request(int ip, int ivc, int op, uint64_t ovc_mask, Cycle age) {
  req_.push_back({ip * V_ + ivc, op, ovc_mask});
  if (kind_ == ArbiterKind::Age) age_[static_cast<size_t>(ip * V_ + ivc)] = age;
}

void VcAllocator::clear_requests() {
  for (const Request& r : req_) grant_ovc_[r.i] = -1;
  req_.clear();
}

void VcAllocator::allocate() {
  if (kind_ == ArbiterKind::Rr)
    allocate_with<true>();
  else
    allocate_with<false>();
}

template <bool kRr>
void VcAllocator::allocate_with() {
  const int n = P_ * V_;
  for (const Request& r : req_) {
    const int ovc = in_arb_[r.i].eval_mask(r.mask);
    if (ovc < 0) continue;
    in_arb_[r.i].tick(ovc);
    const int o = r.op * V_ + ovc;
    int& b = best_[o];
    if (b < 0)
      touched_.push_back(o);
    else if (!prefers<kRr>(o, r.i, b))
      continue;
    b = r.i;
  }
  for (int o : touched_) {
    const int w = best_[o];
    best_[o] = -1;
    if constexpr (kRr)
      out_ptr_[o] = w + 1 == n ? 0 : w + 1;
    else
      out_arb_[o].tick(w);
    grant_ovc_[w] = o % V_;
  }
  touched_.clear();
}

}  // namespace nocsim
