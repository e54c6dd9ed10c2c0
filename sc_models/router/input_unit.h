#pragma once
// The input unit of a router port: its VCs (RouterState::vc(ip, ·)), each a
// flit buffer with the input-VC state machine (Idle -> Routing -> VcAlloc ->
// Active -> Idle or Routing), and its buffer-pool policy: static (each VC its
// own FIFO) or DAMQ (router/damq_pool.h). RouterState's transitions move a
// VC through its states and keep the router-wide sets; the VC's own steps
// are here.
#include <cstdint>

#include "core/flit.h"
#include "core/route.h"
#include "router/flit_fifo.h"

namespace nocsim {

// What SA reads every cycle (buffer control, ready, state, route, out_vc)
// comes first, in the first 56 bytes, and each input VC starts a cache line:
// SA touches one line per VC; RC's candidates last.
struct alignas(64) InputVc {
  enum class State : uint8_t { Idle, Routing, VcAlloc, Active };
  FlitFifo buf;
  Cycle ready = 0;  // first cycle the next stage may act on this VC
  State state = State::Idle;
  int8_t n_cands = 0;
  int16_t out_vc = -1;
  int16_t port = 0;        // its input port
  RouteCandidate route;    // the candidate VA granted
  uint16_t head_size = 0;  // flits of the packet whose candidates these are (VA's credit need)
  RouteCandidate cands[kMaxCandidates];  // RC's candidates, best first
  VcRange cand_vcs[kMaxCandidates];      // the output VCs the VC policy allows each

  // RC: the head's candidates and their VC ranges (at most kMaxCandidates).
  void take_candidates(const RouteCandidate* c, const VcRange* vcs, int n) {
    n_cands = static_cast<int8_t>(n < kMaxCandidates ? n : kMaxCandidates);
    head_size = buf.front().size;
    for (int k = 0; k < n_cands; ++k) {
      cands[k] = c[k];
      cand_vcs[k] = vcs[k];
    }
  }
  // VA: candidate `cand` won output VC `ovc`; the head carries its route on.
  void granted(int cand, int ovc) {
    route = cands[cand];
    buf.front().rh = route.next;
    out_vc = static_cast<int16_t>(ovc);
    state = State::Active;
  }
  // The tail left: the VC routes its next head, or goes Idle. True when a
  // head waits.
  bool tail_left() {
    out_vc = -1;
    if (!buf.empty()) return true;
    state = State::Idle;
    return false;
  }
};

}  // namespace nocsim
