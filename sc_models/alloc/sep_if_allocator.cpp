#include "alloc/sep_if_allocator.h"

#include <algorithm>
#include <stdexcept>

namespace nocsim {

SepIfAllocator::SepIfAllocator(int ports, int vcs)
    : SepIfPorts(ports, vcs),
      in_arb_(ports, RrArbiter(vcs)),
      out_arb_(ports, RrArbiter(ports)),
      in_win_(ports, -1),
      out_win_(ports, -1),
      out_req_(ports, 0) {
  if (ports > 64 || vcs > 64) throw std::invalid_argument("SepIfAllocator: at most 64 ports and 64 VCs");
}

void SepIfAllocator::eval() {
  uint64_t outs = 0;  // outputs some stage-1 winner wants
  // Locals: uint8_t vectors alias everything, which would make the compiler
  // reload every member in the loops.
  const uint8_t* req = req_ip_ivc.data();
  const int P = P_, V = V_;
  for (int ip = 0; ip < P; ++ip) {
    uint64_t m = 0;
    for (int v = 0; v < V; ++v) m |= static_cast<uint64_t>(req[ip * V + v] != 0) << v;
    const int w = in_arb_[ip].eval_mask(m);
    in_win_[ip] = w;
    gnt_ip[ip] = 0;
    gnt_ivc_ip[ip] = 0;
    gnt_op_ip[ip] = 0;
    if (w >= 0) {
      const int op = req_op_ip_ivc[ip * V + w];
      out_req_[op] |= 1ull << ip;
      outs |= 1ull << op;
    }
  }
  std::fill(out_win_.begin(), out_win_.end(), -1);
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
