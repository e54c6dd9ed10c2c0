#include "alloc/vc_allocator.h"

namespace nocsim {

VcAllocator::VcAllocator(int ports, int vcs)
    : P_(ports),
      V_(vcs),
      in_arb_(ports * vcs, RrArbiter(vcs)),
      out_arb_(ports * vcs, RrArbiter(ports * vcs)),
      req_op_(ports * vcs, -1),
      mask_(ports * vcs, std::vector<uint8_t>(vcs, 0)),
      pick_(ports * vcs, -1),
      grant_ovc_(ports * vcs, -1),
      by_ovc_(ports * vcs),
      scratch_(ports * vcs, 0) {}

void VcAllocator::request(int ip, int ivc, int op, const std::vector<uint8_t>& ovc_mask) {
  int i = ip * V_ + ivc;
  req_op_[i] = op;
  mask_[i] = ovc_mask;
}

void VcAllocator::clear_requests() { std::fill(req_op_.begin(), req_op_.end(), -1); }

void VcAllocator::allocate() {
  const int n = P_ * V_;
  for (int o : touched_) by_ovc_[o].clear();
  touched_.clear();
  for (int i = 0; i < n; ++i) {
    grant_ovc_[i] = -1;
    pick_[i] = -1;
    if (req_op_[i] < 0) continue;
    int ovc = in_arb_[i].eval(mask_[i]);
    if (ovc < 0) continue;
    in_arb_[i].tick(ovc);
    int o = req_op_[i] * V_ + ovc;
    pick_[i] = o;
    if (by_ovc_[o].empty()) touched_.push_back(o);
    by_ovc_[o].push_back(i);
  }
  for (int o : touched_) {
    for (int i : by_ovc_[o]) scratch_[i] = 1;
    int winner = out_arb_[o].eval(scratch_);
    for (int i : by_ovc_[o]) scratch_[i] = 0;
    out_arb_[o].tick(winner);
    grant_ovc_[winner] = o % V_;
  }
}

}  // namespace nocsim
