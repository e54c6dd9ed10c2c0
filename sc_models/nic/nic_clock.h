#pragma once
// The NICs' process: on each rising edge it runs every NIC with work
// (Nic::run), in node order. A NIC keeps its flag here itself: set while it
// has a packet to inject and the link is free, and by its wake-up on the
// falling edge before its next packet or tail; cleared when it sleeps. One
// process for all NICs instead of a dynamic process each, whose sleep and
// wake-up were kernel event notifications (docs/performance.md,
// "Session 46").
// sim.threads = N > 1: the NICs run on the routers' threads, each over a
// fixed range of nodes, and count into a share per thread, added into the
// run's NetStats after each edge; what a NIC does to others (its link's
// receiver, the wheel, the delivery collector) waits in its thread's Outbox
// and is replayed in node order (docs/architecture.md, "Parallel cycles").
// A closed-loop application or an injection listener (link power's awake
// policy) is shared by every NIC: such runs keep the NICs on one thread.
#include <cstdint>
#include <exception>
#include <functional>
#include <systemc>
#include <vector>

#include "core/flit.h"
#include "parallel/team.h"
#include "stats/stats.h"

namespace nocsim {

class Nic;

class NicClock : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  // team: the routers' threads (sim.threads > 1), else null; stats: the run's.
  NicClock(sc_core::sc_module_name name, Cycle period_ps, const std::vector<Nic*>& nics, ParallelTeam* team,
           NetStats& stats);
  // After the run: every NIC takes in what arrived by `upto` (Nic::flush).
  void flush(Cycle upto);
  // sim.batch: the routers' clock runs the NICs, each router's beside it
  // (RouterClock::set_batch): run_router_nics(r, c) runs router r's NICs
  // with work at cycle c; the NICs wake without the wheel. With threads a
  // NIC runs on its router's thread (owner(router)) and counts into that
  // thread's share, added into the run's NetStats after each batch.
  void set_batch(int routers, const std::function<int(int)>& owner);
  void run_router_nics(size_t r, Cycle c);
  // Whether router r's NICs sleep, with no wake-up before cycle `until`:
  // then they run no cycle before it unless the router sends to them.
  bool asleep(size_t r, Cycle until) const;

 private:
  void start_of_simulation() override;
  void run();
  // Nodes [range(k), range(k + 1)) are thread k's (whole cache lines of flags).
  size_t range(int k) const;
  void run_range(int k, Cycle now);
  void fold();  // the threads' shares into the run's NetStats
  // sim.batch: NICs by router (by_router_[of_router_[r] ..]), node order.
  bool batch_ = false;
  std::vector<uint32_t> of_router_, by_router_;

  Cycle period_ps_;
  std::vector<Nic*> nics_;
  std::vector<uint8_t> awake_;  // [node] 1: runs at the next edge; padded to whole cache lines
  std::vector<Cycle> wake_;     // [node] its pending wake-up (Nic::sleep_until), kNeverCycle for none
  ParallelTeam* team_;
  bool parallel_ = false;  // a team, and no NIC shares an application or a listener
  NetStats& stats_;
  struct alignas(64) Share {
    NicCounters counts;
    std::exception_ptr error;  // what stopped its range this edge
  };
  std::vector<Share> shares_;  // [thread], with a team
  // Large networks (at least kAheadNics): each NIC's lines are asked for
  // while the NICs before it run (Nic::prefetch_far); lists_[thread]: the
  // NICs flagged this edge.
  static constexpr size_t kAheadNics = 1024;
  bool ahead_ = false;
  std::vector<std::vector<uint32_t>> lists_;
  void run_nics(int k, size_t from, size_t to, Cycle now);
};

}  // namespace nocsim
