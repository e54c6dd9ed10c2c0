#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "router/sa_scratch.h"
#include "router/stage_scratch.h"

using namespace nocsim;

namespace {

// What the switch allocation expects between evaluates in a router's part
// (ports P of V VCs): no grants, no requests, nothing taken.
bool clean(const SaScratch& s, size_t P, size_t V) {
  auto zero = [](const auto& v, size_t n) {
    return std::all_of(v.begin(), v.begin() + static_cast<long>(std::min(n, v.size())),
                       [](auto x) { return x == decltype(x){}; });
  };
  const auto PV = static_cast<long>(std::min(P * V, s.taken.size()));
  const bool taken_zero =
      std::all_of(s.taken.begin(), s.taken.begin() + PV, [](const SaScratch::Taken& t) { return !t.flits && !t.tail; });
  return s.grants.empty() && zero(s.req, P) && zero(s.transit_out, P) && taken_zero && zero(s.used, P * V) &&
         zero(s.added, P) && zero(s.shared, P);
}

}  // namespace

// A stage's own copy has room for its router; the speedup's arrays only
// with a speedup; a thread's copy for any router the keys allow.
TEST(SaScratch, SizedForItsRouter) {
  const SaScratch one(5, 3, 1), two(5, 3, 2), widest = SaScratch::widest();
  EXPECT_EQ(one.req.size(), 5u);
  EXPECT_EQ(one.op_of.size(), 15u);
  EXPECT_EQ(one.gnt.size(), 5u);
  EXPECT_EQ(one.grants.capacity(), 5u);
  EXPECT_TRUE(one.taken.empty() && one.used.empty() && one.added.empty() && one.shared.empty());
  EXPECT_EQ(two.taken.size(), 15u);
  EXPECT_EQ(two.used.size(), 15u);
  EXPECT_EQ(two.added.size(), 5u);
  EXPECT_EQ(two.shared.size(), 5u);
  EXPECT_EQ(two.grants.capacity(), 10u);  // one per input port and round
  EXPECT_TRUE(clean(two, 5, 3));
  const auto P = static_cast<size_t>(ScratchBounds::kMaxPorts), V = static_cast<size_t>(ScratchBounds::kMaxVcs);
  EXPECT_EQ(widest.op_of.size(), P * V);
  EXPECT_EQ(widest.used.size(), P * V);
  EXPECT_EQ(widest.grants.capacity(), P * static_cast<size_t>(ScratchBounds::kMaxRounds));
  EXPECT_TRUE(ScratchBounds::within(64, 64, 8));
  EXPECT_FALSE(ScratchBounds::within(65, 2, 1));
  EXPECT_FALSE(ScratchBounds::within(8, 2, 9));
}

// What a run stopped by an error in a router leaves (Router::fail), or an
// earlier run left in a thread's copy: clean() empties a router's part.
TEST(SaScratch, CleanEmptiesARoutersPart) {
  SaScratch s = SaScratch::widest();
  s.grants.push({1, 0});
  s.req[1] = 5;
  s.transit_out[2] = 1;
  s.taken[3] = {2, 1};
  s.used[4] = 3;
  s.added[1] = 2;
  s.shared[0] = 1;
  EXPECT_FALSE(clean(s, 4, 2));
  s.clean(4, 2);
  EXPECT_TRUE(clean(s, 4, 2));
  SaScratch own(4, 2, 1);  // no speedup arrays: nothing past them is touched
  own.req[3] = 1;
  own.clean(4, 2);
  EXPECT_TRUE(clean(own, 4, 2));
}

// One pass shares a copy among the routers of one thread, never across
// threads; otherwise each stage keeps its own.
TEST(SaScratch, EachThreadHasItsOwnAndAStageItsOwn) {
  SaScratch* here = &StageScratch<SaScratch>::of_thread();
  EXPECT_EQ(here, &StageScratch<SaScratch>::of_thread());
  SaScratch* there = nullptr;
  std::thread t([&] { there = &StageScratch<SaScratch>::of_thread(); });
  t.join();
  EXPECT_NE(here, there);
  StageScratch<SaScratch> own(SaScratch(4, 2, 1));
  SaScratch* mine = &own.get();
  EXPECT_NE(mine, here);
  EXPECT_EQ(mine->op_of.size(), 8u);
  EXPECT_EQ(own.share(false, false), mine);  // two passes: its own
  EXPECT_EQ(&own.get(), mine);
  StageScratch<SaScratch> one(SaScratch(4, 2, 1));
  EXPECT_EQ(one.share(true, false), here);  // one thread: the set-up thread's copy
  EXPECT_EQ(&one.get(), here);
  EXPECT_THROW(one.share(false, false), std::logic_error);  // its own copy went
  StageScratch<SaScratch> threads(SaScratch(4, 2, 1));
  EXPECT_EQ(threads.share(true, true), nullptr);  // threads: each worker's, found at each use
  EXPECT_EQ(&threads.get(), here);
  SaScratch* worker = nullptr;
  std::thread w([&] { worker = &threads.get(); });
  w.join();
  EXPECT_NE(worker, here);
}
