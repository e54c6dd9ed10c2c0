#include "alloc/vc_allocator.h"

namespace nocsim {

VcAllocator::VcAllocator(int ports, int vcs)
    : P_(ports),
      V_(vcs),
      in_arb_(ports * vcs, RrArbiter(vcs)),
      out_ptr_(ports * vcs, 0),
      grant_ovc_(ports * vcs, -1),
      best_(ports * vcs, -1) {}

void VcAllocator::request(int ip, int ivc, int op, uint64_t ovc_mask) {
  req_.push_back({ip * V_ + ivc, op, ovc_mask});
}

void VcAllocator::clear_requests() {
  for (const Request& r : req_) grant_ovc_[r.i] = -1;
  req_.clear();
}

void VcAllocator::allocate() {
  const int n = P_ * V_;
  // Stage-2 priority of input VC i at an output VC whose pointer is p.
  auto rank = [n](int i, int p) { return i >= p ? i - p : i - p + n; };
  for (const Request& r : req_) {
    const int ovc = in_arb_[r.i].eval_mask(r.mask);
    if (ovc < 0) continue;
    in_arb_[r.i].tick(ovc);
    const int o = r.op * V_ + ovc;
    int& b = best_[o];
    if (b < 0)
      touched_.push_back(o);
    else if (rank(b, out_ptr_[o]) < rank(r.i, out_ptr_[o]))
      continue;
    b = r.i;
  }
  for (int o : touched_) {
    const int w = best_[o];
    best_[o] = -1;
    out_ptr_[o] = w + 1 == n ? 0 : w + 1;
    grant_ovc_[w] = o % V_;
  }
  touched_.clear();
}

}  // namespace nocsim
