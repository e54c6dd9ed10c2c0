#include "sim/monitor.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <string>

#include "sim/stop_signal.h"
#include "workload/application.h"

namespace nocsim {

Monitor::Monitor(sc_core::sc_module_name name, Network& net, Cycle drain_limit, Cycle watchdog, bool progress,
                 bool all_packets)
    : sc_module(name), net_(net), drain_limit_(drain_limit), watchdog_(watchdog), progress_(progress),
      all_packets_(all_packets) {
  SC_HAS_PROCESS(Monitor);
  // A method, not a thread: no coroutine stacks (which AddressSanitizer cannot
  // follow), and the checks never run per cycle anyway.
  SC_METHOD(check);
}

void Monitor::schedule() {
  const Window w = net_.stats().window;
  next_ = now_ + step_;
  if (now_ < w.end && next_ > w.end) next_ = w.end;
  net_.set_next_check(next_);
  next_trigger(sc_core::sc_time(static_cast<double>((next_ - now_) * Network::kPeriodPs), sc_core::SC_PS));
}

// Runs at cycle 0, then every step_ cycles (and at the end of the window)
// until the run ends or fails; not triggering again ends it.
void Monitor::check() {
  if (!started_) {
    started_ = true;
    step_ = watchdog_ > 0 ? std::min<Cycle>(256, std::max<Cycle>(1, watchdog_ / 4)) : 256;
    start_ = last_print_ = std::chrono::steady_clock::now();
    return schedule();
  }
  const Window w = net_.stats().window;
  now_ = next_;
  if (net_.status().failed()) return;
  if (memory_stop_requested()) {
    net_.status().fail(kExitFailure, "out of memory at cycle " + std::to_string(now_) +
                                         " (set sim.memory_limit_mb to what this run may take, or use a smaller "
                                         "network, shallower buffers or a load the network accepts)");
    return;
  }
  if (const int sig = stop_requested()) {
    net_.status().fail(kExitSignal + sig, std::string("interrupted by ") + stop_signal_name(sig) +
                                              " at cycle " + std::to_string(now_));
    return;
  }
  net_.pull_early(now_);  // the routers as at this edge
  const uint64_t p = net_.progress();
  if (p != last_progress_) {
    last_progress_ = p;
    last_change_ = now_;
  } else if (watchdog_ > 0 && net_.flits_in_network() > 0 && now_ - last_change_ >= watchdog_ &&
             !net_.links_busy_after(now_)) {
    record_deadlock(find_deadlock(net_));
    net_.status().fail(kExitDeadlock, "deadlock: no flit moved for " + std::to_string(now_ - last_change_) +
                                          " cycles (since cycle " + std::to_string(last_change_) + ") with " +
                                          std::to_string(net_.flits_in_network()) + " flits in the network");
    return;
  }
  if (progress_) print_progress(now_, false);
  if (const Application* app = net_.app()) return check_app(app->engine(), w);
  const NetStats& s = net_.stats();
  const bool done =
      all_packets_ ? s.packets_delivered == s.packets_generated : s.measured_delivered == s.measured_generated;
  if (now_ >= w.end && (done || now_ >= drain_limit_)) {
    if (progress_) print_progress(now_, true);
    sc_core::sc_stop();
    return;
  }
  schedule();
}

// A closed-loop application ends the run when every rank has finished, or
// at the window's end (incomplete); a state no rank can leave is reported
// (exit 3) with what each waits for.
void Monitor::check_app(const AppEngine& e, const Window& w) {
  if (e.stuck()) {
    int waiting = 0;
    for (int r = 0; r < e.ranks(); ++r) waiting += e.result(r).finish == kNeverCycle;
    net_.status().fail(kExitDeadlock, "application blocked: " + std::to_string(waiting) +
                                          " ranks wait for a message no rank will send or, by rendezvous or in a "
                                          "synchronous send, a receive no rank will post (found at cycle " +
                                          std::to_string(now_) + ")\nwaiting ranks:\n" + e.blocked_report(40));
    return;
  }
  if (e.done() || now_ >= w.end) {
    if (progress_) print_progress(now_, true);
    sc_core::sc_stop();
    return;
  }
  schedule();
}

void Monitor::print_progress(Cycle now, bool last) {
  auto t = std::chrono::steady_clock::now();
  if (!last && t - last_print_ < std::chrono::seconds(2)) return;
  last_print_ = t;
  double secs = std::chrono::duration<double>(t - start_).count();
  double rate = secs > 0 ? now / secs : 0;
  Cycle target = net_.stats().window.end;
  double eta = rate > 0 && now < target ? (target - now) / rate : 0;
  std::fprintf(stderr, "nocsim: cycle %llu/%llu (%.0f%%), %.0f cycles/s, ETA %.0f s%s\n",
               static_cast<unsigned long long>(now), static_cast<unsigned long long>(target),
               100.0 * std::min<double>(now, target) / target, rate, eta, now > target ? " (draining)" : "");
}

}  // namespace nocsim
