// The VC allocators built on the switch allocators' matchings
// (router.allocator.va = sep_of, islip, wavefront, max_size;
// alloc/vc_allocator.h) on exact request matrices, and what each promises
// at every output port: a matching of input VCs to the VCs they asked for;
// maximal for wavefront, max_size and iSLIP with V iterations; maximum size
// for max_size (against a brute-force maximum); no input VC starved.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "alloc/vc_allocator.h"
#include "core/rng.h"
#include "unit/matching_checks.h"

using namespace nocsim;
using namespace nocsim::test;

namespace {

struct Ask {
  int i, op;  // input VC ip*V+ivc, output port
  uint64_t mask;
};

// One allocation; the output VC granted to each input VC (-1: none).
std::vector<int> allocate(VcAllocator& va, int P, int V, const std::vector<Ask>& asks) {
  for (const Ask& a : asks) va.request(a.i / V, a.i % V, a.op, a.mask);
  va.allocate();
  std::vector<int> g(static_cast<size_t>(P * V));
  for (int i = 0; i < P * V; ++i) g[static_cast<size_t>(i)] = va.grant_ovc(i);
  va.clear_requests();
  return g;
}

// Random asks: each input VC asks with probability 1/2 for a random port
// and a random non-empty mask of its VCs.
std::vector<Ask> random_asks(Rng& rng, int P, int V, int ports_asked) {
  std::vector<Ask> asks;
  for (int i = 0; i < P * V; ++i) {
    if (rng.below(2)) continue;
    const uint64_t all = V == 64 ? ~0ull : (1ull << V) - 1;
    const uint64_t mask = (rng.next() & all) | 1ull << rng.below(static_cast<uint64_t>(V));
    asks.push_back({i, static_cast<int>(rng.below(static_cast<uint64_t>(ports_asked))), mask});
  }
  return asks;
}

// The asks and grants at each output port, as (want, match) rows.
std::map<int, std::pair<std::vector<uint64_t>, std::vector<int>>> by_port(const std::vector<Ask>& asks,
                                                                          const std::vector<int>& g) {
  std::map<int, std::pair<std::vector<uint64_t>, std::vector<int>>> ports;
  for (const Ask& a : asks) {
    ports[a.op].first.push_back(a.mask);
    ports[a.op].second.push_back(g[static_cast<size_t>(a.i)]);
  }
  return ports;
}

constexpr VaAlgorithm kMatchings[] = {VaAlgorithm::SepOf, VaAlgorithm::Islip, VaAlgorithm::Wavefront,
                                      VaAlgorithm::MaxSize};

}  // namespace

TEST(VcMatchings, SeparableWastesWhatMaxSizeAndWavefrontUse) {
  // Two ports of two VCs (input VCs 0..3). At port 1: input VC 0 asks for
  // both VCs, input VCs 1 and 2 for VC 0 only.
  const int P = 2, V = 2;
  const std::vector<Ask> asks = {{0, 1, 0b11}, {1, 1, 0b01}, {2, 1, 0b01}};
  // sep_of: both output VCs grant input VC 0 (pointers at 0), which accepts
  // VC 0; VC 1 is wasted.
  VcAllocator sep(P, V, ArbiterKind::Rr, VaAlgorithm::SepOf);
  EXPECT_EQ(allocate(sep, P, V, asks), (std::vector<int>{0, -1, -1, -1}));
  // max_size: input VC 1 takes VC 0 and moves input VC 0 to VC 1.
  VcAllocator max(P, V, ArbiterKind::Rr, VaAlgorithm::MaxSize);
  EXPECT_EQ(allocate(max, P, V, asks), (std::vector<int>{1, 0, -1, -1}));
  // wavefront over the 4 x 4 square, column of (port 1, VC c) = 2 + c; cell
  // (i, j) lies on diagonal (j - i) mod 4. From diagonal 0: (2, 2) grants
  // input VC 2 VC 0; (1, 2) and (0, 2) find it taken; (0, 3) grants VC 1.
  VcAllocator wave(P, V, ArbiterKind::Rr, VaAlgorithm::Wavefront);
  EXPECT_EQ(allocate(wave, P, V, asks), (std::vector<int>{1, -1, 0, -1}));
  // From diagonal 1: (1, 2) first.
  EXPECT_EQ(allocate(wave, P, V, asks), (std::vector<int>{1, 0, -1, -1}));
}

TEST(VcMatchings, GrantAMatchingAtEveryPort) {
  Rng rng(21, "va-matchings");
  for (VaAlgorithm alg : kMatchings)
    for (auto [P, V] : {std::pair{3, 2}, {5, 4}, {8, 8}, {2, 64}}) {
      VcAllocator va(P, V, ArbiterKind::Rr, alg, alg == VaAlgorithm::Islip ? V : 1);
      for (int k = 0; k < 200; ++k) {
        const auto asks = random_asks(rng, P, V, 1 + k % P);
        const auto g = allocate(va, P, V, asks);
        for (const auto& [op, rows] : by_port(asks, g)) {
          expect_matching(rows.first, rows.second);
          if (alg != VaAlgorithm::SepOf) {  // iSLIP with V iterations, wavefront, max_size
            EXPECT_TRUE(maximal(rows.first, rows.second)) << static_cast<int>(alg) << " P " << P << " V " << V;
          }
        }
        int granted = 0;
        for (int x : g) granted += x >= 0;
        int asked_rows = 0;
        for (const auto& [op, rows] : by_port(asks, g)) asked_rows += size_of(rows.second);
        EXPECT_EQ(granted, asked_rows) << "a grant to an input VC that did not ask";
      }
    }
}

TEST(VcMatchings, MaxSizeEqualsTheBruteForceMaximum) {
  // Up to 8 input VCs at one port of up to 8 VCs.
  Rng rng(23, "va-max-size");
  for (int V = 1; V <= 8; ++V) {
    const int P = 2;
    VcAllocator va(P, V, ArbiterKind::Rr, VaAlgorithm::MaxSize);
    for (int k = 0; k < 300; ++k) {
      const auto asks = random_asks(rng, P, V, 1);
      for (const auto& [op, rows] : by_port(asks, allocate(va, P, V, asks)))
        EXPECT_EQ(size_of(rows.second), brute_max(rows.first)) << "V " << V << " allocation " << k;
    }
  }
}

TEST(VcMatchings, RoundRobinSepOfGrantsAsIslipWithOneIteration) {
  Rng rng(25, "va-sep-of-islip");
  const int P = 4, V = 3;
  VcAllocator s(P, V, ArbiterKind::Rr, VaAlgorithm::SepOf), i(P, V, ArbiterKind::Rr, VaAlgorithm::Islip, 1);
  for (int k = 0; k < 2000; ++k) {
    const auto asks = random_asks(rng, P, V, 1 + k % P);
    ASSERT_EQ(allocate(s, P, V, asks), allocate(i, P, V, asks)) << "allocation " << k;
  }
}

TEST(VcMatchings, NoInputVcIsStarved) {
  // Every input VC of 3 ports x 2 VCs asks for port 0, all for both its VCs
  // but input VC 3, for VC 0 only: each must be granted within a bounded
  // number of allocations under every algorithm. (Which of the VCs it asked
  // for an input VC gets is the allocator's business: any of them takes
  // its packet.)
  const int P = 3, V = 2, N = P * V;
  std::vector<Ask> asks;
  for (int i = 0; i < N; ++i) asks.push_back({i, 0, i == 3 ? 0b01ull : 0b11ull});
  for (VaAlgorithm alg : kMatchings) {
    VcAllocator va(P, V, ArbiterKind::Rr, alg);
    std::vector<int> served(static_cast<size_t>(N), 0);
    for (int k = 0; k < 2 * N; ++k) {
      const auto g = allocate(va, P, V, asks);
      for (int i = 0; i < N; ++i) served[static_cast<size_t>(i)] += g[static_cast<size_t>(i)] >= 0;
    }
    for (int i = 0; i < N; ++i)
      EXPECT_GT(served[static_cast<size_t>(i)], 0) << "algorithm " << static_cast<int>(alg) << " input VC " << i;
  }
}
