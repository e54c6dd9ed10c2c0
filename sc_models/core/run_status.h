#pragma once
// How a run ends. Processes must not throw through the SystemC kernel (it
// would wrap the error in an sc_report), so they record the first failure
// here and stop the simulation.
#include <string>
#include <systemc>

#include "core/error.h"

namespace nocsim {

struct RunStatus {
  int exit_code = kExitOk;
  std::string message;
  void fail(int code, const std::string& msg) {
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
