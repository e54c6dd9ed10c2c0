#pragma once
// Runs one configured simulation to its end: warm-up, measurement window,
// drain of the measured packets; watchdog and progress on the way.
#include <functional>
#include <map>
#include <string>

#include "core/config.h"

namespace nocsim {

struct RunResult {
  int exit_code = 0;
  std::string error;   // one line (plus the blocked-VC report for a deadlock)
  std::string json;    // results document (also written for failed runs)
  std::string csv;     // its scalars as key,value lines
  std::string summary; // human-readable
};

class Network;

// Tests and tools look at the network before and after the run.
struct RunHooks {
  std::function<void(Network&)> before;
  std::function<void(Network&)> after;
  // The caller exits the process right after (std::_Exit): the network is
  // left standing, since SystemC's registries take quadratic time to tear
  // down a large one (minutes at 10^5 routers).
  bool leave_network = false;
};

// One simulation per process (SystemC elaborates once). Throws ConfigError
// for a bad configuration before anything is simulated.
RunResult run_simulation(const Config& cfg, const RunHooks& hooks = {});

}  // namespace nocsim
