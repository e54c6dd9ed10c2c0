#pragma once
// Separable input-first VC allocator (plain C++).
// Each input VC (ip, ivc) asks for one output port and a set of output VCs
// there (a mask, already restricted by the caller to VCs that are free and have
// enough credits). Stage 1: a round-robin arbiter per input VC picks one
// output VC from its mask. Stage 2: a round-robin arbiter per output VC picks
// one input VC among those that chose it. Pointers move as in SepIfAllocator:
// stage 1 past its pick whenever it had a request, stage 2 past its grant.
// Only the requesting input VCs are visited: a call costs what it allocates,
// not the router's radix.
#include <cstdint>
#include <vector>

#include "alloc/rr_arbiter.h"

namespace nocsim {

class VcAllocator {
 public:
  VcAllocator(int ports, int vcs);
  // Request of input VC i = ip*V+ivc: output port and a mask over its V VCs
  // (bit o: output VC o). At most one request per input VC per allocation.
  void request(int ip, int ivc, int op, uint64_t ovc_mask);
  // Grants the requests made since the last call and advances the pointers;
  // then grant_ovc(i) is the output VC granted to input VC i, or -1.
  void allocate();
  int grant_ovc(int i) const { return grant_ovc_[i]; }
  // Forgets the requests and grants of the last allocation.
  void clear_requests();

 private:
  struct Request {
    int i, op;
    uint64_t mask;
  };
  int P_, V_;
  std::vector<RrArbiter> in_arb_;  // per input VC, over the V output VCs
  std::vector<int> out_ptr_;       // per output VC: stage-2 round-robin pointer over P*V input VCs
  std::vector<int> grant_ovc_;     // per input VC
  std::vector<int> best_;          // per output VC: stage-2 winner so far, -1 when none
  std::vector<Request> req_;
  std::vector<int> touched_;       // output VCs some input VC picked
};

}  // namespace nocsim
