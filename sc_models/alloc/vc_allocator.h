#pragma once
// Separable input-first VC allocator (plain C++).
// Each input VC (ip, ivc) asks for one output port and a set of output VCs
// there (a mask, already restricted by the caller to VCs that are free and have
// enough credits). Stage 1: a round-robin arbiter per input VC picks one
// output VC from its mask. Stage 2: a round-robin arbiter per output VC picks
// one input VC among those that chose it. Pointers move as in SepIfAllocator:
// stage 1 past its pick whenever it had a request, stage 2 past its grant.
#include <cstdint>
#include <vector>

#include "alloc/rr_arbiter.h"

namespace nocsim {

class VcAllocator {
 public:
  VcAllocator(int ports, int vcs);
  // Request of input VC i = ip*V+ivc: output port and a mask over its V VCs.
  void request(int ip, int ivc, int op, const std::vector<uint8_t>& ovc_mask);
  void clear_requests();
  // Fills grant_ovc[i] (-1 when not granted) and advances the pointers.
  void allocate();
  const std::vector<int>& grant_ovc() const { return grant_ovc_; }

 private:
  int P_, V_;
  std::vector<RrArbiter> in_arb_, out_arb_;
  std::vector<int> req_op_;                 // per input VC, -1 when none
  std::vector<std::vector<uint8_t>> mask_;  // per input VC
  std::vector<int> pick_;                   // stage-1 pick (output VC index op*V+ovc)
  std::vector<int> grant_ovc_;
  std::vector<std::vector<int>> by_ovc_;    // input VCs that picked each output VC
  std::vector<uint8_t> scratch_;
  std::vector<int> touched_;
};

}  // namespace nocsim
