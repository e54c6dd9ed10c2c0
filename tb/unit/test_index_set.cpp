#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "core/flag_scan.h"
#include "core/index_set.h"
#include "core/rng.h"

using namespace nocsim;

// Against std::set, across the inline first word and the words beyond it
// (inserts of members and erases of non-members included), then drained.
TEST(IndexSet, MatchesAnOrderedSetAcrossWords) {
  for (int n : {10, 64, 65, 200}) {
    IndexSet a(n), b(n);
    std::set<int> ra, rb;
    Rng rng(static_cast<uint64_t>(n), "index-set");
    const uint64_t mask = 0x00000000ffff00ffull;  // members below 64 that any_but() ignores
    auto same_tests = [&] {
      ASSERT_EQ(a.empty(), ra.empty());
      const bool outside = std::any_of(ra.begin(), ra.end(), [&](int k) { return k >= 64 || !((mask >> k) & 1); });
      ASSERT_EQ(a.any_but(mask), outside);
    };
    for (int step = 0; step < 5000; ++step) {
      const int i = static_cast<int>(rng.below(static_cast<uint64_t>(n)));
      const bool to_a = rng.below(2) == 0, add = rng.below(3) != 0;
      IndexSet& s = to_a ? a : b;
      std::set<int>& r = to_a ? ra : rb;
      if (add) {
        s.insert(i);
        r.insert(i);
      } else {
        s.erase(i);
        r.erase(i);
      }
      ASSERT_NO_FATAL_FAILURE(same_tests()) << "n " << n << " step " << step;
      std::vector<int> got, want(ra.begin(), ra.end());
      a.for_each([&](int k) { got.push_back(k); });
      ASSERT_EQ(got, want) << "n " << n << " step " << step;
      std::set<int> u = ra;
      u.insert(rb.begin(), rb.end());
      got.clear();
      a.for_each([&](int k) { got.push_back(k); }, &b);
      ASSERT_EQ(got, std::vector<int>(u.begin(), u.end())) << "n " << n << " step " << step;
    }
    for (int i : std::vector<int>(ra.rbegin(), ra.rend())) {
      a.erase(i);
      ra.erase(i);
      ASSERT_NO_FATAL_FAILURE(same_tests()) << "n " << n << " draining " << i;
    }
  }
}

// The flagged items in index order, each once, across words and with the
// range's ends; the flags cleared only when asked; before each item's call
// the items 3, 2 and 1 places after it were told, in that order, and never
// an item already called or one not flagged.
TEST(FlagScan, CallsFlaggedItemsInOrderAfterTellingThoseAhead) {
  for (const size_t count : {0u, 1u, 2u, 4u, 7u, 30u}) {
    SCOPED_TRACE(count);
    std::vector<uint8_t> flags(128, 0);
    std::vector<size_t> want;
    for (size_t k = 0; k < count; ++k) want.push_back(8 + (k * 37) % 112);
    std::sort(want.begin(), want.end());
    want.erase(std::unique(want.begin(), want.end()), want.end());
    for (size_t i : want) flags[i] = 1;
    flags[0] = flags[127] = 1;  // outside [8, 120): never called
    for (const bool clear : {false, true}) {
      std::vector<size_t> got;
      std::vector<std::vector<std::pair<size_t, int>>> told_before;  // per call: the ahead calls since the last
      std::vector<std::pair<size_t, int>> told;
      std::vector<uint32_t> list;
      for_flagged_ahead(
          flags.data(), 8, 120, clear, list, [&](size_t j, int d) { told.emplace_back(j, d); },
          [&](size_t i) {
            got.push_back(i);
            told_before.push_back(told);
            told.clear();
          });
      EXPECT_EQ(got, want);
      EXPECT_TRUE(told.empty());
      for (size_t c = 0; c < got.size(); ++c) {
        std::vector<std::pair<size_t, int>> expect;
        for (int d = 3; d >= 1; --d)
          if (c + static_cast<size_t>(d) < got.size()) expect.emplace_back(got[c + static_cast<size_t>(d)], d);
        EXPECT_EQ(told_before[c], expect) << c;
      }
      for (size_t i : want) EXPECT_EQ(flags[i], clear ? 0 : 1) << i;
      EXPECT_EQ(flags[0], 1);
      EXPECT_EQ(flags[127], 1);
    }
  }
}
