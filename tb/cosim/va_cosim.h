#pragma once
// Lockstep of the VC allocator's C++ twin (nocsim::VcAllocator, round-robin)
// against the Verilated vc_alloc_sep_if (nocsim::RtlVcAllocator), shared by
// the cosim test and the planted-bug test. Each cycle the stimulus writes
// the requests (output port and output-VC mask per input VC), both sides
// allocate, grants are compared, pointers move.
#include <cstdint>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "alloc/vc_allocator.h"
#include "rtl/rtl_vc_allocator.h"

namespace nocsim::cosim {

struct VaResult {
  bool mismatch = false;
  uint64_t cycles = 0, grants = 0;
  std::string report;
};

// Requests of one cycle: mask[i] == 0 is no request. `granted` holds the
// grants of the previous cycle (-1: none) for stimuli that keep requests.
using VaStim = std::function<void(uint64_t cycle, std::vector<int>& op, std::vector<uint64_t>& mask,
                                  const std::vector<int>& granted)>;

inline VaResult run_va(int P, int V, uint64_t cycles, const VaStim& stim) {
  VcAllocator twin(P, V);
  RtlVcAllocator rtl(P, V);
  const int n = P * V;
  std::vector<int> op(n, 0), gt(n, -1), gr(n, -1);
  std::vector<uint64_t> mask(n, 0);
  VaResult res;
  for (uint64_t c = 0; c < cycles; ++c) {
    stim(c, op, mask, gt);
    for (int i = 0; i < n; ++i)
      if (mask[i]) twin.request(i / V, i % V, op[i], mask[i]);
    twin.allocate();
    rtl.allocate(op.data(), mask.data(), gr.data());
    res.cycles = c + 1;
    for (int i = 0; i < n; ++i) {
      gt[i] = mask[i] ? twin.grant_ovc(i) : -1;
      res.grants += gt[i] >= 0;
    }
    if (gt != gr) {
      std::ostringstream o;
      o << "P=" << P << " V=" << V << " cycle " << c << ": requests";
      for (int i = 0; i < n; ++i)
        if (mask[i]) o << ' ' << i / V << ':' << i % V << "->" << op[i] << "/0x" << std::hex << mask[i] << std::dec;
      o << " | twin";
      for (int i = 0; i < n; ++i)
        if (gt[i] >= 0) o << ' ' << i << "->vc" << gt[i];
      o << " | rtl";
      for (int i = 0; i < n; ++i)
        if (gr[i] >= 0) o << ' ' << i << "->vc" << gr[i];
      res.mismatch = true;
      res.report = o.str();
      return res;
    }
    twin.clear_requests();
  }
  return res;
}

// Constrained-random requests: an idle input VC starts requesting with
// probability `density`, to a uniform output (with probability `hot`,
// output 0), with a random non-empty mask (with probability `one`, a single
// VC). With `sticky` a request stays until granted, as in a router.
inline VaStim va_random(int P, int V, uint32_t seed, double density, double hot, double one, bool sticky) {
  auto rng = std::make_shared<std::mt19937>(seed);
  return [=](uint64_t, std::vector<int>& op, std::vector<uint64_t>& mask, const std::vector<int>& granted) {
    std::bernoulli_distribution want(density), to_hot(hot), single(one);
    std::uniform_int_distribution<int> port(0, P - 1), vc(0, V - 1);
    const uint64_t all = (1ull << V) - 1;
    for (int i = 0; i < P * V; ++i) {
      if (sticky && mask[i] && granted[i] < 0) continue;
      mask[i] = 0;
      if (!want(*rng)) continue;
      op[i] = to_hot(*rng) ? 0 : port(*rng);
      uint64_t m = single(*rng) ? 1ull << vc(*rng) : (*rng)() & all;
      mask[i] = m ? m : all;
    }
  };
}

// Runs of varied density, hot-spot share, mask width and stickiness:
// `cycles` overall. Stops at the first mismatch.
inline VaResult va_campaign(int P, int V, uint64_t cycles, uint32_t seed) {
  struct Run {
    double density, hot, one;
    bool sticky;
  };
  static const Run runs[] = {{0.05, 0.0, 0.5, false}, {0.3, 0.0, 0.2, true}, {0.5, 0.4, 0.5, false},
                             {0.8, 0.0, 0.0, true},   {1.0, 0.0, 0.0, false}, {1.0, 1.0, 1.0, true},
                             {0.6, 0.2, 0.8, true},   {0.2, 0.6, 0.0, false}};
  const uint64_t k = sizeof(runs) / sizeof(runs[0]);
  VaResult total;
  for (uint64_t r = 0; r < k; ++r) {
    const Run& run = runs[r];
    VaResult one = run_va(P, V, cycles / k + 1, va_random(P, V, seed + 7 * r, run.density, run.hot, run.one, run.sticky));
    total.cycles += one.cycles;
    total.grants += one.grants;
    if (one.mismatch) {
      total.mismatch = true;
      total.report = one.report;
      return total;
    }
  }
  return total;
}

}  // namespace nocsim::cosim
