#include "alloc/vc_allocator.h"

namespace nocsim {

VcAllocator::VcAllocator(int ports, int vcs, ArbiterKind stage2, bool free_pool)
    : P_(ports),
      V_(vcs),
      kind_(stage2),
      pool_(free_pool),
      in_arb_(ports * vcs, RrArbiter(vcs)),
      out_ptr_(stage2 == ArbiterKind::Rr ? ports * vcs : 0, 0),
      grant_ovc_(ports * vcs, -1),
      best_(ports * vcs, -1) {
  // Matrix arbiters over P*V requesters per output VC would keep O((P*V)^2)
  // bits each; the LRS stamps give the same grants (arbiter.h) in O(P*V).
  const ArbiterKind kind = stage2 == ArbiterKind::Matrix ? ArbiterKind::Lrs : stage2;
  if (stage2 != ArbiterKind::Rr) out_arb_.assign(static_cast<size_t>(ports) * vcs, Arbiter(kind, ports * vcs));
  if (stage2 == ArbiterKind::Age) age_.assign(static_cast<size_t>(ports) * vcs, 0);
  if (free_pool) {
    pool_arb_.assign(static_cast<size_t>(ports), RrArbiter(vcs));
    pool_mask_.assign(static_cast<size_t>(ports) * vcs, 0);
  }
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
  const bool rr = kind_ == ArbiterKind::Rr;
  if (pool_)
    rr ? allocate_with<true, true>() : allocate_with<false, true>();
  else
    rr ? allocate_with<true, false>() : allocate_with<false, false>();
}

template <bool kRr, bool kPool>
void VcAllocator::allocate_with() {
  const int n = P_ * V_;
  for (const Request& r : req_) {
    int o;
    if constexpr (kPool) {  // every asker of a port contends at the port
      if (!r.mask) continue;
      pool_mask_[static_cast<size_t>(r.i)] = r.mask;
      o = r.op;
    } else {
      const int ovc = in_arb_[r.i].eval_mask(r.mask);
      if (ovc < 0) continue;
      in_arb_[r.i].tick(ovc);
      o = r.op * V_ + ovc;
    }
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
    if constexpr (kPool) {  // the winner takes the port's next VC in its mask
      RrArbiter& next = pool_arb_[static_cast<size_t>(o)];
      const int ovc = next.eval_mask(pool_mask_[static_cast<size_t>(w)]);
      next.tick(ovc);
      grant_ovc_[w] = ovc;
    } else {
      grant_ovc_[w] = o % V_;
    }
  }
  touched_.clear();
}

}  // namespace nocsim
