// The port-matching switch allocators (alloc/port_matchers.h) on exact
// request matrices, and the properties each promises: a matching always;
// maximal for wavefront, max_size and iSLIP with P iterations; maximum size
// for max_size (against a brute-force maximum); no pair starved.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "alloc/port_matchers.h"
#include "alloc/sw_alloc_backend.h"
#include "core/rng.h"
#include "unit/matching_checks.h"

using namespace nocsim;
using namespace nocsim::test;

namespace {

std::vector<int> run(PortMatcher& m, const std::vector<uint64_t>& want) {
  const int P = static_cast<int>(want.size());
  uint64_t inputs = 0;
  for (int ip = 0; ip < P; ++ip) inputs |= (want[ip] ? 1ull : 0) << ip;
  std::vector<int> match(static_cast<size_t>(P), -2);
  m.match(inputs, want.data(), match.data());
  return match;
}

std::vector<uint64_t> random_want(Rng& rng, int P, int one_in) {
  std::vector<uint64_t> want(static_cast<size_t>(P), 0);
  for (int ip = 0; ip < P; ++ip)
    for (int o = 0; o < P; ++o) want[ip] |= (rng.below(one_in) == 0 ? 1ull : 0) << o;
  return want;
}

}  // namespace

TEST(SepOfMatcher, OutputsPickThenInputsAccept) {
  SepOfMatcher m(3);
  // Input 0 wants outputs 0 and 1, input 1 output 0, input 2 outputs 1 and 2.
  const std::vector<uint64_t> want = {0b011, 0b001, 0b110};
  // Outputs 0 and 1 both pick input 0 (pointers at 0), output 2 input 2;
  // input 0 accepts output 0: output 1 is wasted, input 1 gets nothing.
  EXPECT_EQ(run(m, want), (std::vector<int>{0, -1, 2}));
  // Outputs 0 and 2 moved past their accepted picks, output 1 did not: 0
  // picks 1, 1 picks 0 again, 2 picks 2; every input accepts its one offer.
  EXPECT_EQ(run(m, want), (std::vector<int>{1, 0, 2}));
}

TEST(SepOfMatcher, RoundRobinGrantsAsIslipWithOneIteration) {
  Rng rng(13, "sep-of-islip");
  SepOfMatcher s(7);
  IslipMatcher i(7, 1);
  for (int k = 0; k < 2000; ++k) {
    const auto want = random_want(rng, 7, 1 + k % 3);
    ASSERT_EQ(run(s, want), run(i, want)) << "allocation " << k;
  }
}

TEST(IslipMatcher, OneIterationDesynchronisesItsPointers) {
  // Every input wants every output: the first allocation matches one pair;
  // the pointers then spread until every allocation is a perfect matching.
  const int P = 4;
  IslipMatcher m(P, 1);
  const std::vector<uint64_t> all(P, 0b1111);
  EXPECT_EQ(run(m, all), (std::vector<int>{0, -1, -1, -1}));
  EXPECT_EQ(run(m, all), (std::vector<int>{1, 0, -1, -1}));
  for (int k = 0; k < 3; ++k) run(m, all);
  for (int k = 0; k < 20; ++k) EXPECT_EQ(size_of(run(m, all)), P) << k;
}

TEST(IslipMatcher, EnoughIterationsAreMaximal) {
  Rng rng(3, "islip");
  for (int P : {2, 5, 8, 16}) {
    IslipMatcher m(P, P);
    for (int k = 0; k < 300; ++k) {
      const auto want = random_want(rng, P, 3);
      const auto match = run(m, want);
      expect_matching(want, match);
      EXPECT_TRUE(maximal(want, match)) << "P " << P << " allocation " << k;
    }
  }
}

TEST(WavefrontMatcher, GrantsDiagonalsFromTheRotatingPriorityOne) {
  WavefrontMatcher m(3);
  const std::vector<uint64_t> all(3, 0b111);
  EXPECT_EQ(run(m, all), (std::vector<int>{0, 1, 2}));  // diagonal 0: (i, i)
  EXPECT_EQ(m.priority_diagonal(), 1);
  EXPECT_EQ(run(m, all), (std::vector<int>{1, 2, 0}));  // diagonal 1: (i, i + 1)
  // Input 0 wants output 0 only, input 1 outputs 0 and 1: from diagonal 2,
  // (1, 0) is granted first and input 0 is left out.
  EXPECT_EQ(run(m, {0b001, 0b011, 0}), (std::vector<int>{-1, 0, -1}));
}

TEST(PortMatchers, MaximalWhereTheAlgorithmPromisesIt) {
  Rng rng(5, "maximal");
  for (int P : {1, 3, 7, 10, 64}) {
    WavefrontMatcher w(P);
    MaxSizeMatcher x(P);
    SepOfMatcher s(P);
    for (int k = 0; k < 200; ++k) {
      const auto want = random_want(rng, P, k % 2 ? 2 : 5);
      const auto mw = run(w, want), mx = run(x, want), ms = run(s, want);
      expect_matching(want, mw);
      expect_matching(want, mx);
      expect_matching(want, ms);  // separable: a matching, maximal or not
      EXPECT_TRUE(maximal(want, mw)) << "wavefront P " << P;
      EXPECT_TRUE(maximal(want, mx)) << "max_size P " << P;
    }
  }
}

TEST(MaxSizeMatcher, EqualsTheBruteForceMaximum) {
  Rng rng(7, "max-size");
  for (int P = 1; P <= 8; ++P) {
    MaxSizeMatcher m(P);
    for (int k = 0; k < 400; ++k) {
      const auto want = random_want(rng, P, 1 + k % 4);
      const auto match = run(m, want);
      expect_matching(want, match);
      EXPECT_EQ(size_of(match), brute_max(want)) << "P " << P << " allocation " << k;
    }
  }
}

TEST(PortMatchers, NoRequestedPairIsStarved) {
  // Every input wants every output but one: each pair must be granted
  // within a bounded number of allocations under every algorithm.
  const int P = 6;
  std::vector<uint64_t> want(P, 0b111111);
  want[2] &= ~0b100ull;
  std::vector<std::unique_ptr<PortMatcher>> ms;
  ms.push_back(std::make_unique<SepOfMatcher>(P));
  ms.push_back(std::make_unique<IslipMatcher>(P, 1));
  ms.push_back(std::make_unique<IslipMatcher>(P, 3));
  ms.push_back(std::make_unique<WavefrontMatcher>(P));
  ms.push_back(std::make_unique<MaxSizeMatcher>(P));
  for (size_t a = 0; a < ms.size(); ++a) {
    std::vector<int> served(P * P, 0);
    for (int k = 0; k < 4 * P * P; ++k) {
      const auto match = run(*ms[a], want);
      for (int ip = 0; ip < P; ++ip)
        if (match[ip] >= 0) ++served[ip * P + match[ip]];
    }
    for (int ip = 0; ip < P; ++ip)
      for (int o = 0; o < P; ++o)
        if (want[ip] >> o & 1) {
          EXPECT_GT(served[ip * P + o], 0) << "algorithm " << a << " pair " << ip << "," << o;
        }
  }
}

// Through the registry, as the SA stage calls them: VC grants that want the
// matched output, one per input, one input per output.
TEST(PortMatchers, RegisteredAllocatorsGrantVcsOfTheMatchedOutput) {
  const int P = 5, V = 3;
  Rng rng(9, "sa-grants");
  for (const std::string name : {"sep_of", "islip", "wavefront", "max_size"}) {
    SaArbiters arb;
    arb.iterations = name == "islip" ? 2 : 1;
    auto alloc = sw_alloc_registry().at(name).make(P, V, arb);
    for (int k = 0; k < 500; ++k) {
      std::vector<uint64_t> req(P, 0);
      std::vector<int> op_of(P * V, 0), gnt(P, -2);
      uint64_t inputs = 0;
      for (int ip = 0; ip < P; ++ip)
        for (int v = 0; v < V; ++v)
          if (rng.below(2)) {
            req[ip] |= 1ull << v;
            op_of[ip * V + v] = static_cast<int>(rng.below(P));
            inputs |= 1ull << ip;
          }
      alloc->allocate(inputs, req.data(), op_of.data(), gnt.data());
      uint64_t used = 0;
      for (int ip = 0; ip < P; ++ip) {
        if (!(inputs >> ip & 1)) continue;
        const int v = gnt[ip];
        ASSERT_GE(v, -1) << name;
        if (v < 0) continue;
        ASSERT_TRUE(req[ip] >> v & 1) << name << ": a VC that did not request";
        const int o = op_of[ip * V + v];
        EXPECT_FALSE(used >> o & 1) << name << ": output " << o << " twice";
        used |= 1ull << o;
      }
    }
  }
}
