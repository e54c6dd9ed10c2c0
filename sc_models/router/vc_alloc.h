#pragma once
// VA: each cycle, every input VC that has its route and may start VA
// (ready <= now) offers its candidates, each with the output VCs of its VC
// range that are free and, under VCT (or for an opportunistic hop), have
// credits for the whole packet (wormhole: one flit); the selection function
// picks the candidate and VCs it requests with, and the separable
// input-first VcAllocator picks the winners. Reads: input VC candidates,
// output VC busy bits and credits. Writes at commit: output VC busy, input
// VC route and out_vc, state -> SA, ready = now + latency.va; tells the
// routing which candidate was granted. With latency.rc = 0 VA also routes
// the heads waiting for RC (lookahead routing: the route is ready when VA
// starts) and commits their routes. With routing.reevaluate and an adaptive
// routing, a head that already failed an attempt (ready < now) is routed
// again before each new attempt.
#include <memory>
#include <vector>

#include "alloc/vc_allocator.h"
#include "router/route_compute.h"
#include "router/stage.h"
#include "vc/selection.h"

namespace nocsim {

class VcAlloc : public Stage, private CreditView {
 public:
  VcAlloc(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process,
          std::unique_ptr<Selection> selection);
  void evaluate(Cycle now) override;
  void commit(Cycle now, RouterState& st) override;
  static bool work(const RouterState& st) { return !st.vcalloc.empty() || (st.p.lat_rc == 0 && !st.routing.empty()); }
  void set_route_compute(RouteCompute* rc) { rc_ = rc; }

 private:
  struct Grant {
    int ip, ivc, ovc, cand;
  };
  struct Requester {
    int ivc, cand;  // input VC index ip*V+ivc, candidate it asked with
  };
  struct Routed {
    int ip, ivc, first, n;  // candidates cands_[first, first+n)
  };
  // Output VCs of the candidate's port in `vcs` that are free with the credits it needs.
  template <bool kDamq>
  uint64_t usable_mask(const RouteCandidate& c, VcRange vcs, int size) const;
  [[gnu::noinline]] uint64_t damq_filter(int port, uint64_t mask, int need) const;
  template <bool kExtras>
  void evaluate_with(Cycle now);
  template <bool kExtras>
  void request(int ip, int v, const RouteCandidate* cands, const VcRange* vcs, int n, int size);
  int credits(int port, int vc) const override { return st_.out[port].vcs[vc].credits; }
  RouteCompute* rc_ = nullptr;
  std::unique_ptr<Selection> selection_;
  bool first_usable_;  // the default selection: VA runs it inline, stopping at the first usable candidate
  std::vector<Routed> routed_;          // heads routed here this cycle (lookahead, re-evaluation)
  std::vector<RouteCandidate> cands_;   // their candidates
  std::vector<VcRange> cand_vcs_;       // and VC ranges
  VcAllocator alloc_;
  bool damq_;    // router.buffer_model=damq: usable VCs also need room in the downstream pool
  bool va_age_;  // router.arbiter.va=age: requests carry their packets' ages
  std::vector<Grant> grants_;
  std::vector<Requester> requesters_;
  uint64_t requested_ = 0;  // requests this cycle (activity)
};

}  // namespace nocsim
