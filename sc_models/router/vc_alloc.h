#pragma once
// VA: each cycle, every input VC that has its route and may start VA
// (ready <= now) asks for an output VC in its allowed range that is free and,
// under VCT, has credits for a whole packet (wormhole: one flit). The
// separable input-first VcAllocator picks the winners. Reads: input VC
// routes, output VC busy bits and credits. Writes at commit: output VC busy,
// input VC out_vc, state -> SA, ready = now + latency.va. With latency.rc = 0
// VA also routes the heads waiting for RC (lookahead routing: the route is
// ready when VA starts) and commits their routes. With routing.reevaluate and
// an adaptive routing, a head that already failed an attempt (ready < now) is
// routed again before each new attempt.
#include <vector>

#include "alloc/vc_allocator.h"
#include "router/route_compute.h"
#include "router/stage.h"

namespace nocsim {

class VcAlloc : public Stage {
 public:
  VcAlloc(sc_core::sc_module_name name, Router& router, RouterState& st, bool own_process);
  void evaluate(Cycle now) override;
  void commit(Cycle now) override;
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
    bool fresh;             // routed from the Routing state (lookahead), else re-evaluated
  };
  bool usable_mask(const RouteCandidate& rc);
  void request(int ip, int v, const RouteCandidate* cands, int n);
  RouteCompute* rc_ = nullptr;
  std::vector<Routed> routed_;          // heads routed here this cycle (lookahead, re-evaluation)
  std::vector<RouteCandidate> cands_;   // their candidates
  VcAllocator alloc_;
  std::vector<Grant> grants_;
  uint64_t mask_ = 0;  // usable_mask(): output VCs of the candidate's port
  std::vector<Requester> requesters_;
};

}  // namespace nocsim
