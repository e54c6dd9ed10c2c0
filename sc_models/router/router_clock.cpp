#include "router/router_clock.h"

#include "core/cycle.h"
#include "core/flag_scan.h"
#include "router/router.h"

namespace nocsim {
RouterClock::RouterClock(sc_core::sc_module_name name, Cycle period_ps, const std::vector<Router*>& routers,
                         bool own_process, int threads)
    : sc_module(name),
      clk("clk"),
      period_ps_(period_ps),
      routers_(routers),
      awake_((routers.size() + kFlagLine - 1) / kFlagLine * kFlagLine, 0),
      commit_(awake_.size(), 0),
      ran_(static_cast<size_t>(threads), 0),
      channel_(*this) {
  // Every router runs at the first edge, as a process does at its first
  // trigger; its commit then puts it to sleep if it has nothing to do.
  for (size_t r = 0; r < routers_.size(); ++r) {
    awake_[r] = own_process;
    routers_[r]->set_clock(this, &awake_[r], &commit_[r]);
  }
  if (threads > 1)
    // A worker sends over links with a payload object of its own.
    team_ = std::make_unique<ParallelTeam>(threads, [](int) {
      LinkSender<Flit>::own_payload();
      LinkSender<Credit>::own_payload();
    });
  if (!own_process) return;
  SC_HAS_PROCESS(RouterClock);
  SC_METHOD(run);
  sensitive << clk.pos();
  dont_initialize();
}

RouterClock::~RouterClock() = default;

size_t RouterClock::range(int k) const {
  const size_t lines = awake_.size() / kFlagLine, n = static_cast<size_t>(team_ ? team_->threads() : 1);
  return lines * static_cast<size_t>(k) / n * kFlagLine;
}

// each(k, from, to) over the threads' ranges; while thread k runs its
// range, its outbox holds what reaches other routers and NICs, replayed
// after in thread order, which is router order.
template <class F>
void RouterClock::on_threads(F each) {
  if (!team_) return each(0, size_t{0}, awake_.size());
  team_->run([&](int k) { each(k, range(k), range(k + 1)); });
}

void RouterClock::run() {
  const Cycle now = cycle_now(period_ps_);
  on_threads([&](int k, size_t from, size_t to) { run_range(k, from, to, now); });
  // Every router that ran set its commit flag.
  for (uint8_t& ran : ran_) {
    if (ran) ask_update();
    ran = 0;
  }
}

void RouterClock::run_range(int k, size_t from, size_t to, Cycle now) {
  bool ran = false;
  for_flagged(awake_.data(), from, to, false, [&](size_t r) {
    routers_[r]->run_router(now);
    ran = true;
  });
  if (ran) ran_[static_cast<size_t>(k)] = 1;
}

void RouterClock::commit() {
  asked_ = false;
  on_threads([&](int, size_t from, size_t to) { commit_range(from, to); });
}

void RouterClock::commit_range(size_t from, size_t to) {
  for_flagged(commit_.data(), from, to, true, [&](size_t r) { routers_[r]->commit(); });
}

}  // namespace nocsim
