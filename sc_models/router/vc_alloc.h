#pragma once
// VA: each cycle, every input VC that has its route and may start VA
// (ready <= now) asks for an output VC in its allowed range that is free and,
// under VCT, has credits for a whole packet (wormhole: one flit). The
// separable input-first VcAllocator picks the winners. Reads: input VC
// routes, output VC busy bits and credits. Writes at commit: output VC busy,
// input VC out_vc, state -> SA, ready = now + latency.va.
#include <vector>

#include "alloc/vc_allocator.h"
#include "router/stage.h"

namespace nocsim {

class VcAlloc : public Stage {
 public:
  VcAlloc(sc_core::sc_module_name name, Router& router, RouterState& st, bool own_process);
  void evaluate(Cycle now) override;
  void commit(Cycle now) override;
  bool has_work() const override { return st_.n_vcalloc > 0; }

 private:
  struct Grant {
    int ip, ivc, ovc, cand;
  };
  struct Requester {
    int ivc, cand;  // input VC index ip*V+ivc, candidate it asked with
  };
  bool usable_mask(const RouteCandidate& rc);
  VcAllocator alloc_;
  std::vector<Grant> grants_;
  std::vector<uint8_t> mask_;
  std::vector<Requester> requesters_;
};

}  // namespace nocsim
