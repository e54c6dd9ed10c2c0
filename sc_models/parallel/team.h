#pragma once
// The threads of the parallel phases of a cycle (sim.threads;
// docs/architecture.md, "Parallel cycles") with an Outbox each: run(each)
// calls each(k) on thread k (0: the caller) with its outbox current; then
// each thread delivers the sends to the receivers it owns (from every
// outbox, in thread order; what those calls do to others waits in a second
// outbox of its own); then the outboxes are replayed in thread order, and
// the hooks run (after). The routers' clock and the NICs' share one team.
#include <functional>
#include <utility>
#include <vector>

#include "parallel/outbox.h"
#include "parallel/worker_pool.h"

namespace nocsim {

class ParallelTeam {
 public:
  // start(k): each worker's thread-local set-up (WorkerPool::set_start).
  ParallelTeam(int threads, std::function<void(int)> start)
      : pool_(threads), outboxes_(static_cast<size_t>(threads), Outbox(threads)), receivers_(static_cast<size_t>(threads)) {
    pool_.set_start(std::move(start));
  }
  int threads() const { return pool_.threads(); }
  // f() on the kernel's thread after every run, once the outboxes are replayed.
  void after(std::function<void()> f) { after_.push_back(std::move(f)); }
  template <class F>
  void run(F each) {
    pool_.run([&](int k) {
      Outbox::set_current(&outboxes_[static_cast<size_t>(k)]);
      each(k);
      Outbox::set_current(nullptr);
    });
    bool owned = false;
    for (const Outbox& o : outboxes_) owned = owned || o.holds_owned();
    if (owned)
      pool_.run([&](int k) {
        Outbox::set_current(&receivers_[static_cast<size_t>(k)]);
        for (Outbox& o : outboxes_) o.deliver(k);
        Outbox::set_current(nullptr);
      });
    for (Outbox& o : outboxes_) o.replay();
    for (Outbox& o : receivers_) o.replay();
    for (const auto& f : after_) f();
  }

 private:
  WorkerPool pool_;
  std::vector<Outbox> outboxes_;
  std::vector<Outbox> receivers_;  // [thread] what its receivers' calls did to others
  std::vector<std::function<void()>> after_;
};

}  // namespace nocsim
