#pragma once
// Observers of the input and output units' transitions (RouterState): the one
// place where counters attach (activity today, contention counters next).
// The list is fixed at compile time (RouterObservers in router/observers.h):
// every hook is a direct call the compiler inlines, and a hook an observer
// does not define is UnitObserver's empty one, which costs nothing. Hooks run
// in commit (or a link pull), never in evaluate, on the state before the
// transition unless said otherwise. An observer that is switched on or off
// by configuration tests its own flag inside its hooks.
#include "core/flit.h"

namespace nocsim {

struct UnitObserver {
  void arrived(int /*ip*/, const Flit&) {}                   // written into input VC f.vc
  void head_at_front(int /*ip*/, int /*v*/, const Flit&) {}  // a head reached the front: RC next
  void routed(int /*ip*/, int /*v*/, int /*n_cands*/) {}     // RC (or VA's lookahead / re-evaluation)
  void vc_granted(int /*ip*/, int /*v*/, int /*op*/, int /*ovc*/) {}
  void departed(int /*ip*/, int /*v*/, const Flit&) {}       // read from the buffer into the crossbar (an SA grant)
  void tail_departed(int /*ip*/, int /*v*/, int /*op*/, int /*ovc*/) {}
  void credit_taken(int /*op*/, int /*ovc*/) {}              // by a flit granted to a network output VC
  void credit_returned(int /*op*/, int /*ovc*/) {}           // from downstream
  void released(int /*op*/, int /*ovc*/) {}                  // output VC free: its packet's tail left
  // Output unit: onto the output link (under a direct ST at the grant, the
  // link's delay giving its send cycle: docs/architecture.md, "Direct ST").
  void sent(int /*op*/, const Flit&) {}
  void min_taken(int /*op*/) {}     // vc.mincred: a minimally routed flit took a credit of op
  void min_returned(int /*op*/) {}  // vc.mincred: a credit flagged minimal came back to op
  // A stage's requests of one cycle (allocators: VC requests of input VCs).
  void va_requested(uint64_t /*n*/) {}
  void sa_requested(uint64_t /*n*/) {}
};

}  // namespace nocsim
