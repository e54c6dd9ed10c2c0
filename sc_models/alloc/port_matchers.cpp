#include "alloc/port_matchers.h"

namespace nocsim {
namespace {

constexpr uint64_t bit(int i) { return 1ull << i; }
uint64_t all_ports(int P) { return P >= 64 ? ~0ull : bit(P) - 1; }

}  // namespace

SepOfMatcher::SepOfMatcher(int ports, ArbiterKind in, ArbiterKind out)
    : P_(ports), out_arb_(static_cast<size_t>(ports), Arbiter(out, ports)),
      in_arb_(static_cast<size_t>(ports), Arbiter(in, ports)), offers_(static_cast<size_t>(ports), 0) {}

void SepOfMatcher::match(uint64_t inputs, const uint64_t* want, int* match) {
  for (int ip = 0; ip < P_; ++ip) {
    match[ip] = -1;
    offers_[ip] = 0;
  }
  for (int o = 0; o < P_; ++o) {
    uint64_t asking = 0;
    for (uint64_t m = inputs; m; m &= m - 1) asking |= (want[__builtin_ctzll(m)] >> o & 1) << __builtin_ctzll(m);
    const int g = out_arb_[o].eval_mask(asking, nullptr);
    if (g >= 0) offers_[g] |= bit(o);
  }
  for (uint64_t m = inputs; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m), o = in_arb_[ip].eval_mask(offers_[ip], nullptr);
    match[ip] = o;
    if (o < 0) continue;
    in_arb_[ip].tick(o);
    out_arb_[o].tick(ip);
  }
}

IslipMatcher::IslipMatcher(int ports, int iterations)
    : P_(ports), iterations_(iterations), grant_(static_cast<size_t>(ports), RrArbiter(ports)),
      accept_(static_cast<size_t>(ports), RrArbiter(ports)), asked_(static_cast<size_t>(ports), 0),
      offers_(static_cast<size_t>(ports), 0) {}

void IslipMatcher::match(uint64_t inputs, const uint64_t* want, int* match) {
  for (int ip = 0; ip < P_; ++ip) match[ip] = -1;
  uint64_t in_free = inputs, out_free = all_ports(P_);
  for (int it = 0; it < iterations_ && in_free && out_free; ++it) {
    // Request: every unmatched input asks every unmatched output it wants.
    for (int o = 0; o < P_; ++o) asked_[o] = 0;
    for (uint64_t m = in_free; m; m &= m - 1) {
      const int ip = __builtin_ctzll(m);
      offers_[ip] = 0;
      for (uint64_t w = want[ip] & out_free; w; w &= w - 1) asked_[__builtin_ctzll(w)] |= bit(ip);
    }
    // Grant: each asked output picks one input from its pointer.
    bool granted = false;
    for (uint64_t m = out_free; m; m &= m - 1) {
      const int o = __builtin_ctzll(m);
      if (!asked_[o]) continue;
      offers_[grant_[o].eval_mask(asked_[o])] |= bit(o);
      granted = true;
    }
    if (!granted) break;
    // Accept: each input granted picks one output from its pointer.
    for (uint64_t m = in_free; m; m &= m - 1) {
      const int ip = __builtin_ctzll(m);
      if (!offers_[ip]) continue;
      const int o = accept_[ip].eval_mask(offers_[ip]);
      match[ip] = o;
      in_free &= ~bit(ip);
      out_free &= ~bit(o);
      if (it == 0) {  // pointers move in the first iteration only (no starvation)
        grant_[o].tick(ip);
        accept_[ip].tick(o);
      }
    }
  }
}

void WavefrontMatcher::match(uint64_t inputs, const uint64_t* want, int* match) {
  for (int ip = 0; ip < P_; ++ip) match[ip] = -1;
  uint64_t out_free = all_ports(P_), in_free = inputs;
  for (int k = 0; k < P_ && in_free; ++k) {
    const int d = (top_ + k) % P_;
    for (uint64_t m = in_free; m; m &= m - 1) {
      const int ip = __builtin_ctzll(m);
      const int o = (ip + d) % P_;
      if (!(want[ip] >> o & 1) || !(out_free >> o & 1)) continue;
      match[ip] = o;
      out_free &= ~bit(o);
      in_free &= ~bit(ip);
    }
  }
  top_ = (top_ + 1) % P_;
}

void MaxSizeMatcher::match(uint64_t inputs, const uint64_t* want, int* match) {
  owner_.assign(static_cast<size_t>(P_), -1);
  for (int ip = 0; ip < P_; ++ip) match[ip] = -1;
  // Kuhn: one augmenting-path search per input, each with fresh marks, ends
  // in a maximum matching.
  for (int k = 0; k < P_; ++k) {
    const int ip = (first_in_ + k) % P_;
    if (!(inputs >> ip & 1) || !want[ip]) continue;
    uint64_t seen = 0;
    augment(ip, want, seen, match);
  }
  for (int ip = 0; ip < P_; ++ip)
    if (match[ip] >= 0) next_out_[ip] = (match[ip] + 1) % P_;
  first_in_ = (first_in_ + 1) % P_;
}

// Finds input ip an output: a free one it wants, or one whose owner can move
// to another (depth at most P).
bool MaxSizeMatcher::augment(int ip, const uint64_t* want, uint64_t& seen, int* match) {
  for (int k = 0; k < P_; ++k) {
    const int o = (next_out_[ip] + k) % P_;
    if (!(want[ip] >> o & 1) || (seen >> o & 1)) continue;
    seen |= bit(o);
    if (owner_[o] < 0 || augment(owner_[o], want, seen, match)) {
      owner_[o] = ip;
      match[ip] = o;
      return true;
    }
  }
  return false;
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
