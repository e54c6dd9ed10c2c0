#include "sim/run.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "core/error.h"
#include "sim/deadlock.h"
#include "sim/monitor.h"
#include "sim/network.h"
#include "sim/report.h"

namespace nocsim {

RunResult run_simulation(const Config& cfg, const RunHooks& hooks) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);  // "stopped by user"
  auto net_owner = std::make_unique<Network>("net", cfg);
  Network& net = *net_owner;
  const SimConfig& sim = net.run_config().sim;
  auto mon_owner = std::make_unique<Monitor>("monitor", net, sim.drain_limit(), sim.watchdog, sim.progress, sim.stop_injection);
  Monitor& mon = *mon_owner;

  if (hooks.before) hooks.before(net);
  auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // The run stopped before the rising edge of this cycle: NICs take in what
  // they would have by the edge before (they wait for tails, not bodies).
  const Cycle stop = cycle_now(Network::kPeriodPs);
  net.pull_early(stop);  // the routers as the update phase before that edge left them
  if (stop > 0) net.flush_nics(stop - 1);
  // A waveform that could not be written loses the waveform, not the results.
  std::string trace_error;
  try {
    net.finish_trace();
  } catch (const ConfigError& e) {
    trace_error = e.what();
  }

  // A run shorter than the watchdog's window can end on a frozen network.
  if (!net.status().failed() && net.flits_in_network() > 0) {
    const DeadlockFinding f = find_deadlock(net);
    if (!f.dead.empty()) {
      net.status().record(kExitDeadlock, "deadlock: " + std::to_string(f.dead.size()) +
                                             " input VCs can never move (found at the end of the run, cycle " +
                                             std::to_string(stop) + ")");
      mon.record_deadlock(f);
    }
  }
  if (hooks.after) hooks.after(net);
  RunResult res;
  res.exit_code = net.status().exit_code;
  res.error = net.status().message;
  if (!mon.deadlock_cycle.empty()) res.error += "\nwait cycle (each VC waits on the next):\n" + mon.deadlock_cycle;
  if (!mon.deadlock_report.empty()) res.error += "\nblocked VCs:\n" + mon.deadlock_report;
  write_report(cfg, net, std::max(mon.end_cycle(), stop), wall, res);  // a router's failure stops between checks
  if (!trace_error.empty()) {
    if (!res.exit_code) res.exit_code = kExitBadInput;
    res.error += (res.error.empty() ? "" : "\n") + trace_error;
  }
  if (hooks.leave_network) {
    (void)mon_owner.release();
    (void)net_owner.release();
  }
  return res;
}

}  // namespace nocsim
