// The threads of sim.threads (parallel/): the pool runs a job once on every
// thread and returns when all are done; an outbox replays its calls in the
// order they were kept, whatever their kind.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "parallel/outbox.h"
#include "parallel/worker_pool.h"

using namespace nocsim;

TEST(WorkerPool, RunsEachJobOnceOnEveryThreadAndWaitsForAll) {
  WorkerPool pool(3);
  std::vector<std::thread::id> started(3);
  pool.set_start([&](int k) { started[static_cast<size_t>(k)] = std::this_thread::get_id(); });
  std::vector<int> runs(3, 0);
  std::vector<std::thread::id> ran_on(3);
  for (int job = 1; job <= 50; ++job) {
    pool.run([&](int k) {
      if (k > 0) std::this_thread::sleep_for(std::chrono::microseconds(20 * k));  // the caller must wait
      ++runs[static_cast<size_t>(k)];
      ran_on[static_cast<size_t>(k)] = std::this_thread::get_id();
    });
    // Every thread has run this job, and only once, when run() returns.
    for (int k = 0; k < 3; ++k) ASSERT_EQ(runs[static_cast<size_t>(k)], job) << "thread " << k;
  }
  EXPECT_EQ(ran_on[0], std::this_thread::get_id());  // k = 0 is the caller
  for (int k = 1; k < 3; ++k) {
    EXPECT_EQ(ran_on[static_cast<size_t>(k)], started[static_cast<size_t>(k)]);  // start-up on its own thread
    EXPECT_NE(ran_on[static_cast<size_t>(k)], std::this_thread::get_id());
  }
  EXPECT_NE(ran_on[1], ran_on[2]);
}

namespace {

struct Recorder : LinkReceiver, WheelClient {
  std::vector<std::string>* log;
  void on_send(int tag, Cycle arrival, Cycle now) override {
    log->push_back("send " + std::to_string(tag) + " " + std::to_string(arrival) + " " + std::to_string(now));
  }
  void on_wheel(Cycle, int, uint32_t) override {}
};

}  // namespace

TEST(Outbox, ReplaysEveryKindInTheOrderKeptThenForgets) {
  std::vector<std::string> log;
  Recorder rx;
  rx.log = &log;
  RunStatus status;
  Outbox box;
  EXPECT_EQ(Outbox::current(), nullptr);  // the calling thread runs no parallel phase
  box.on_send(&rx, 3, 10, 9);
  box.later([&] { log.push_back("later a"); });
  box.fail(&status, 5, "first");
  box.on_send(&rx, 4, 12, 9);
  box.fail(&status, 6, "second");
  box.later([&] { log.push_back("later b"); });
  EXPECT_TRUE(log.empty());  // nothing happens until the replay
  // RunStatus::fail stops the kernel (sc_stop), harmless outside a simulation.
  box.replay();
  EXPECT_EQ(log, (std::vector<std::string>{"send 3 10 9", "later a", "send 4 12 9", "later b"}));
  EXPECT_EQ(status.exit_code, 5);  // the first failure kept is the run's
  EXPECT_EQ(status.message, "first");
  log.clear();
  box.replay();
  EXPECT_TRUE(log.empty());
}

TEST(Outbox, EachThreadHasItsOwnCurrent) {
  Outbox box;
  Outbox::set_current(&box);
  EXPECT_EQ(Outbox::current(), &box);
  std::thread other([] { EXPECT_EQ(Outbox::current(), nullptr); });  // a worker sets its own
  other.join();
  Outbox::set_current(nullptr);
  EXPECT_EQ(Outbox::current(), nullptr);
}
