#pragma once
// Simulation time in cycles: the clock period every nocsim network runs at
// and the current cycle, read inline (sc_time_stamp() is a library call).
#include <systemc>

#include "core/flit.h"

namespace nocsim {

// 1 ns: cycle = time in ns.
constexpr Cycle kClockPeriodPs = 1000;

// While the routers' clock runs a batch of cycles (sim.batch: each router
// and its NICs run several cycles in a row at the kernel time of the
// batch's first, docs/architecture.md, "Batches of cycles"), the cycle
// the calling thread runs; kNoBatchCycle otherwise.
inline constexpr Cycle kNoBatchCycle = ~Cycle{0};
inline thread_local Cycle batch_cycle = kNoBatchCycle;

// The cycle the calling thread runs routers or NICs of (RunCycle below):
// a batch's cycle, or the clock's cycle while its routers' and NICs' runs
// go on, so that the link sends they make (two a flit-hop) read it instead
// of the kernel's time. kNoBatchCycle otherwise. Every link and both
// clocks share one period, the network's (link/link_group.h).
inline thread_local Cycle run_cycle = kNoBatchCycle;

// Cycle of the current simulation time for a clock of period_ps picoseconds.
// Called for every flit and credit: the usual period divides by a constant.
inline Cycle cycle_now(Cycle period_ps) {
  if (__builtin_expect(run_cycle != kNoBatchCycle, 1)) return run_cycle;
  const Cycle t = static_cast<Cycle>(sc_core::sc_get_curr_simcontext()->time_stamp().value());
  return period_ps == kClockPeriodPs ? t / kClockPeriodPs : t / period_ps;
}

// run_cycle = c over a scope, restored after however it ends.
class RunCycle {
 public:
  explicit RunCycle(Cycle c) : before_(run_cycle) { run_cycle = c; }
  ~RunCycle() { run_cycle = before_; }
  RunCycle(const RunCycle&) = delete;
  RunCycle& operator=(const RunCycle&) = delete;

 private:
  Cycle before_;
};

// The last cycle whose commits the routers' state shows (~0 before cycle
// 0's), for a reader outside the datapath: a stage evaluating cycle c,
// something run at the start of a cycle (before its edge's processes) or a
// quarter period before an edge (after the last cycle's commits). In a
// batch, the cycle before the one the calling thread runs.
inline Cycle committed_cycle(Cycle period_ps) {
  if (__builtin_expect(batch_cycle != kNoBatchCycle, 0)) return batch_cycle - 1;
  const Cycle t = static_cast<Cycle>(sc_core::sc_get_curr_simcontext()->time_stamp().value());
  return (t + period_ps - 1) / period_ps - 1;
}

}  // namespace nocsim
