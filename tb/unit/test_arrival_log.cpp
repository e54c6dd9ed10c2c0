#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "core/arrival_log.h"

using namespace nocsim;

namespace {

std::vector<uint32_t> taken(CreditLog& log, Cycle a) {
  std::vector<uint32_t> keys;
  log.take(a, [&](CreditLog::Item i) { keys.push_back(i.key); });
  return keys;
}

}  // namespace

// Each arrival cycle gives back its own keys, in the order they were added,
// once; cycles a lap of slots apart share a slot but never its keys.
TEST(ArrivalLog, GivesEachCycleItsKeysInSendOrderOnce) {
  CreditLog log;
  log.add(12, 0, {7, 0});
  log.add(10, 0, {1, 0});
  log.add(12, 0, {3, 0});
  log.add(10, 0, {2, 0});
  EXPECT_FALSE(log.empty(10));
  EXPECT_TRUE(log.empty(11));
  EXPECT_EQ(taken(log, 10), (std::vector<uint32_t>{1, 2}));
  EXPECT_TRUE(log.empty(10));
  EXPECT_TRUE(taken(log, 10).empty());
  EXPECT_EQ(taken(log, 12), (std::vector<uint32_t>{7, 3}));
  log.add(10 + CreditLog::kSlots, 20, {9, 0});  // the next lap's cycle, in the emptied slot
  EXPECT_EQ(taken(log, 10 + CreditLog::kSlots), (std::vector<uint32_t>{9}));
}

// A cycle holds any number of keys (over several chunks), and the chunks
// a taken cycle frees serve later cycles: the log's memory follows what is
// in flight, not the run's length.
TEST(ArrivalLog, ReusesItsChunks) {
  CreditLog log;
  const uint32_t n = 5000;  // several chunks
  for (uint32_t k = 0; k < n; ++k) log.add(3, 0, {k, 0});
  const size_t made = log.chunks();
  EXPECT_GT(made, 1u);
  std::vector<uint32_t> keys = taken(log, 3);
  ASSERT_EQ(keys.size(), n);
  for (uint32_t k = 0; k < n; ++k) EXPECT_EQ(keys[k], k);
  for (Cycle a = 4; a < 4 + 3 * CreditLog::kSlots; ++a) {
    for (uint32_t k = 0; k < n; ++k) log.add(a + 1, a, {k, 0});
    EXPECT_EQ(taken(log, a + 1).size(), n);
  }
  EXPECT_EQ(log.chunks(), made);
}

// A send arriving a lap of slots or more after it is sent waits in the
// log's sorted list and comes back with its cycle's other keys, not with
// the slot's earlier cycle.
TEST(ArrivalLog, KeepsSendsBeyondALapForTheirCycle) {
  CreditLog log;
  const Cycle sent = 5, far = sent + CreditLog::kSlots + 40;
  EXPECT_FALSE(CreditLog::near(far, sent));
  EXPECT_FALSE(CreditLog::near(sent + CreditLog::kNear, sent));
  EXPECT_TRUE(CreditLog::near(sent + CreditLog::kNear - 1, sent));
  log.add(far, sent, {4, 0});
  log.add(far - CreditLog::kSlots, sent, {8, 0});  // the same slot, a lap before
  EXPECT_EQ(taken(log, far - CreditLog::kSlots), (std::vector<uint32_t>{8}));
  EXPECT_TRUE(log.empty(far - 1));
  EXPECT_FALSE(log.empty(far));
  log.add(far, far - 1, {6, 0});
  EXPECT_EQ(taken(log, far), (std::vector<uint32_t>{4, 6}));
  EXPECT_TRUE(log.empty(far));
}

// A batch reads its cycles' slots and releases them only at its end: a
// send made in its last cycle, as far ahead as the near window allows,
// lands past them and survives their release.
TEST(ArrivalLog, BatchSlotsOutliveTheBatchsSends) {
  CreditLog log;
  const Cycle t = 1000, n = CreditLog::kMaxBatch;
  for (Cycle c = t; c < t + n; ++c) log.add(c, c - 1, {static_cast<uint32_t>(c - t), 0});
  size_t seen = 0;
  log.visit_batch(t, n, [&](Cycle c, const CreditLog::Item& i) { seen += i.key == c - t; }, true);
  EXPECT_EQ(seen, n);
  const Cycle last = t + n - 1, ahead = last + CreditLog::kNear - 1;
  ASSERT_TRUE(CreditLog::near(ahead, last));
  log.add(ahead, last, {77, 0});
  for (Cycle c = t; c < t + n; ++c) log.release(c);
  EXPECT_EQ(taken(log, ahead), (std::vector<uint32_t>{77}));
}

// A clustered batch visits its cycles in runs and releases them at its
// end: a far item comes back in its own cycle's run only.
TEST(ArrivalLog, FarItemsComeBackInTheirRunOnly) {
  CreditLog log;
  const Cycle sent = 0, far = CreditLog::kNear + 15;
  log.add(far, sent, {3, 0});
  std::vector<Cycle> at;
  for (Cycle s = far - 10; s < far + 20; s += 10)
    log.visit_batch(s, 10, [&](Cycle c, const CreditLog::Item&) { at.push_back(c); }, false);
  EXPECT_EQ(at, (std::vector<Cycle>{far}));
}

// An item keeps the payload it was sent with (a credit's code), near or
// far, and any() sees every item not yet taken, and only those.
TEST(ArrivalLog, CarriesPayloadsAndShowsWhatIsInFlight) {
  CreditLog log;
  auto has = [&](uint32_t key, uint32_t payload) {
    return log.any([&](const CreditLog::Item& i) { return i.key == key && i.payload == payload; });
  };
  EXPECT_FALSE(log.any([](const CreditLog::Item&) { return true; }));
  log.add(3, 0, {5, 70000});
  log.add(3, 0, {6, 0});
  log.add(CreditLog::kSlots + 10, 1, {5, 12});  // beyond the lap
  EXPECT_TRUE(has(5, 70000));
  EXPECT_TRUE(has(5, 12));
  EXPECT_TRUE(has(6, 0));
  EXPECT_FALSE(has(5, 0));
  std::vector<std::pair<uint32_t, uint32_t>> got;
  log.take(3, [&](CreditLog::Item i) { got.emplace_back(i.key, i.payload); });
  EXPECT_EQ(got, (std::vector<std::pair<uint32_t, uint32_t>>{{5, 70000}, {6, 0}}));
  EXPECT_FALSE(has(5, 70000));
  EXPECT_TRUE(has(5, 12));
  got.clear();
  log.take(CreditLog::kSlots + 10, [&](CreditLog::Item i) { got.emplace_back(i.key, i.payload); });
  EXPECT_EQ(got, (std::vector<std::pair<uint32_t, uint32_t>>{{5, 12}}));
  EXPECT_FALSE(log.any([](const CreditLog::Item&) { return true; }));
}

// A flit log's items carry the flit itself, every field kept.
TEST(ArrivalLog, CarriesFlits) {
  FlitLog log;
  Flit f;
  f.src = 3;
  f.dst = 77;
  f.seq = 2;
  f.size = 4;
  f.vc = 5;
  f.measured = true;
  f.stamp = 123;
  log.add(9, 8, {41, f});
  EXPECT_TRUE(log.any([](const FlitLog::Item& i) { return i.key == 41 && i.flit.vc == 5; }));
  std::vector<FlitLog::Item> got;
  log.take(9, [&](const FlitLog::Item& i) { got.push_back(i); });
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].key, 41u);
  EXPECT_EQ(got[0].flit.src, 3);
  EXPECT_EQ(got[0].flit.dst, 77);
  EXPECT_EQ(got[0].flit.seq, 2);
  EXPECT_EQ(got[0].flit.size, 4);
  EXPECT_TRUE(got[0].flit.measured);
  EXPECT_EQ(got[0].flit.stamp, 123u);
}

// visit_batch() reads the items of a range of cycles, near and far, each
// with its cycle, as often as asked, leaving them (near_only: the far list
// unread); release() then drops a cycle's and frees their chunks for
// later cycles (each thread of sim.threads visits, the kernel's thread
// releases).
TEST(ArrivalLog, VisitsWithoutTakingUntilReleased) {
  CreditLog log;
  const Cycle far = CreditLog::kSlots + 20;
  for (uint32_t k = 0; k < 300; ++k) log.add(7, 0, {k, k + 1});  // more than a chunk
  log.add(far, 1, {900, 9});
  EXPECT_FALSE(log.far_due(far - 1));
  EXPECT_TRUE(log.far_due(far));
  const size_t made = log.chunks();
  for (int round = 0; round < 2; ++round) {
    std::vector<uint32_t> keys;
    log.visit_batch(6, 3, [&](Cycle c, const CreditLog::Item& i) {
      EXPECT_EQ(c, 7u);
      EXPECT_EQ(i.payload, i.key + 1);
      keys.push_back(i.key);
    }, false);
    ASSERT_EQ(keys.size(), 300u);
    for (uint32_t k = 0; k < 300; ++k) EXPECT_EQ(keys[k], k);
  }
  EXPECT_FALSE(log.empty(7));
  log.release(7);
  EXPECT_TRUE(log.empty(7));
  for (uint32_t k = 0; k < 300; ++k) log.add(8, 7, {k, 0});  // in the released chunks
  EXPECT_EQ(log.chunks(), made);
  std::vector<uint32_t> got;
  auto keep = [&](Cycle c, const CreditLog::Item& i) {
    EXPECT_EQ(c, far);
    got.push_back(i.key);
  };
  log.visit_batch(far - 1, 2, keep, true);
  EXPECT_TRUE(got.empty());
  log.visit_batch(far - 1, 2, keep, false);
  EXPECT_EQ(got, (std::vector<uint32_t>{900}));
  log.release(far);
  EXPECT_FALSE(log.far_due(far));
  EXPECT_TRUE(log.empty(far));
}

namespace {

// Sets the calling thread's log thread for a scope (a worker of the
// routers' clock's team does it in its start).
struct AsThread {
  explicit AsThread(int k) { ArrivalLogs::set_thread(k); }
  ~AsThread() { ArrivalLogs::set_thread(0); }
};

}  // namespace

// A thread takes chunks from its own list and a release by a thread gives
// them to that thread's list; balance() evens the lists out, moving only
// once they differ by more than the slack.
TEST(ChunkPool, ThreadsTakeFromTheirOwnListsUntilBalanced) {
  CreditLog::Pool pool(2);
  std::vector<decltype(pool.take())> made;
  for (int k = 0; k < 200; ++k) made.push_back(pool.take());  // thread 0's
  for (auto* c : made) pool.give(c, 1);
  EXPECT_EQ(pool.free_in(0), 0u);
  EXPECT_EQ(pool.free_in(1), 200u);
  auto* fresh = pool.take();  // thread 0 finds none of its own
  EXPECT_EQ(pool.chunks(), 201u);
  pool.give(fresh, 0);
  pool.balance();
  EXPECT_EQ(pool.free_in(0) + pool.free_in(1), 201u);
  EXPECT_LE(pool.free_in(0) > pool.free_in(1) ? pool.free_in(0) - pool.free_in(1) : pool.free_in(1) - pool.free_in(0),
            1u);
  for (int k = 0; k < 100; ++k) pool.take();  // from its share: nothing made
  EXPECT_EQ(pool.chunks(), 201u);
  // Within the slack: nothing moves.
  CreditLog::Pool small(2);
  std::vector<decltype(small.take())> few;
  for (size_t k = 0; k < CreditLog::Pool::kSlack; ++k) few.push_back(small.take());
  for (auto* c : few) small.give(c, 1);
  small.balance();
  EXPECT_EQ(small.free_in(1), CreditLog::Pool::kSlack);
}

// One thread sends to another's routers, which release each cycle's items
// as they take them (a cluster's run): with the lists balanced after each
// batch, the sender reuses what the receiver freed, and the logs' memory
// stays bounded (a cycle's chunks and the balance's slack), however long
// the run.
TEST(ArrivalLogs, ChunksReleasedOnAnotherThreadComeBack) {
  ArrivalLogs logs(2, 2);  // two threads, two shelves
  const uint32_t n = 2000;  // items per cycle, several chunks
  size_t made = 0;
  for (Cycle a = 1; a < 200; ++a) {
    {
      AsThread sender(1);
      for (uint32_t k = 0; k < n; ++k) logs.here(0).credits.add(a + 1, a, {k, 0});
    }
    size_t seen = 0;
    logs.visit_batch(a + 1, 1, [&](Cycle, const LoggedCredit&) { ++seen; }, [](Cycle, const LoggedFlit&) {}, true, 0,
                     1);
    ASSERT_EQ(seen, n);
    logs.release_here(a + 1, 0, 1, false);  // thread 0 runs shelf 0
    logs.balance();
    if (a == 100) made = logs.chunks();
  }
  const size_t cycle = (n + 126) / 127;  // a chunk's 1 KB holds 127 credits
  EXPECT_GE(made, cycle);
  EXPECT_LE(made, cycle + 2 * CreditLog::Pool::kSlack);
  EXPECT_EQ(logs.chunks(), made);
  EXPECT_TRUE(logs.empty(200));
}

// A box sorted over runs [first, last) gives each run its own items as
// one block, in the order they were staged (here an item's run is its key).
TEST(ArrivalBox, GivesEachReceiverOfItsRangeItsItemsInOrder) {
  ArrivalBox<LoggedCredit> box;
  const std::vector<LoggedCredit> staged{{12, 1}, {10, 2}, {12, 3}, {11, 4}, {10, 5}, {12, 6}};
  for (const LoggedCredit& c : staged) box.stage(c, c.key);
  box.sort_runs(10, 14);
  auto payloads = [&](size_t r) {
    std::vector<uint32_t> p;
    for (auto [i, end] = box.of(r); i != end; ++i) {
      EXPECT_EQ(i->key, r);
      p.push_back(i->payload);
    }
    return p;
  };
  EXPECT_EQ(payloads(10), (std::vector<uint32_t>{2, 5}));
  EXPECT_EQ(payloads(11), (std::vector<uint32_t>{4}));
  EXPECT_EQ(payloads(12), (std::vector<uint32_t>{1, 3, 6}));
  EXPECT_TRUE(payloads(13).empty());
  box.clear();
  EXPECT_TRUE(box.empty());
}
