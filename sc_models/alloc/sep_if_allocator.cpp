#include "alloc/sep_if_allocator.h"

namespace nocsim {

SepIfAllocator::SepIfAllocator(int ports, int vcs)
    : req_ip_ivc(ports * vcs, 0),
      req_op_ip_ivc(ports * vcs, 0),
      gnt_ip(ports, 0),
      gnt_ivc_ip(ports, 0),
      gnt_op_ip(ports, 0),
      P_(ports),
      V_(vcs),
      in_arb_(ports, RrArbiter(vcs)),
      out_arb_(ports, RrArbiter(ports)),
      in_win_(ports, -1),
      out_win_(ports, -1),
      scratch_v_(vcs, 0),
      scratch_p_(ports, 0) {}

void SepIfAllocator::clear_requests() {
  std::fill(req_ip_ivc.begin(), req_ip_ivc.end(), 0);
}

void SepIfAllocator::eval() {
  for (int ip = 0; ip < P_; ++ip) {
    for (int v = 0; v < V_; ++v) scratch_v_[v] = req_ip_ivc[ip * V_ + v];
    in_win_[ip] = in_arb_[ip].eval(scratch_v_);
    gnt_ip[ip] = 0;
    gnt_ivc_ip[ip] = 0;
    gnt_op_ip[ip] = 0;
  }
  for (int op = 0; op < P_; ++op) {
    for (int ip = 0; ip < P_; ++ip)
      scratch_p_[ip] = in_win_[ip] >= 0 && req_op_ip_ivc[ip * V_ + in_win_[ip]] == op;
    int ip = out_arb_[op].eval(scratch_p_);
    out_win_[op] = ip;
    if (ip >= 0) {
      gnt_ip[ip] = 1;
      gnt_ivc_ip[ip] = in_win_[ip];
      gnt_op_ip[ip] = op;
    }
  }
}

void SepIfAllocator::tick() {
  for (int ip = 0; ip < P_; ++ip) in_arb_[ip].tick(in_win_[ip]);
  for (int op = 0; op < P_; ++op) out_arb_[op].tick(out_win_[op]);
}

void SepIfAllocator::reset() {
  for (auto& a : in_arb_) a.reset();
  for (auto& a : out_arb_) a.reset();
  std::fill(in_win_.begin(), in_win_.end(), -1);
  std::fill(out_win_.begin(), out_win_.end(), -1);
}

}  // namespace nocsim
