#pragma once
// SA's scratch: what one switch-allocation evaluate writes and its commit
// reads back. The grants; the allocator's inputs and outputs; and what this
// cycle's grants took, read by the rounds after the first of a speedup
// (flits and tail granted per input VC [ip*V+ivc], credits per output VC
// [op*V+ovc], queue slots per output port and, under DAMQ, downstream
// shared slots per output port). One per thread in one pass, else one per
// SwitchAlloc (router/stage_scratch.h).
//
// Between evaluates everything but op_of and gnt is zero or empty: the
// stage clears what it wrote. An error in a router's evaluate or commit
// may leave some (Router::fail cleans them), and clean() makes a router's
// part so again before a run.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/fixed_list.h"
#include "router/stage_scratch.h"

namespace nocsim {

class SaScratch {
 public:
  struct Grant {
    int ip, ivc;
  };
  struct Taken {
    uint16_t flits;
    uint8_t tail;
  };
  // Room for a router of `ports` ports of `vcs` VCs and `rounds` rounds.
  SaScratch(int ports, int vcs, int rounds)
      : grants(static_cast<size_t>(ports) * static_cast<size_t>(rounds)),
        req(static_cast<size_t>(ports), 0),
        op_of(static_cast<size_t>(ports) * static_cast<size_t>(vcs), 0),
        gnt(static_cast<size_t>(ports), -1),
        transit_out(static_cast<size_t>(ports), 0),
        taken(rounds > 1 ? op_of.size() : 0, Taken{0, 0}),
        used(rounds > 1 ? op_of.size() : 0, 0),
        added(rounds > 1 ? req.size() : 0, 0),
        shared(rounds > 1 ? req.size() : 0, 0) {}
  static SaScratch widest() {
    return SaScratch(ScratchBounds::kMaxPorts, ScratchBounds::kMaxVcs, ScratchBounds::kMaxRounds);
  }
  // The part a router of `ports` ports of `vcs` VCs uses, as between evaluates.
  [[gnu::noinline, gnu::cold]] void clean(int ports, int vcs) {
    grants.clear();
    const auto P = static_cast<size_t>(ports), PV = P * static_cast<size_t>(vcs);
    std::fill_n(req.begin(), P, 0);
    std::fill_n(transit_out.begin(), P, 0);
    std::fill_n(taken.begin(), std::min(PV, taken.size()), Taken{0, 0});
    std::fill_n(used.begin(), std::min(PV, used.size()), 0);
    std::fill_n(added.begin(), std::min(P, added.size()), 0);
    std::fill_n(shared.begin(), std::min(P, shared.size()), 0);
  }

  FixedList<Grant> grants;           // at most one per input port and round
  std::vector<uint64_t> req;         // [ip] requesting VCs (allocator input)
  std::vector<int> op_of;            // [ip*V+ivc] their output port
  std::vector<int> gnt;              // [ip] granted VC or -1
  std::vector<uint8_t> transit_out;  // [op] requested by a transit input this round
  // Speedups above 1 only:
  std::vector<Taken> taken;  // [ip*V+ivc]
  std::vector<int> used;     // [op*V+ovc]
  std::vector<uint8_t> added;  // [op]
  std::vector<int> shared;     // [op]
};

}  // namespace nocsim
