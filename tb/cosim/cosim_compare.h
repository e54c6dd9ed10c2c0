#pragma once
// Shared lockstep comparison of a SepIfAllocator-like twin against
// nocsim::RtlSwAllocator. Used by the real cosim tests and by the
// planted-bug (mutant twin) test, so both exercise the same checker.
//
// Each cycle: the stimulus writes the requests, both sides get the same
// requests, eval(), outputs compared (scoreboard), tick().
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "rtl/rtl_sw_allocator.h"

namespace nocsim::cosim {

struct Result {
  bool mismatch = false;
  uint64_t cycle = 0;    // first mismatching cycle (valid if mismatch)
  uint64_t cycles = 0;   // cycles run
  uint64_t grants = 0;   // total grants seen (sanity: the run did something)
  std::string report;    // cycle, inputs and both outputs of the first mismatch
};

// Requests for one cycle. gnt_ip/gnt_op are the grants of the previous cycle
// (empty at cycle 0), for stimuli that keep unserved requests pending.
struct Stim {
  std::vector<uint8_t> req;  // [ip*V+ivc]
  std::vector<int> op;       // [ip*V+ivc]
};
using StimFn = std::function<void(uint64_t cycle, Stim& s, const std::vector<uint8_t>& last_gnt_ip,
                                  const std::vector<int>& last_gnt_ivc)>;

template <class A>
std::string format_inputs(const A& a, int P, int V) {
  std::ostringstream o;
  o << "req(ip:ivc->op)";
  bool any = false;
  for (int ip = 0; ip < P; ++ip)
    for (int v = 0; v < V; ++v)
      if (a.req_ip_ivc[ip * V + v]) {
        o << ' ' << ip << ':' << v << "->" << a.req_op_ip_ivc[ip * V + v];
        any = true;
      }
  if (!any) o << " none";
  return o.str();
}

template <class A>
std::string format_outputs(const A& a, int P) {
  std::ostringstream o;
  for (int ip = 0; ip < P; ++ip) {
    o << " ip" << ip << '=';
    if (a.gnt_ip[ip])
      o << "vc" << a.gnt_ivc_ip[ip] << "->op" << a.gnt_op_ip[ip];
    else
      o << "- (ivc=" << a.gnt_ivc_ip[ip] << ",op=" << a.gnt_op_ip[ip] << ')';
  }
  return o.str();
}

// Exact comparison of the grant vectors, including the 0s of ungranted ports.
template <class Twin>
bool same_outputs(const Twin& t, const RtlSwAllocator& r, int P) {
  for (int ip = 0; ip < P; ++ip)
    if ((t.gnt_ip[ip] != 0) != (r.gnt_ip[ip] != 0) || t.gnt_ivc_ip[ip] != r.gnt_ivc_ip[ip] ||
        t.gnt_op_ip[ip] != r.gnt_op_ip[ip])
      return false;
  return true;
}

// Runs `cycles` cycles in lockstep; stops at the first mismatch.
template <class Twin>
Result run_lockstep(Twin& twin, RtlSwAllocator& rtl, int P, int V, uint64_t cycles,
                    const StimFn& stim) {
  Result res;
  Stim s{std::vector<uint8_t>(P * V, 0), std::vector<int>(P * V, 0)};
  std::vector<uint8_t> last_gip;
  std::vector<int> last_givc;
  for (uint64_t c = 0; c < cycles; ++c) {
    stim(c, s, last_gip, last_givc);
    twin.req_ip_ivc = s.req;
    twin.req_op_ip_ivc = s.op;
    rtl.req_ip_ivc = s.req;
    rtl.req_op_ip_ivc = s.op;
    twin.eval();
    rtl.eval();
    res.cycles = c + 1;
    if (!same_outputs(twin, rtl, P)) {
      res.mismatch = true;
      res.cycle = c;
      std::ostringstream o;
      o << "first mismatch P=" << P << " V=" << V << " at cycle " << c << " of this run" << "\n  inputs: "
        << format_inputs(twin, P, V) << "\n  twin:  " << format_outputs(twin, P)
        << "\n  rtl:   " << format_outputs(rtl, P);
      res.report = o.str();
      return res;
    }
    for (int ip = 0; ip < P; ++ip) res.grants += twin.gnt_ip[ip] ? 1 : 0;
    last_gip.assign(twin.gnt_ip.begin(), twin.gnt_ip.end());
    last_givc.assign(twin.gnt_ivc_ip.begin(), twin.gnt_ivc_ip.end());
    twin.tick();
    rtl.tick();
  }
  return res;
}

// Constrained-random stimulus: each idle VC starts requesting with
// probability `density`, to a uniform output in [0, P) (or, with probability
// `hot`, to output 0: a hot spot). With `sticky`, a request stays (same
// output) until its VC is granted, as in a router; otherwise it is redrawn
// every cycle.
inline StimFn random_stim(int P, int V, uint32_t seed, double density, double hot, bool sticky) {
  auto rng = std::make_shared<std::mt19937>(seed);
  return [=](uint64_t, Stim& s, const std::vector<uint8_t>& gip, const std::vector<int>& givc) {
    std::bernoulli_distribution want(density), to_hot(hot);
    std::uniform_int_distribution<int> op(0, P - 1);
    for (int ip = 0; ip < P; ++ip)
      for (int v = 0; v < V; ++v) {
        const int i = ip * V + v;
        const bool served = !gip.empty() && gip[ip] && givc[ip] == v;
        if (sticky && s.req[i] && !served) continue;
        s.req[i] = want(*rng) ? 1 : 0;
        s.op[i] = to_hot(*rng) ? 0 : op(*rng);
      }
  };
}

// The random campaign used per parameterization: runs with varied request
// density, hot-spot share and stickiness; `cycles_total` cycles overall.
// Both sides are reset first. Stops at the first mismatch.
template <class Twin>
Result random_campaign(Twin& twin, RtlSwAllocator& rtl, int P, int V, uint64_t cycles_total,
                       uint32_t seed) {
  struct Run {
    double density, hot;
    bool sticky;
  };
  static const Run runs[] = {{0.05, 0.0, false}, {0.2, 0.0, true},  {0.35, 0.3, false},
                             {0.5, 0.0, false},  {0.6, 0.5, true},  {0.8, 0.0, true},
                             {0.95, 0.1, false}, {1.0, 0.0, false}, {0.3, 0.0, true},
                             {0.7, 0.2, false}};
  const uint64_t n = sizeof(runs) / sizeof(runs[0]);
  Result total;
  for (uint64_t k = 0; k < n; ++k) {
    const uint64_t cyc = cycles_total / n + (k < cycles_total % n ? 1 : 0);
    twin.reset();
    rtl.reset();
    Result r = run_lockstep(twin, rtl, P, V, cyc,
                            random_stim(P, V, seed + static_cast<uint32_t>(k) * 7919u,
                                        runs[k].density, runs[k].hot, runs[k].sticky));
    if (r.mismatch) {
      std::ostringstream o;
      o << "random run " << k << " (density " << runs[k].density << ", hot " << runs[k].hot
        << ", sticky " << runs[k].sticky << ", seed " << seed << "), " << r.report;
      r.report = o.str();
      r.cycle += total.cycles;
      r.cycles += total.cycles;
      r.grants += total.grants;
      return r;
    }
    total.cycles += r.cycles;
    total.grants += r.grants;
  }
  return total;
}

}  // namespace nocsim::cosim
