#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "core/index_set.h"
#include "core/rng.h"

using namespace nocsim;

// Against std::set, across the inline first word and the words beyond it.
TEST(IndexSet, MatchesAnOrderedSetAcrossWords) {
  for (int n : {10, 64, 65, 200}) {
    IndexSet a(n), b(n);
    std::set<int> ra, rb;
    Rng rng(static_cast<uint64_t>(n), "index-set");
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
      ASSERT_EQ(a.empty(), ra.empty());
      std::vector<int> got, want(ra.begin(), ra.end());
      a.for_each([&](int k) { got.push_back(k); });
      ASSERT_EQ(got, want) << "n " << n << " step " << step;
      std::set<int> u = ra;
      u.insert(rb.begin(), rb.end());
      got.clear();
      a.for_each([&](int k) { got.push_back(k); }, &b);
      ASSERT_EQ(got, std::vector<int>(u.begin(), u.end())) << "n " << n << " step " << step;
    }
  }
}
