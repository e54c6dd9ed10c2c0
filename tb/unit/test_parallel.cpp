// The threads of sim.threads (parallel/): the pool runs a job once on every
// thread and returns when all are done; an outbox replays its calls in the
// order they were kept, whatever their kind, but for sends to receivers
// with an owner thread, which that thread delivers before the replay.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "parallel/outbox.h"
#include "parallel/team.h"
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
  int owner = -1;
  std::thread::id took_on;  // the thread of the last on_send
  void on_send(int tag, Cycle arrival, Cycle now) override {
    took_on = std::this_thread::get_id();
    log->push_back("send " + std::to_string(tag) + " " + std::to_string(arrival) + " " + std::to_string(now));
  }
  int parallel_owner() const override { return owner; }
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

TEST(Outbox, KeepsSendsToOwnedReceiversForTheirOwner) {
  std::vector<std::string> log, owned;
  Recorder rx, mine;
  rx.log = &log;
  mine.log = &owned;
  Outbox box(2);  // owners 0 and 1
  box.on_send(&rx, 1, 5, 4);
  box.on_send(&mine, 2, 6, 4, 1);
  box.on_send(&mine, 3, 7, 4, 1);
  box.on_send(&rx, 4, 8, 4, -1);
  EXPECT_TRUE(box.holds_owned());
  box.deliver(0);  // nothing for owner 0
  EXPECT_TRUE(owned.empty());
  box.replay();  // the owned sends are not the replay's
  EXPECT_EQ(log, (std::vector<std::string>{"send 1 5 4", "send 4 8 4"}));
  EXPECT_TRUE(owned.empty());
  box.deliver(1);
  EXPECT_EQ(owned, (std::vector<std::string>{"send 2 6 4", "send 3 7 4"}));
  EXPECT_FALSE(box.holds_owned());
  Outbox plain;  // no owners: an owner's send is replayed like any other
  plain.on_send(&mine, 5, 9, 4, 1);
  EXPECT_FALSE(plain.holds_owned());
  plain.replay();
  EXPECT_EQ(owned.back(), "send 5 9 4");
}

// Each thread's receivers take their sends on that thread, in thread order
// of the senders, before the replay of the rest; then the hooks run.
TEST(ParallelTeam, OwnersTakeTheirSendsOnTheirThreadBeforeTheReplay) {
  ParallelTeam team(2, [](int) {});
  std::vector<std::string> log0, log1, replayed;
  Recorder r0, r1, kernel;
  r0.log = &log0;
  r0.owner = 0;
  r1.log = &log1;
  r1.owner = 1;
  kernel.log = &replayed;
  std::vector<std::string> order;
  team.after([&] { order.push_back("after"); });
  std::thread::id workers;
  team.run([&](int k) {
    if (k == 1) workers = std::this_thread::get_id();
    Outbox& box = *Outbox::current();
    // Each sends to both owners; thread 1's sends must come after thread 0's.
    box.on_send(&r0, 10 + k, 1, 0, r0.owner);
    box.on_send(&r1, 20 + k, 1, 0, r1.owner);
    box.on_send(&kernel, 30 + k, 1, 0);
    // At the replay, both owners have taken both threads' sends already.
    box.later([&order, &log0, &log1, k] {
      order.push_back("later " + std::to_string(k) + " after " + std::to_string(log0.size() + log1.size()));
    });
  });
  EXPECT_EQ(log0, (std::vector<std::string>{"send 10 1 0", "send 11 1 0"}));
  EXPECT_EQ(log1, (std::vector<std::string>{"send 20 1 0", "send 21 1 0"}));
  EXPECT_EQ(replayed, (std::vector<std::string>{"send 30 1 0", "send 31 1 0"}));
  EXPECT_EQ(r0.took_on, std::this_thread::get_id());
  EXPECT_EQ(r1.took_on, workers);
  EXPECT_EQ(kernel.took_on, std::this_thread::get_id());
  EXPECT_EQ(order, (std::vector<std::string>{"later 0 after 4", "later 1 after 4", "after"}));
}
