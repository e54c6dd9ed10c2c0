#include "nic/nic_clock.h"

#include <utility>

#include "core/cycle.h"
#include "core/flag_scan.h"
#include "nic/nic.h"

namespace nocsim {
NicClock::NicClock(sc_core::sc_module_name name, Cycle period_ps, const std::vector<Nic*>& nics, ParallelTeam* team,
                   NetStats& stats)
    : sc_module(name),
      clk("clk"),
      period_ps_(period_ps),
      nics_(nics),
      awake_((nics.size() + kFlagLine - 1) / kFlagLine * kFlagLine, 0),
      wake_(nics.size(), kNeverCycle),
      team_(team),
      stats_(stats),
      shares_(team ? static_cast<size_t>(team->threads()) : 0),
      ahead_(nics.size() >= kAheadNics),
      lists_(team ? static_cast<size_t>(team->threads()) : 1) {
  // Every NIC runs at the first edge, as its process did.
  for (size_t n = 0; n < nics_.size(); ++n) {
    awake_[n] = 1;
    nics_[n]->set_clock_flag(&awake_[n], &wake_[n]);
  }
  // A NIC counts into its thread's share whether the NICs run on threads
  // or not (start_of_simulation decides), so the counts add up either way.
  for (int k = 0; k < static_cast<int>(shares_.size()); ++k)
    for (size_t n = range(k); n < range(k + 1) && n < nics_.size(); ++n)
      nics_[n]->set_counters(&shares_[static_cast<size_t>(k)].counts);
  SC_HAS_PROCESS(NicClock);
  SC_METHOD(run);
  sensitive << clk.pos();
  dont_initialize();
}

void NicClock::start_of_simulation() {
  parallel_ = team_ != nullptr;
  for (const Nic* n : nics_) parallel_ &= n->alone();
}

size_t NicClock::range(int k) const {
  const size_t lines = awake_.size() / kFlagLine, n = shares_.size();
  return lines * static_cast<size_t>(k) / n * kFlagLine;
}

void NicClock::set_batch(int routers, const std::function<int(int)>& owner) {
  batch_ = true;
  if (team_) {
    for (Nic* n : nics_) n->set_counters(&shares_[static_cast<size_t>(owner(n->router()))].counts);
    team_->after([this] { fold(); });
  }
  of_router_.assign(static_cast<size_t>(routers) + 1, 0);
  for (Nic* n : nics_) {
    n->set_wheel(nullptr);
    ++of_router_[static_cast<size_t>(n->router()) + 1];
  }
  for (size_t r = 0; r < static_cast<size_t>(routers); ++r) of_router_[r + 1] += of_router_[r];
  by_router_.resize(nics_.size());
  std::vector<uint32_t> at(of_router_.begin(), of_router_.end() - 1);
  for (size_t n = 0; n < nics_.size(); ++n) by_router_[at[static_cast<size_t>(nics_[n]->router())]++] = static_cast<uint32_t>(n);
}

bool NicClock::asleep(size_t r, Cycle until) const {
  for (uint32_t k = of_router_[r]; k < of_router_[r + 1]; ++k) {
    const uint32_t n = by_router_[k];
    if (awake_[n] || wake_[n] < until) return false;
  }
  return true;
}

void NicClock::run_router_nics(size_t r, Cycle c) {
  for (uint32_t k = of_router_[r]; k < of_router_[r + 1]; ++k) {
    Nic& n = *nics_[by_router_[k]];
    if (n.batch_due(c)) n.run(c);
  }
}

void NicClock::run() {
  if (batch_) return;  // the routers' clock runs the NICs (set_batch)
  const Cycle now = cycle_now(period_ps_);
  if (!parallel_) {
    run_nics(0, 0, awake_.size(), now);
  } else {
    team_->run([&](int k) { run_range(k, now); });
    // The first failure in node order, as one thread would have met it
    // (the ranges after it ran this edge; the run ends with it).
    for (Share& s : shares_)
      if (s.error) {
        fold();
        std::rethrow_exception(std::exchange(s.error, nullptr));
      }
  }
  if (team_) fold();
}

void NicClock::run_range(int k, Cycle now) {
  try {
    run_nics(k, range(k), range(k + 1), now);
  } catch (...) {
    shares_[static_cast<size_t>(k)].error = std::current_exception();
  }
}

void NicClock::run_nics(int k, size_t from, size_t to, Cycle now) {
  const RunCycle at(now);
  auto run = [&](size_t n) { nics_[n]->run(now); };
  if (!ahead_) return for_flagged(awake_.data(), from, to, false, run);
  auto pre = [this](size_t n, int d) {
    const Nic& x = *nics_[n];
    if (d == 3)
      x.prefetch_far();
    else if (d == 2)
      x.prefetch_links();
    else
      x.prefetch_fronts();
  };
  for_flagged_ahead(awake_.data(), from, to, false, lists_[static_cast<size_t>(k)], pre, run);
}

void NicClock::fold() {
  for (Share& s : shares_) stats_.take(s.counts);
}

void NicClock::flush(Cycle upto) {
  for (Nic* n : nics_) n->flush(upto);
  if (team_) fold();
}

}  // namespace nocsim
