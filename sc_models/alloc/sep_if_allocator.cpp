#include "alloc/sep_if_allocator.h"

#include <stdexcept>

namespace nocsim {

SepIfAllocator::SepIfAllocator(int ports, int vcs)
    : SepIfPorts(ports, vcs),
      in_arb_(ports, RrArbiter(vcs)),
      out_arb_(ports, RrArbiter(ports)),
      in_win_(ports, -1),
      out_win_(ports, -1),
      out_req_(ports, 0),
      req_mask_(ports, 0) {
  if (ports > 64 || vcs > 64) throw std::invalid_argument("SepIfAllocator: at most 64 ports and 64 VCs");
}

void SepIfAllocator::eval() {
  const uint8_t* req = req_ip_ivc.data();
  const int P = P_, V = V_;
  uint64_t inputs = 0;
  for (int ip = 0; ip < P; ++ip) {
    uint64_t m = 0;
    for (int v = 0; v < V; ++v) m |= static_cast<uint64_t>(req[ip * V + v] != 0) << v;
    req_mask_[ip] = m;
    inputs |= static_cast<uint64_t>(m != 0) << ip;
  }
  eval_masks(inputs, req_mask_.data(), req_op_ip_ivc.data());
}

void SepIfAllocator::eval_masks(uint64_t inputs, const uint64_t* req, const int* op_of) {
  // Only the ports that took part last time have state to clear.
  for (uint64_t m = in_used_; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    in_win_[ip] = -1;
    gnt_ip[ip] = 0;
    gnt_ivc_ip[ip] = 0;
    gnt_op_ip[ip] = 0;
  }
  for (uint64_t m = out_used_; m; m &= m - 1) out_win_[__builtin_ctzll(m)] = -1;
  uint64_t outs = 0;  // outputs some stage-1 winner wants
  for (uint64_t m = inputs; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    const int w = in_arb_[ip].eval_mask(req[ip]);
    in_win_[ip] = w;
    const int op = op_of[ip * V_ + w];
    out_req_[op] |= 1ull << ip;
    outs |= 1ull << op;
  }
  in_used_ = inputs;
  out_used_ = outs;
  for (; outs; outs &= outs - 1) {
    const int op = __builtin_ctzll(outs);
    const int ip = out_arb_[op].eval_mask(out_req_[op]);
    out_req_[op] = 0;
    out_win_[op] = ip;
    gnt_ip[ip] = 1;
    gnt_ivc_ip[ip] = in_win_[ip];
    gnt_op_ip[ip] = op;
  }
}

void SepIfAllocator::tick() {
  for (uint64_t m = in_used_; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    in_arb_[ip].tick(in_win_[ip]);
  }
  for (uint64_t m = out_used_; m; m &= m - 1) {
    const int op = __builtin_ctzll(m);
    out_arb_[op].tick(out_win_[op]);
  }
}

void SepIfAllocator::reset() {
  for (auto& a : in_arb_) a.reset();
  for (auto& a : out_arb_) a.reset();
  for (int ip = 0; ip < P_; ++ip) {
    in_win_[ip] = out_win_[ip] = -1;
    gnt_ip[ip] = 0;
    gnt_ivc_ip[ip] = 0;
    gnt_op_ip[ip] = 0;
  }
  in_used_ = out_used_ = 0;
}

}  // namespace nocsim
