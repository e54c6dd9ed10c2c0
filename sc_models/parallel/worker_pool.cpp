#include "parallel/worker_pool.h"

#include <chrono>

namespace nocsim {
namespace {

// Waits until pred() holds: a short spin (the usual gap between phases),
// then yielding the core to whatever else the machine runs, then naps (the
// run has ended, or a long serial part such as the report runs).
template <class P>
void await(P pred) {
  for (int i = 0; i < 4096; ++i) {
    if (pred()) return;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();  // eases the spin on a core's sibling thread
#endif
  }
  for (int i = 0; i < 20000; ++i) {
    if (pred()) return;
    std::this_thread::yield();
  }
  while (!pred()) std::this_thread::sleep_for(std::chrono::microseconds(50));
}

}  // namespace

WorkerPool::WorkerPool(int threads) {
  for (int k = 1; k < threads; ++k) workers_.emplace_back();
}

WorkerPool::~WorkerPool() {
  stop_.store(true, std::memory_order_release);
  generation_.fetch_add(1, std::memory_order_acq_rel);
  for (auto& w : workers_)
    if (w.joinable()) w.join();
}

void WorkerPool::run(const std::function<void(int)>& fn) {
  if (!started_) {  // threads start at the first job, once the start-up is set
    started_ = true;
    for (size_t k = 0; k < workers_.size(); ++k) workers_[k] = std::thread([this, k] { work(static_cast<int>(k) + 1); });
  }
  job_ = &fn;
  busy_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_release);
  fn(0);
  await([this] { return busy_.load(std::memory_order_acquire) == 0; });
}

void WorkerPool::work(int k) {
  if (start_) start_(k);
  uint64_t seen = 0;
  for (;;) {
    await([&] { return generation_.load(std::memory_order_acquire) != seen; });
    seen = generation_.load(std::memory_order_acquire);
    if (stop_.load(std::memory_order_acquire)) return;
    (*job_)(k);
    busy_.fetch_sub(1, std::memory_order_acq_rel);
  }
}

}  // namespace nocsim
