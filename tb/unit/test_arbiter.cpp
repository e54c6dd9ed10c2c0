// The arbiter kinds of router.arbiter.* (alloc/arbiter.h) at their corners,
// and the allocators built on them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "alloc/arbiter.h"
#include "alloc/rr_arbiter.h"
#include "alloc/sep_if_allocator.h"
#include "alloc/vc_allocator.h"
#include "core/rng.h"

using namespace nocsim;

namespace {

constexpr uint64_t kAll5 = 0x1f;

std::vector<int> grants(Arbiter& a, const std::vector<uint64_t>& reqs, const Cycle* age = nullptr) {
  std::vector<int> out;
  for (uint64_t r : reqs) {
    const int g = a.eval_mask(r, age);
    out.push_back(g);
    a.tick(g);
  }
  return out;
}

}  // namespace

TEST(Arbiter, NothingRequestedGrantsNothingAndKeepsState) {
  for (ArbiterKind k : {ArbiterKind::Rr, ArbiterKind::Lrs, ArbiterKind::Age, ArbiterKind::Matrix}) {
    Arbiter a(k, 5);
    const Cycle age[5] = {0, 0, 0, 0, 0};
    EXPECT_EQ(a.eval_mask(0, age), -1);
    a.tick(-1);
    EXPECT_EQ(a.eval_mask(kAll5, age), 0) << "initial priority: requester 0";
  }
}

// After serving 3 alone, round-robin goes on from 4; least-recently-served
// puts 3 last and keeps 0, 1, 2, 4 in their order.
TEST(Arbiter, LeastRecentlyServedDiffersFromRoundRobin) {
  Arbiter rr(ArbiterKind::Rr, 5), lrs(ArbiterKind::Lrs, 5), mat(ArbiterKind::Matrix, 5);
  const std::vector<uint64_t> reqs{1u << 3, kAll5, kAll5, kAll5, kAll5, kAll5, kAll5};
  EXPECT_EQ(grants(rr, reqs), (std::vector<int>{3, 4, 0, 1, 2, 3, 4}));
  EXPECT_EQ(grants(lrs, reqs), (std::vector<int>{3, 0, 1, 2, 4, 3, 0}));
  EXPECT_EQ(grants(mat, reqs), (std::vector<int>{3, 0, 1, 2, 4, 3, 0}));
}

TEST(Arbiter, AgeGrantsTheOldestAndBreaksTiesRoundRobin) {
  Arbiter a(ArbiterKind::Age, 4);
  Cycle age[4] = {50, 20, 20, 90};
  EXPECT_EQ(a.eval_mask(0xf, age), 1);  // 1 and 2 tie as oldest; pointer at 0
  a.tick(1);
  EXPECT_EQ(a.eval_mask(0xf, age), 2);  // the tie now goes to 2: pointer past 1
  EXPECT_EQ(a.eval_mask(0x9, age), 0);  // oldest among {0, 3}
  age[3] = 0;
  EXPECT_EQ(a.eval_mask(0x9, age), 3);
  EXPECT_TRUE(a.prefers(3, 0, age));
  EXPECT_FALSE(a.prefers(0, 3, age));
}

// The matrix arbiter and the stamps of lrs are two implementations of one
// priority order: the same grants on random requests, with more requesters
// than one word (prefers() beyond 64) as well.
TEST(Arbiter, MatrixEqualsLeastRecentlyServed) {
  Rng rng(5, "arb-lrs");
  Arbiter lrs(ArbiterKind::Lrs, 7), mat(ArbiterKind::Matrix, 7);
  for (int i = 0; i < 20000; ++i) {
    const uint64_t r = rng.below(128);
    const int g = lrs.eval_mask(r, nullptr);
    ASSERT_EQ(g, mat.eval_mask(r, nullptr)) << "step " << i;
    lrs.tick(g);
    mat.tick(g);
  }
  const int n = 90;
  Arbiter big_lrs(ArbiterKind::Lrs, n), big_mat(ArbiterKind::Matrix, n);
  for (int i = 0; i < 3000; ++i) {
    const int a = static_cast<int>(rng.below(n)), b = static_cast<int>(rng.below(n));
    if (a != b) {
      ASSERT_EQ(big_lrs.prefers(a, b, nullptr), big_mat.prefers(a, b, nullptr)) << a << " vs " << b;
    }
    const int g = static_cast<int>(rng.below(n));
    big_lrs.tick(g);
    big_mat.tick(g);
  }
}

// eval_mask's grant is the requester prefers() ranks first, for every kind.
TEST(Arbiter, GrantIsPreferredOverEveryOtherRequester) {
  Rng rng(6, "arb-order");
  for (ArbiterKind k : {ArbiterKind::Rr, ArbiterKind::Lrs, ArbiterKind::Age, ArbiterKind::Matrix}) {
    Arbiter a(k, 9);
    Cycle age[9];
    for (int i = 0; i < 5000; ++i) {
      for (Cycle& x : age) x = rng.below(4);  // many ties
      const uint64_t r = rng.below(512);
      const int g = a.eval_mask(r, age);
      for (uint64_t m = r; m; m &= m - 1) {
        const int j = __builtin_ctzll(m);
        if (j != g) {
          ASSERT_TRUE(a.prefers(g, j, age)) << "kind " << static_cast<int>(k) << " step " << i;
        }
      }
      a.tick(g);
    }
  }
}

TEST(Arbiter, RoundRobinKindEqualsRrArbiter) {
  Rng rng(7, "arb-rr");
  Arbiter a(ArbiterKind::Rr, 6);
  RrArbiter b(6);
  for (int i = 0; i < 10000; ++i) {
    const uint64_t r = rng.below(64);
    const int g = a.eval_mask(r, nullptr);
    ASSERT_EQ(g, b.eval_mask(r));
    a.tick(g);
    b.tick(g);
  }
}

// With round-robin at both stages, the allocator over generic arbiters is
// the RTL twin, grant for grant.
TEST(SepIfArbAllocator, RoundRobinKindsEqualTheTwin) {
  const int P = 5, V = 3;
  SepIfAllocator twin(P, V);
  SepIfArbAllocator gen(P, V, ArbiterKind::Rr, ArbiterKind::Rr);
  Rng rng(8, "sa-kinds");
  std::vector<uint64_t> req(P);
  std::vector<int> op_of(P * V), g1(P), g2(P);
  for (int cyc = 0; cyc < 20000; ++cyc) {
    uint64_t inputs = 0;
    for (int ip = 0; ip < P; ++ip) {
      req[ip] = rng.below(1u << V);
      for (int v = 0; v < V; ++v) op_of[ip * V + v] = static_cast<int>(rng.below(P));
      if (req[ip]) inputs |= 1ull << ip;
    }
    twin.allocate(inputs, req.data(), op_of.data(), g1.data());
    gen.allocate(inputs, req.data(), op_of.data(), g2.data());
    for (int ip = 0; ip < P; ++ip)
      if (inputs >> ip & 1) {
        ASSERT_EQ(g1[ip], g2[ip]) << "cycle " << cyc << " input " << ip;
      }
  }
}

// Age at both stages: of two inputs contending for one output, the one whose
// chosen VC holds the older packet wins, and within an input the oldest VC.
TEST(SepIfArbAllocator, AgeGrantsTheOldestPacket) {
  const int P = 3, V = 2;
  SepIfArbAllocator a(P, V, ArbiterKind::Age, ArbiterKind::Age);
  const uint64_t req[P] = {0x3, 0x1, 0};
  const int op_of[P * V] = {2, 2, 2, 0, 0, 0};
  Cycle age[P * V] = {30, 10, 20, 0, 0, 0};
  int gnt[P];
  for (int round = 0; round < 3; ++round) {  // priority by age, not by pointer
    a.allocate(0x3, req, op_of, gnt, age);
    EXPECT_EQ(gnt[0], 1);
    EXPECT_EQ(gnt[1], -1);
  }
  age[1] = 40;  // input 0's oldest is now VC 0 (30); input 1's VC 0 (20) is older
  a.allocate(0x3, req, op_of, gnt, age);
  EXPECT_EQ(gnt[0], -1);
  EXPECT_EQ(gnt[1], 0);
}

// VA stage 2 by age: the input VC with the older head wins the output VC
// whatever the round-robin position; lrs (and matrix) and round-robin part
// ways once one requester was served alone.
TEST(VcAllocator, StageTwoKinds) {
  const int P = 2, V = 2;
  VcAllocator age(P, V, ArbiterKind::Age);
  for (int round = 0; round < 3; ++round) {
    age.request(0, 0, 1, 0x1, 500);
    age.request(1, 1, 1, 0x1, 100);
    age.allocate();
    EXPECT_EQ(age.grant_ovc(3), 0);
    EXPECT_EQ(age.grant_ovc(0), -1);
    age.clear_requests();
  }
  // Input VC 1 served alone; then 0 and 3 contend: round-robin goes on from
  // 2 and grants 3, least-recently-served grants 0 (never served).
  auto contest = [&](ArbiterKind k) {
    VcAllocator va(P, V, k);
    va.request(0, 1, 1, 0x1);
    va.allocate();
    EXPECT_EQ(va.grant_ovc(1), 0);
    va.clear_requests();
    va.request(0, 0, 1, 0x1);
    va.request(1, 1, 1, 0x1);
    va.allocate();
    return va.grant_ovc(0) == 0 ? 0 : va.grant_ovc(3) == 0 ? 3 : -1;
  };
  EXPECT_EQ(contest(ArbiterKind::Rr), 3);
  EXPECT_EQ(contest(ArbiterKind::Lrs), 0);
  EXPECT_EQ(contest(ArbiterKind::Matrix), 0);
}
