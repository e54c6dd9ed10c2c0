#pragma once
// How a run ends. Processes must not throw through the SystemC kernel (it
// would wrap the error in an sc_report), so they record the first failure
// here and stop the simulation.
#include <string>
#include <systemc>

#include "core/cycle.h"
#include "core/error.h"

namespace nocsim {

struct RunStatus {
  int exit_code = kExitOk;
  std::string message;
  // In a batch of cycles (sim.batch) a router runs cycles ahead of the
  // routers after it: the failure kept is the one of the earliest cycle,
  // the first one cycle by cycle would have met (docs/architecture.md,
  // "Batches of cycles"; the thread that met it stops there, batch_stop).
  Cycle failed_at = kNeverCycle;
  void fail(int code, const std::string& msg) {
    if (batch_cycle != kNoBatchCycle && batch_cycle < failed_at && (exit_code == kExitOk || failed_at != kNeverCycle)) {
      exit_code = kExitOk;  // an earlier cycle's failure replaces a later one's
      failed_at = batch_cycle;
    }
    if (exit_code != kExitOk) return;
    record(code, msg);
    sc_core::sc_stop();
  }
  // After the simulation: the same without stopping it.
  void record(int code, const std::string& msg) {
    if (exit_code != kExitOk) return;
    exit_code = code;
    message = msg;
  }
  bool failed() const { return exit_code != kExitOk; }
};

}  // namespace nocsim
