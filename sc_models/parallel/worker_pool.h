#pragma once
// A fixed team of threads for the parallel phases of a cycle
// (sim.threads; docs/architecture.md, "Parallel cycles"): run(fn) calls
// fn(k) for every k in [0, threads), k = 0 on the caller, and returns when
// all have returned. Between phases the workers spin briefly, then yield:
// a phase follows the last within microseconds to milliseconds.
#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

namespace nocsim {

class WorkerPool {
 public:
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  int threads() const { return static_cast<int>(workers_.size()) + 1; }
  // start(k) runs once on each worker, k >= 1, before its first job (its
  // thread-local set-up).
  void set_start(std::function<void(int)> start) { start_ = std::move(start); }
  void run(const std::function<void(int)>& fn);

 private:
  void work(int k);
  std::vector<std::thread> workers_;
  std::function<void(int)> start_;
  const std::function<void(int)>* job_ = nullptr;
  std::atomic<uint64_t> generation_{0};  // one more per job; a worker runs each once
  std::atomic<int> busy_{0};             // workers still in the current job
  std::atomic<bool> stop_{false};
  bool started_ = false;
};

}  // namespace nocsim
