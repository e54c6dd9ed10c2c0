#include "alloc/sep_if_allocator.h"

#include <stdexcept>
#include <type_traits>

namespace nocsim {

namespace {
template <class Arb>
Arb make_arbiter(ArbiterKind kind, int n) {
  if constexpr (std::is_same_v<Arb, RrArbiter>)
    return RrArbiter(n);
  else
    return Arb(kind, n);
}
}  // namespace

template <class Arb>
SepIfAllocatorT<Arb>::SepIfAllocatorT(int ports, int vcs, ArbiterKind in, ArbiterKind out, bool in_on_grant)
    : SepIfPorts(ports, vcs),
      port_(ports > 0 ? ports : 0),
      out_req_(ports > 0 ? ports : 0, 0),
      win_age_(Arb::kUsesAge && ports > 0 ? ports : 0, 0),
      req_mask_(ports > 0 ? ports : 0, 0),
      in_kind_(in),
      out_kind_(out),
      in_on_grant_(in_on_grant) {
  for (Port& p : port_) {
    p.in_arb = make_arbiter<Arb>(in, vcs);
    p.out_arb = make_arbiter<Arb>(out, ports);
  }
  if (ports > 64 || vcs > 64) throw std::invalid_argument("SepIfAllocator: at most 64 ports and 64 VCs");
}

template <class Arb>
void SepIfAllocatorT<Arb>::eval() {
  const uint8_t* req = req_ip_ivc.data();
  const int P = P_, V = V_;
  uint64_t inputs = 0;
  for (int ip = 0; ip < P; ++ip) {
    uint64_t m = 0;
    for (int v = 0; v < V; ++v) m |= static_cast<uint64_t>(req[ip * V + v] != 0) << v;
    req_mask_[ip] = m;
    inputs |= static_cast<uint64_t>(m != 0) << ip;
  }
  for (uint64_t m = in_used_; m; m &= m - 1) {  // last eval's grants
    const int ip = __builtin_ctzll(m);
    gnt_ip[ip] = 0;
    gnt_ivc_ip[ip] = 0;
    gnt_op_ip[ip] = 0;
  }
  eval_masks(inputs, req_mask_.data(), req_op_ip_ivc.data());
  for (uint64_t m = out_used_; m; m &= m - 1) {
    const int op = __builtin_ctzll(m);
    const int ip = port_[op].out_win;
    gnt_ip[ip] = 1;
    gnt_ivc_ip[ip] = port_[ip].in_win;
    gnt_op_ip[ip] = op;
  }
}

template <class Arb>
void SepIfAllocatorT<Arb>::eval_masks(uint64_t inputs, const uint64_t* req, const int* op_of, const Cycle* age) {
  // Only the ports that took part last time have state to clear.
  for (uint64_t m = in_used_; m; m &= m - 1) port_[__builtin_ctzll(m)].in_win = -1;
  for (uint64_t m = out_used_; m; m &= m - 1) port_[__builtin_ctzll(m)].out_win = -1;
  uint64_t outs = stage1(inputs, req, op_of, age);
  in_used_ = inputs;
  out_used_ = outs;
  for (; outs; outs &= outs - 1) {
    const int op = __builtin_ctzll(outs);
    Port& o = port_[op];
    o.out_win = static_cast<int8_t>(o.out_arb.eval_mask(out_req_[op], win_age_.data()));
    out_req_[op] = 0;
  }
}

template <class Arb>
uint64_t SepIfAllocatorT<Arb>::stage1(uint64_t inputs, const uint64_t* req, const int* op_of, const Cycle* age) {
  uint64_t outs = 0;  // outputs some stage-1 winner wants
  for (uint64_t m = inputs; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    Port& i = port_[ip];
    const Cycle* a = age ? age + ip * V_ : nullptr;
    i.in_win = static_cast<int8_t>(i.in_arb.eval_mask(req[ip], a));
    if constexpr (Arb::kUsesAge)
      if (a) win_age_[ip] = a[i.in_win];
    i.in_op = static_cast<int8_t>(op_of[ip * V_ + i.in_win]);
    out_req_[i.in_op] |= 1ull << ip;
    outs |= 1ull << i.in_op;
  }
  return outs;
}

template <class Arb>
void SepIfAllocatorT<Arb>::tick() {
  for (uint64_t m = in_used_; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    if (!in_on_grant_ || granted_vc(ip) >= 0) port_[ip].in_arb.tick(port_[ip].in_win);
  }
  for (uint64_t m = out_used_; m; m &= m - 1) {
    const int op = __builtin_ctzll(m);
    port_[op].out_arb.tick(port_[op].out_win);
  }
}

template <class Arb>
void SepIfAllocatorT<Arb>::allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt,
                                    const Cycle* age) {
  if (!inputs) return;
  if (!(inputs & (inputs - 1))) {
    const int ip = __builtin_ctzll(inputs);
    gnt[ip] = grant_lone(ip, req[ip], op_of, age);
    return;
  }
  // The two passes and the edge together: each output arbiter ticks as it
  // grants, each input arbiter past its stage-1 winner (granted or not,
  // unless in_on_grant_).
  uint64_t won = 0;
  for (uint64_t outs = stage1(inputs, req, op_of, age); outs; outs &= outs - 1) {
    const int op = __builtin_ctzll(outs);
    Port& o = port_[op];
    const int w = o.out_arb.eval_mask(out_req_[op], win_age_.data());
    out_req_[op] = 0;
    o.out_arb.tick(w);
    won |= 1ull << w;
  }
  for (uint64_t m = inputs; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    Port& i = port_[ip];
    gnt[ip] = (won >> ip & 1) ? i.in_win : -1;
    if (!in_on_grant_ || gnt[ip] >= 0) i.in_arb.tick(i.in_win);
  }
}

template <class Arb>
void SepIfAllocatorT<Arb>::reset() {
  for (int ip = 0; ip < P_; ++ip) {
    Port& p = port_[ip];
    p.in_arb = make_arbiter<Arb>(in_kind_, V_);
    p.out_arb = make_arbiter<Arb>(out_kind_, P_);
    p.in_win = p.out_win = -1;
    gnt_ip[ip] = 0;
    gnt_ivc_ip[ip] = 0;
    gnt_op_ip[ip] = 0;
  }
  in_used_ = out_used_ = 0;
}

template class SepIfAllocatorT<RrArbiter>;
template class SepIfAllocatorT<Arbiter>;

}  // namespace nocsim
