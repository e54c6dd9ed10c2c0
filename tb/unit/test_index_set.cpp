#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

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
