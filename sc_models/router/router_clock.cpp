#include "router/router_clock.h"

#include <utility>

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
      listed_(static_cast<size_t>(threads)),
      asked_after_(static_cast<size_t>(threads)),
      channel_(*this) {
  if (threads > 1) {
    // A worker sends over links with a payload object of its own.
    team_ = std::make_unique<ParallelTeam>(threads, [](int) {
      LinkSender<Flit>::own_payload();
      LinkSender<Credit>::own_payload();
    });
    team_->after([this] { ask_after_threads(); });
  }
  // Every router runs at the first edge, as a process does at its first
  // trigger; its commit then puts it to sleep if it has nothing to do.
  int owner = 0;
  for (size_t r = 0; r < routers_.size(); ++r) {
    awake_[r] = own_process;
    while (team_ && r >= range(owner + 1)) ++owner;
    routers_[r]->set_clock(this, r, &awake_[r], &commit_[r], team_ ? owner : -1);
  }
  SC_HAS_PROCESS(RouterClock);
  if (own_process) {
    SC_METHOD(run);
    sensitive << clk.pos();
    dont_initialize();
  }
  if (!team_) return;
  static_assert(kFlagLine % 64 == 0, "a thread's range is whole words of near_");
  words_ = awake_.size() / 64;
  near_.assign(WakeWheel::kSlots * words_, 0);
  SC_METHOD(fall);
  sensitive << clk.neg();
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
}

// A router's first loads, in an evaluate or a commit, are misses on a
// large network (the router, its stages, its VCs, its due links): they are
// asked for while the routers before it run (docs/performance.md, "Session
// 50"). Neither phase sets another router's flag of that phase, so the
// routers flagged in [from, to) are listed first; each(r) runs each, after
// Router::prefetch(d, commit) on the routers d = 3, 2 and 1 places ahead.
template <class Each>
void RouterClock::ahead(int k, uint8_t* flags, size_t from, size_t to, bool commit, Each each) {
  std::vector<uint32_t>& list = listed_[static_cast<size_t>(k)];
  list.clear();
  for_flagged(flags, from, to, commit, [&](size_t r) { list.push_back(static_cast<uint32_t>(r)); });
  const size_t n = list.size();
  for (size_t i = 0; i < n; ++i) {
    for (size_t d = 3; d >= 1; --d)
      if (i + d < n) routers_[list[i + d]]->prefetch(static_cast<int>(d), commit);
    each(*routers_[list[i]]);
  }
}

// Every router that ran set its commit flag (Router::request_commit).
void RouterClock::run_range(int k, size_t from, size_t to, Cycle now) {
  ahead(k, awake_.data(), from, to, false, [now](Router& r) { r.run_router(now); });
}

void RouterClock::ask_after_threads() {
  bool asked = false;
  for (Asked& a : asked_after_) {
    asked = asked || a.asked;
    a.asked = 0;
  }
  if (asked) ask_update();
}

// The falling edge before cycle a: routers with links due then commit.
void RouterClock::fall() {
  const Cycle a = cycle_now(period_ps_) + 1;
  const uint64_t* w = &near_[(a & (WakeWheel::kSlots - 1)) * words_];
  for (size_t i = 0; i < words_; ++i)
    if (w[i]) {
      near_due_ = a;
      return ask_update();
    }
}

void RouterClock::commit() {
  asked_ = false;
  const Cycle near = std::exchange(near_due_, 0);
  on_threads([&](int k, size_t from, size_t to) {
    if (near) take_near(near, from, to);
    commit_range(k, from, to);
  });
}

void RouterClock::take_near(Cycle a, size_t from, size_t to) {
  uint64_t* w = &near_[(a & (WakeWheel::kSlots - 1)) * words_];
  for (size_t i = from / 64; i < to / 64; ++i)
    for (uint64_t m = std::exchange(w[i], 0); m; m &= m - 1) {
      const size_t r = i * 64 + static_cast<size_t>(__builtin_ctzll(m));
      routers_[r]->take_near(a);
      commit_[r] = 1;
    }
}

void RouterClock::commit_range(int k, size_t from, size_t to) {
  ahead(k, commit_.data(), from, to, true, [](Router& r) { r.commit(); });
}

}  // namespace nocsim
