#pragma once
// Simulation time in cycles: the clock period every nocsim network runs at
// and the current cycle, read inline (sc_time_stamp() is a library call).
#include <systemc>

#include "core/flit.h"

namespace nocsim {

// 1 ns: cycle = time in ns.
constexpr Cycle kClockPeriodPs = 1000;

// Cycle of the current simulation time for a clock of period_ps picoseconds.
// Called for every flit and credit: the usual period divides by a constant.
inline Cycle cycle_now(Cycle period_ps) {
  const Cycle t = static_cast<Cycle>(sc_core::sc_get_curr_simcontext()->time_stamp().value());
  return period_ps == kClockPeriodPs ? t / kClockPeriodPs : t / period_ps;
}

}  // namespace nocsim
