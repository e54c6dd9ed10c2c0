#include "router/router_clock.h"

#include <algorithm>
#include <utility>

#include "core/cycle.h"
#include "core/flag_scan.h"
#include "parallel/outbox.h"
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
    team_ = std::make_unique<ParallelTeam>(threads, [](int k) {
      LinkSender<Flit>::own_payload();
      LinkSender<Credit>::own_payload();
      ArrivalLogs::set_thread(k);
    });
    team_->after([this] { ask_after_threads(); });
  }
  size_t vcs = 0;
  int ports = 0;
  for (const Router* r : routers_) {
    vcs += r->state().in.size();
    ports = std::max(ports, r->state().p.ports);
  }
  link_lines_ = (ports + Router::kLinksPerLine - 1) / Router::kLinksPerLine;
  ahead_ = vcs >= kAheadVcs;
  // Every router runs at the first edge, as a process does at its first
  // trigger; its commit then puts it to sleep if it has nothing to do.
  int owner = 0;
  for (size_t r = 0; r < routers_.size(); ++r) {
    awake_[r] = own_process;
    while (team_ && r >= range(owner + 1)) ++owner;
    routers_[r]->set_clock(this, r, &awake_[r], &commit_[r], team_ ? owner : -1);
  }
  if (own_process) logs_ = std::make_unique<ArrivalLogs>(team_ ? team_->threads() : 1);
  boxes_.resize(team_ ? static_cast<size_t>(team_->threads()) : 1);
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

inline Router& RouterClock::logged(Cycle a, uint32_t key) {
  const size_t r = Router::logged_router(key);
  routers_[r]->logged_arrival(a, key);
  awake_[r] = 1;
  return *routers_[r];
}

// Every thread's logs in thread order (ArrivalLogs::take).
void RouterClock::take_log_slot(Cycle a) {
  if (!boxes_arrivals()) {
    // Routers in cache: each item taken in at once. A credit neither
    // needs a pull nor gives a stage work (Router::work_mask reads no
    // credit), so it wakes no router: one that sleeps stays asleep. A
    // flit wakes its router and the stage it gives work to, without a
    // due bit (Router::arrive_logged_flit).
    return logs_->take(
        a,
        [&](const LoggedCredit& i) {
          routers_[Router::logged_router(i.key)]->return_credit(Router::logged_port(i.key),
                                                                Credit{static_cast<int32_t>(i.payload)});
        },
        [&](const LoggedFlit& i) {
          const size_t r = Router::logged_router(i.key);
          awake_[r] = 1;
          routers_[r]->arrive_logged_flit(Router::logged_port(i.key), i.flit, a);
        });
  }
  by_thread_ = false;
  box_batch(boxes_[0], a, 1, 0, routers_.size(), false, true);
  logs_->release(a);
}

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
  if (batch_ > 1) {
    if (now < batch_end_) return;  // run by the batch that started before
    const Cycle n = std::min<Cycle>(static_cast<Cycle>(batch_), std::max<Cycle>(horizon_(now), now + 1) - now);
    batch_end_ = now + n;
    return run_batch(now, n);
  }
  due_cycle_ = now;  // one pass takes what is due now in the run (Router::pull_in_run)
  // Threads on a large network box their own routers' items (a cycle with
  // a far item, rare, is taken serially); else the log is taken here.
  const bool split = team_ && ahead_ && logs_ && !logs_->empty(now) && !logs_->far_due(now);
  if (!split) {
    take_log(now);
    return on_threads([&](int k, size_t from, size_t to) { run_range(k, from, to, now); });
  }
  by_thread_ = true;
  on_threads([&](int k, size_t from, size_t to) {
    box_batch(boxes_[static_cast<size_t>(k)], now, 1, from, to, true, true);
    run_range(k, from, to, now);
  });
  logs_->release(now);
}

void RouterClock::set_batch(BatchPlan plan, std::function<Cycle(Cycle)> horizon,
                            std::function<void(size_t, Cycle)> nics, std::function<bool(size_t, Cycle)> asleep) {
  const bool near = plan.longest < static_cast<int>(FlitLog::kNear);  // no far list: threads may read
  const bool clustered = plan.clusters.size() > 2 && (!team_ || (near && ranges_are_clusters(plan.clusters)));
  if (!clustered) {
    plan.outer = plan.inner;
    plan.clusters = {0, routers_.size()};
  }
  batch_ = plan.outer;
  inner_ = plan.inner;
  clusters_ = std::move(plan.clusters);
  shelf_.clear();
  if (clustered) {
    for (size_t k = 0; k + 1 < clusters_.size(); ++k) shelf_.resize(clusters_[k + 1], static_cast<int16_t>(k));
    logs_ = std::make_unique<ArrivalLogs>(team_ ? team_->threads() : 1, clusters());
  }
  batch_errors_.assign(team_ ? static_cast<size_t>(team_->threads()) : 0, nullptr);
  horizon_ = std::move(horizon);
  batch_nics_ = std::move(nics);
  nics_asleep_ = std::move(asleep);
}

// Whether every thread's range of routers starts a cluster.
bool RouterClock::ranges_are_clusters(const std::vector<size_t>& starts) const {
  for (int k = 1; k < team_->threads(); ++k)
    if (!std::binary_search(starts.begin(), starts.end(), std::min(range(k), routers_.size()))) return false;
  return true;
}

// Cycles [t, t + n) router by router (docs/architecture.md, "Batches of
// cycles"): each router and its NICs run the n cycles in a row, as one
// cycle's routers run one after another: nothing a router or its NICs
// send reaches another router within n cycles (RouterClock::set_batch);
// with clusters, cluster by cluster, each in runs.
// What the logs bring a router at cycle c is marked due just before it
// runs c, as the cycle's take would have.
void RouterClock::run_batch(Cycle t, Cycle n) {
  batch_stop = kNeverCycle;
  if (!team_) {
    by_thread_ = false;
    run_clusters(boxes_[0], 0, routers_.size(), t, n, false);  // releasing as it boxes
    // After a failure, the runs it skipped.
    if (batch_stop != kNeverCycle)
      for (Cycle c = t; c < t + n; ++c) logs_->release(c);
    return;
  }
  // Each thread boxes its own routers' items, but for a batch with a far
  // item due (flat batches only): a far list another thread may append to.
  by_thread_ = true;
  const bool serial = logs_->far_due(t + n - 1);
  if (serial)
    for (int k = 0; k < team_->threads(); ++k)
      box_batch(boxes_[static_cast<size_t>(k)], t, n, std::min(range(k), routers_.size()), range(k + 1), false,
                false);
  on_threads([&](int k, size_t from, size_t to) {
    to = std::min(to, routers_.size());
    Box& b = boxes_[static_cast<size_t>(k)];
    batch_stop = kNeverCycle;
    try {
      if (serial)
        run_batch_range(b, from, to, t, n);
      else
        run_clusters(b, from, to, t, n, true);
    } catch (...) {  // a NIC's: rethrown below, the first in router order
      batch_errors_[static_cast<size_t>(k)] = std::current_exception();
    }
  });
  for (std::exception_ptr& e : batch_errors_)
    if (e) std::rethrow_exception(std::exchange(e, nullptr));
  // Once all are done: what the runs did not release (flat batches, a
  // batch taken serially, far items), back to each part's appender; the
  // chunks the runs gave their own threads, evened out.
  for (Cycle c = t; c < t + n; ++c) logs_->release(c);
  logs_->balance();
}

// Routers [from, to) (whole clusters, or a thread's part of one cluster
// in flat batches) run cycles [t, t + n), cluster by cluster, each in runs
// of inner_ cycles (flat: one run). Nothing a cluster sends reaches
// another within n cycles, nor a router of its own within inner_
// (core/batch_plan.h). A failure at cycle f stops the thread's later
// clusters before f + 1.
void RouterClock::run_clusters(Box& b, size_t from, size_t to, Cycle t, Cycle n, bool near_only) {
  const Cycle inner = std::min<Cycle>(static_cast<Cycle>(inner_), n);
  for (size_t k = 0; k + 1 < clusters_.size(); ++k) {
    const size_t lo = std::max(clusters_[k], from), hi = std::min(clusters_[k + 1], to);
    if (lo >= hi) continue;
    for (Cycle s = t; s < t + n && s <= batch_stop; s += inner) {
      const Cycle m = std::min(inner, t + n - s);
      box_batch(b, s, m, lo, hi, near_only, false);
      // Boxed: the chunks go back at once, to be reused while in cache
      // (docs/performance.md, "Session 61"), to this thread's own list on
      // threads, where the clusters are whole threads' (flat batches on
      // threads share one shelf: run_batch releases their cycles at its end).
      if (!team_ || clusters() > 1)
        for (Cycle c = s; c < s + m; ++c) logs_->release_here(c, shelf_of(lo), shelf_of(hi - 1) + 1, !team_);
      run_batch_range(b, lo, hi, s, m);
    }
  }
}

// Routers [from, to) run cycles [t, t + n), each with its NICs. A failure
// at cycle f on this thread (fail_run) stops it before f + 1 (batch_stop,
// set before the batch).
void RouterClock::run_batch_range(const Box& b, size_t from, size_t to, Cycle t, Cycle n) {
  struct Leave {  // the kernel's cycle again, however the batch ends
    ~Leave() { batch_cycle = run_cycle = kNoBatchCycle; }
  } leave;
  // A router with nothing to do in the batch skips it (an idle network
  // costs next to nothing per cycle); whether the next one has work is
  // known before this one runs, which cannot give it any.
  bool next = from < to && !idle_in_batch(b, from, t, n);
  for (size_t r = from; r < to; ++r) {
    const bool work = next;
    next = r + 1 < to && !idle_in_batch(b, r + 1, t, n);
    // The next router's first lines load while this one runs its cycles.
    if (next) routers_[r + 1]->prefetch_far(link_lines_);
    if (!work) continue;
    Router& x = *routers_[r];
    for (Cycle c = t; c < t + n && c <= batch_stop; ++c) {
      batch_cycle = run_cycle = c;
      const size_t run = r * n + (c - t);
      for (auto [i, e] = b.credits.of(run); i != e; ++i) logged(c, i->key);
      for (auto [i, e] = b.flits.of(run); i != e; ++i) logged(c, i->key);
      x.take_near_batch(c);
      batch_nics_(r, c);
      if (awake_[r]) x.run_router(c);
    }
  }
}

// Router r has no work in cycles [t, t + n): asleep, nothing arriving (the
// box, its table of near arrivals), its NICs asleep with no wake-up then.
// Nothing else can give it any: other routers' sends arrive after the
// batch, and its NICs run only beside it.
bool RouterClock::idle_in_batch(const Box& b, size_t r, Cycle t, Cycle n) const {
  return !awake_[r] && b.credits.none(r * n, r * n + n) && b.flits.none(r * n, r * n + n) &&
         !routers_[r]->near_pending() && nics_asleep_(r, t + n);
}

// Routers [from, to)'s logged items arriving in [t, t + n) into b, by
// router and cycle (run r * n + c - t), a router's in the order of the
// serial take; each thread of a team boxes its own routers', reading every
// thread's logs (none appends to these cycles; near_only while they
// append, ArrivalLog::visit_batch). mark (a cycle's take, n = 1): each
// item marks its router due as it is read.
void RouterClock::box_batch(Box& b, Cycle t, Cycle n, size_t from, size_t to, bool near_only, bool mark) {
  to = std::min(to, routers_.size());
  b.t = t;
  b.n = n;
  b.credits.clear();
  b.flits.clear();
  auto run = [&](Cycle a, uint32_t key) -> int64_t {
    const size_t r = Router::logged_router(key);
    if (r < from || r >= to) return -1;
    if (mark) logged(a, key);
    return static_cast<int64_t>(r * n + (a - t));
  };
  logs_->visit_batch(
      t, n,
      [&](Cycle a, const LoggedCredit& i) {
        if (const int64_t k = run(a, i.key); k >= 0) b.credits.stage(i, static_cast<uint32_t>(k));
      },
      [&](Cycle a, const LoggedFlit& i) {
        if (const int64_t k = run(a, i.key); k >= 0) b.flits.stage(i, static_cast<uint32_t>(k));
      },
      near_only, from < to ? shelf_of(from) : 0, from < to ? shelf_of(to - 1) + 1 : 0);
  // Sorted even when empty: a batch reads every router's run (no table then).
  b.credits.sort_runs(from * n, to * n);
  b.flits.sort_runs(from * n, to * n);
}

// A router's first loads, in an evaluate or a commit, are misses on a
// large network (the router, its stages, its VCs, its due links): they are
// asked for while the routers before it run (docs/performance.md, "Session
// 50"), as no phase sets another router's flag of that phase. Small
// networks, whose routers stay in cache, only scan the flags.
template <bool kCommit, class Each>
void RouterClock::ahead(int k, uint8_t* flags, size_t from, size_t to, Each each) {
  if (!ahead_) return for_flagged(flags, from, to, kCommit, [&](size_t r) { each(*routers_[r]); });
  const Cycle a = due_cycle_;
  const int lines = link_lines_;
  auto pre = [this, a, lines](size_t r, int d) {
    const Router& x = *routers_[r];
    if (d == 3) {
      x.prefetch_far(lines);
    } else if (d == 2) {
      if (kCommit || x.pull_in_run()) x.prefetch_links(a);
      if (!kCommit) x.prefetch_active();
    } else if (d == 1) {
      x.prefetch_near(kCommit, a);
    }
  };
  for_flagged_ahead(flags, from, to, kCommit, listed_[static_cast<size_t>(k)], pre,
                    [&](size_t r) { each(*routers_[r]); });
}

// Every router that ran set its commit flag (Router::request_commit).
void RouterClock::run_range(int k, size_t from, size_t to, Cycle now) {
  const RunCycle at(now);
  ahead<false>(k, awake_.data(), from, to, [now](Router& r) { r.run_router(now); });
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
  due_cycle_ = cycle_now(period_ps_) + 1;
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
  ahead<true>(k, commit_.data(), from, to, [](Router& r) { r.commit(); });
}

}  // namespace nocsim
