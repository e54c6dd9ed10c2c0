#pragma once
// The threads of the parallel phases of a cycle (sim.threads;
// docs/architecture.md, "Parallel cycles") with an Outbox each: run(each)
// calls each(k) on thread k (0: the caller) with its outbox current, then
// replays the outboxes in thread order. The routers' clock and the NICs'
// share one team.
#include <functional>
#include <utility>
#include <vector>

#include "parallel/outbox.h"
#include "parallel/worker_pool.h"

namespace nocsim {

class ParallelTeam {
 public:
  // start(k): each worker's thread-local set-up (WorkerPool::set_start).
  ParallelTeam(int threads, std::function<void(int)> start) : pool_(threads), outboxes_(static_cast<size_t>(threads)) {
    pool_.set_start(std::move(start));
  }
  int threads() const { return pool_.threads(); }
  template <class F>
  void run(F each) {
    pool_.run([&](int k) {
      Outbox::set_current(&outboxes_[static_cast<size_t>(k)]);
      each(k);
      Outbox::set_current(nullptr);
    });
    for (Outbox& o : outboxes_) o.replay();
  }

 private:
  WorkerPool pool_;
  std::vector<Outbox> outboxes_;
};

}  // namespace nocsim
