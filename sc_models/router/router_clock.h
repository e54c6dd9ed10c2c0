#pragma once
// The routers' cycle (docs/architecture.md, "Router"): on each rising edge,
// in per-router mode, it calls every router with work (Router::run_router),
// in router order; in the update phase of any delta in which some router
// asked (Router::request_commit: a stage evaluated, a link delivers by the
// next cycle, a falling-edge pull is due) it calls those routers' commit().
// In one pass (Router::set_one_pass) a router commits its stages within its
// run_router() call, and takes what its links brought at the start of its
// next run_router() (Router::set_pull_in_run), which its run flag then
// calls for: its links' sends are logged here by arrival cycle, with the
// items (core/arrival_log.h), and each cycle starts by taking the logs
// (marking the ports due, setting the run flags; on large networks,
// sorting the items by router for their runs).
// A router keeps its flags here itself. One process and one primitive
// channel for the whole network instead of one process per router and one
// channel each: the kernel visits every statically sensitive process on
// every edge, asleep or not (docs/performance.md, "Session 46").
// sim.threads = N > 1: both calls run on N threads, each over a fixed range
// of routers; what a router does to others meanwhile waits in its thread's
// Outbox and is replayed in router order, so that the results are those of
// one thread, but for the link sends to routers: with pulls in the run
// those go to the sending thread's part of the logs; otherwise each thread
// delivers them to its own routers (Router::parallel_owner) before the
// replay.
// sim.batch (set_batch): where every link between routers takes at least
// n cycles, one edge in n runs n cycles, router by router, each router
// and its NICs running its n cycles in a row (docs/architecture.md,
// "Batches of cycles"); the other edges do nothing.
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <systemc>
#include <utility>
#include <vector>

#include "core/arrival_log.h"
#include "core/batch_plan.h"
#include "core/cycle.h"
#include "core/flit.h"
#include "core/wake_wheel.h"
#include "parallel/team.h"

namespace nocsim {

class Router;

class RouterClock : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  // own_process: per-router mode (else each stage has its own process and
  // only the commits run here).
  RouterClock(sc_core::sc_module_name name, Cycle period_ps, const std::vector<Router*>& routers, bool own_process,
              int threads);
  ~RouterClock() override;
  // sim.threads > 1: its threads, which the NICs' clock shares; else null.
  ParallelTeam* team() { return team_.get(); }
  // From a router that set its commit flag, on the kernel's thread: the
  // update phase of this delta commits.
  void ask_update() {
    if (asked_) return;
    asked_ = true;
    channel_.request();
  }
  // The same from thread k, on the kernel's thread once the threads are done.
  void ask_update_after(int k) { asked_after_[static_cast<size_t>(k)].asked = 1; }
  // sim.threads: the routers whose links deliver at each of the next
  // WakeWheel::kSlots cycles (Router::ask_near), a bit each, taken on the
  // routers' threads by the commit after the falling edge before that
  // cycle, in place of a wake-up per router from the kernel's thread (the
  // wheel). Only the thread that owns a router sets its bit.
  void near_at(Cycle a, size_t r) { near_[(a & (WakeWheel::kSlots - 1)) * words_ + r / 64] |= 1ull << (r & 63); }
  // The logged sends arriving at cycle a, to their routers (their due
  // links, their run flags): at the start of cycle a, or before anything
  // reads the routers ahead of that edge (Network::pull_early).
  void take_log(Cycle a) {
    if (logs_ && !logs_->empty(a)) take_log_slot(a);
  }
  // Per-router mode: the logs from which routers that pull in their run
  // take their links' sends (Router::set_pull_in_run); else null.
  ArrivalLogs* logs() { return logs_.get(); }
  const ArrivalLogs* logs() const { return logs_.get(); }
  // Whether logged items wait in a box for their router's run (large
  // networks, RouterClock::ahead), rather than being taken in as the log
  // is taken (docs/architecture.md, "The arrival log").
  bool boxes_arrivals() const { return ahead_ || batch_ > 1; }
  // The credits and flits the logs brought router r (of thread `owner`,
  // -1 without threads) at the cycle taken last (in a batch: at the cycle
  // it runs), each in send order.
  std::pair<const LoggedCredit*, const LoggedCredit*> logged_credits(size_t r, int owner) const {
    return box(owner).credits.of(batch_cycle != kNoBatchCycle ? box(owner).run_of(r) : r);
  }
  std::pair<const LoggedFlit*, const LoggedFlit*> logged_flits(size_t r, int owner) const {
    return box(owner).flits.of(batch_cycle != kNoBatchCycle ? box(owner).run_of(r) : r);
  }
  // sim.batch (docs/architecture.md, "Batches of cycles"): each router runs
  // up to plan.inner cycles in a row, its NICs beside it (nics(r, c):
  // router r's NICs at cycle c), before the next router; with clusters,
  // each runs such runs until plan.outer cycles have run before the next
  // cluster does; a batch ends before the cycle horizon(t) gives for a
  // batch starting at t (the next cycle at which something outside reads
  // the network). Before the routers' links are logged
  // (Router::set_pull_in_run). On threads each runs its range of routers
  // so, and their NICs; clusters there need every thread's range to be
  // whole clusters and no link as long as the logs' near window (a far
  // list read by one thread while another appends), else the batches are
  // flat.
  // asleep(r, c): router r's NICs sleep with no wake-up before cycle c
  // (a router with nothing to do then skips the batch).
  void set_batch(BatchPlan plan, std::function<Cycle(Cycle)> horizon, std::function<void(size_t, Cycle)> nics,
                 std::function<bool(size_t, Cycle)> asleep);
  // The routers' cluster, and the logs' shelf for their sends (0 with flat
  // batches).
  int16_t shelf_of(size_t r) const { return shelf_.empty() ? 0 : shelf_[r]; }
  // Clusters the batches run one after another (1: flat batches).
  int clusters() const { return clusters_.size() > 2 ? static_cast<int>(clusters_.size()) - 1 : 1; }
  int batch() const { return batch_; }

 private:
  class Channel : public sc_core::sc_prim_channel {
   public:
    explicit Channel(RouterClock& c) : sc_prim_channel(sc_core::sc_gen_unique_name("commit")), c_(c) {}
    void request() { request_update(); }

   protected:
    void update() override { c_.commit(); }

   private:
    RouterClock& c_;
  };
  void run();
  void run_batch(Cycle t, Cycle n);
  void commit();
  void take_log_slot(Cycle a);
  // A logged item of cycle a for its router: a due link, a run.
  Router& logged(Cycle a, uint32_t key);
  struct Box {
    ArrivalBox<LoggedCredit> credits;
    ArrivalBox<LoggedFlit> flits;
    Cycle t = 0, n = 1;  // its batch's (or run's) first cycle and length
    // Router r's run at the cycle its thread runs (batch_cycle).
    size_t run_of(size_t r) const { return r * n + (batch_cycle - t); }
  };
  // Routers [from, to)'s items of cycles [t, t + n) into b, by router and
  // cycle (near_only: ArrivalLogs::visit_batch; mark: the cycle's take);
  // in a batch those routers run it from b.
  void box_batch(Box& b, Cycle t, Cycle n, size_t from, size_t to, bool near_only, bool mark);
  void run_batch_range(const Box& b, size_t from, size_t to, Cycle t, Cycle n);
  void run_clusters(Box& b, size_t from, size_t to, Cycle t, Cycle n, bool near_only);
  bool ranges_are_clusters(const std::vector<size_t>& starts) const;
  const Box& box(int owner) const { return boxes_[by_thread_ ? static_cast<size_t>(owner) : 0]; }
  // Routers [range(k), range(k + 1)) are thread k's (whole cache lines of flags).
  size_t range(int k) const;
  template <class F>
  void on_threads(F each);
  void run_range(int k, size_t from, size_t to, Cycle now);
  void fall();
  void take_near(Cycle a, size_t from, size_t to);
  void ask_after_threads();
  void commit_range(int k, size_t from, size_t to);
  template <bool kCommit, class Each>
  void ahead(int k, uint8_t* flags, size_t from, size_t to, Each each);

  Cycle period_ps_;
  std::vector<Router*> routers_;
  // [router] 1 while it has work at the next edge (per-router mode), 1 when
  // it asked for a commit; padded to whole cache lines (scanned 8 at a time,
  // a thread's range never shares a line with another's).
  std::vector<uint8_t> awake_, commit_;
  std::vector<std::vector<uint32_t>> listed_;  // [thread] the routers ahead() calls
  // ahead() prefetches on networks of at least this many input VCs: at a
  // few hundred bytes of state read per VC and cycle, about 1 MB, a core's
  // L2 cache here (docs/performance.md, "Session 50"). Below it the
  // prefetches cost instructions and save no miss.
  static constexpr size_t kAheadVcs = 2048;
  bool ahead_ = false;
  int link_lines_ = 0;  // of a router's link tables for its ports (Router::prefetch_far)
  bool asked_ = false;
  struct alignas(64) Asked {
    uint8_t asked = 0;
  };
  std::vector<Asked> asked_after_;  // [thread] a router of its range asked for a commit
  std::vector<uint64_t> near_;  // [slot * words_ + word] (sim.threads)
  size_t words_ = 0;            // of router bits per slot
  Cycle near_due_ = 0;          // the cycle whose bits the next commit takes (0: none)
  Cycle due_cycle_ = 0;         // the arrival cycle the routers of this call pull
  Channel channel_;
  std::unique_ptr<ParallelTeam> team_;  // sim.threads > 1
  // Per-router mode; the items of the cycle taken last, by router (large
  // networks): in boxes_[0], or with threads in each thread's own box
  // (by_thread_: each took its routers' items at the start of its run).
  std::unique_ptr<ArrivalLogs> logs_;
  std::vector<Box> boxes_;
  bool by_thread_ = false;
  // sim.batch: the batch length (1: none), a router's run of cycles in a
  // row, the clusters and the cycle the current batch ends before (a
  // batch runs while the thread's batch_cycle is set).
  int batch_ = 1, inner_ = 1;
  std::vector<size_t> clusters_;  // starts, then the routers' count
  std::vector<int16_t> shelf_;    // [router] its cluster (clustered batches)
  Cycle batch_end_ = 0;
  std::function<Cycle(Cycle)> horizon_;
  std::function<void(size_t, Cycle)> batch_nics_;
  std::function<bool(size_t, Cycle)> nics_asleep_;
  bool idle_in_batch(const Box& b, size_t r, Cycle t, Cycle n) const;
  std::vector<std::exception_ptr> batch_errors_;  // [thread] a NIC's, in a batch
};

}  // namespace nocsim
