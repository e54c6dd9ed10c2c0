#include "alloc/port_matchers.h"

namespace nocsim {
namespace {

constexpr uint64_t bit(int i) { return 1ull << i; }

}  // namespace

// Every algorithm works on all P ports as rows, want[] zero for the inputs
// not asking (the caller leaves those entries undefined).
const uint64_t* PortMatcher::rows(uint64_t inputs, const uint64_t* want) {
  const int P = static_cast<int>(want_of_.size());
  for (int ip = 0; ip < P; ++ip) want_of_[static_cast<size_t>(ip)] = inputs >> ip & 1 ? want[ip] : 0;
  return want_of_.data();
}

SepOfMatcher::SepOfMatcher(int ports, ArbiterKind in, ArbiterKind out)
    : PortMatcher(ports), out_arb_(static_cast<size_t>(ports), Arbiter(out, ports)),
      in_arb_(static_cast<size_t>(ports), Arbiter(in, ports)) {}

void SepOfMatcher::match(uint64_t inputs, const uint64_t* want, int* match) {
  matching::output_first(P_, P_, rows(inputs, want), 1, *this, match, offers_.data());
}

IslipMatcher::IslipMatcher(int ports, int iterations)
    : PortMatcher(ports), iterations_(iterations), grant_(static_cast<size_t>(ports), RrArbiter(ports)),
      accept_(static_cast<size_t>(ports), RrArbiter(ports)) {}

void IslipMatcher::match(uint64_t inputs, const uint64_t* want, int* match) {
  matching::output_first(P_, P_, rows(inputs, want), iterations_, *this, match, offers_.data());
}

WavefrontMatcher::WavefrontMatcher(int ports) : PortMatcher(ports), id_(static_cast<size_t>(ports)) {
  for (int ip = 0; ip < ports; ++ip) id_[static_cast<size_t>(ip)] = ip;
}

void WavefrontMatcher::match(uint64_t inputs, const uint64_t* want, int* match) {
  matching::wavefront(P_, id_.data(), rows(inputs, want), P_, 0, P_, top_, match);
  top_ = (top_ + 1) % P_;
}

MaxSizeMatcher::MaxSizeMatcher(int ports)
    : PortMatcher(ports), next_out_(static_cast<size_t>(ports), 0), order_(static_cast<size_t>(ports)) {}

void MaxSizeMatcher::match(uint64_t inputs, const uint64_t* want, int* match) {
  for (int k = 0; k < P_; ++k) order_[static_cast<size_t>(k)] = (first_in_ + k) % P_;
  kuhn_.match(P_, P_, order_.data(), rows(inputs, want), next_out_.data(), match);
  for (int ip = 0; ip < P_; ++ip)
    if (match[ip] >= 0) next_out_[static_cast<size_t>(ip)] = (match[ip] + 1) % P_;
  first_in_ = (first_in_ + 1) % P_;
}

PortMatchAllocator::PortMatchAllocator(int ports, int vcs, std::unique_ptr<PortMatcher> m)
    : V_(vcs), m_(std::move(m)), want_(static_cast<size_t>(ports), 0),
      match_(static_cast<size_t>(ports), -1), vc_arb_(static_cast<size_t>(ports), RrArbiter(vcs)) {}

void PortMatchAllocator::allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) {
  for (uint64_t m = inputs; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    uint64_t w = 0;
    for (uint64_t r = req[ip]; r; r &= r - 1) w |= bit(op_of[ip * V_ + __builtin_ctzll(r)]);
    want_[ip] = w;
  }
  m_->match(inputs, want_.data(), match_.data());
  for (uint64_t m = inputs; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m), o = match_[ip];
    uint64_t vcs = 0;
    if (o >= 0)
      for (uint64_t r = req[ip]; r; r &= r - 1) {
        const int v = __builtin_ctzll(r);
        if (op_of[ip * V_ + v] == o) vcs |= bit(v);
      }
    gnt[ip] = vc_arb_[ip].eval_mask(vcs);
    vc_arb_[ip].tick(gnt[ip]);
  }
}

}  // namespace nocsim
