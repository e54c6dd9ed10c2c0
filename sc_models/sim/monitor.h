#pragma once
// Run control as one SC_METHOD that wakes every few hundred cycles (never per
// cycle): ends the run after the window and the drain, reports a deadlock
// when no flit moved for sim.watchdog cycles while flits are in the network
// and nothing is on its way over a link,
// and prints progress on stderr.
#include <chrono>
#include <systemc>

#include "sim/deadlock.h"
#include "sim/network.h"

namespace nocsim {

class AppEngine;

class Monitor : public sc_core::sc_module {
 public:
  // all_packets: the run ends when every generated packet (not only the
  // measured ones) has been delivered.
  Monitor(sc_core::sc_module_name name, Network& net, Cycle drain_limit, Cycle watchdog, bool progress,
          bool all_packets);
  Cycle end_cycle() const { return now_; }  // the cycle of the last check
  // Fills the two reports below from an analysis of the network now.
  void record_deadlock(const DeadlockFinding& f) {
    deadlock_cycle = describe_cycle(f);
    deadlock_report = net_.blocked_report(40);
  }
  std::string deadlock_report;  // the blocked VCs
  std::string deadlock_cycle;   // a cycle of VCs each waiting on the next, when the analysis finds one

 private:
  void check();
  void check_app(const AppEngine& e, const Window& w);
  void schedule();
  void print_progress(Cycle now, bool last);
  Network& net_;
  Cycle drain_limit_, watchdog_;
  bool progress_, all_packets_;
  bool started_ = false;
  Cycle step_ = 256, now_ = 0, next_ = 0, last_change_ = 0;
  uint64_t last_progress_ = ~0ull;
  std::chrono::steady_clock::time_point start_, last_print_;
};

}  // namespace nocsim
