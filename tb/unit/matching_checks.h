#pragma once
// What a matching must be, for the allocator tests (test_port_matchers.cpp,
// test_vc_matchers.cpp): rows (inputs) with want masks over columns; match
// gives each row its column or -1.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace nocsim::test {

// A matching of requested pairs: at most one input per output.
inline void expect_matching(const std::vector<uint64_t>& want, const std::vector<int>& match) {
  uint64_t used = 0;
  for (size_t ip = 0; ip < want.size(); ++ip) {
    const int o = match[ip];
    ASSERT_GE(o, -1);
    if (o < 0) continue;
    EXPECT_TRUE(want[ip] >> o & 1) << "input " << ip << " got output " << o << " it did not ask for";
    EXPECT_FALSE(used >> o & 1) << "output " << o << " twice";
    used |= 1ull << o;
  }
}

// No unmatched input wants an unmatched output.
inline bool maximal(const std::vector<uint64_t>& want, const std::vector<int>& match) {
  uint64_t used = 0;
  for (int o : match)
    if (o >= 0) used |= 1ull << o;
  for (size_t ip = 0; ip < want.size(); ++ip)
    if (match[ip] < 0 && (want[ip] & ~used)) return false;
  return true;
}

inline int size_of(const std::vector<int>& match) {
  return static_cast<int>(std::count_if(match.begin(), match.end(), [](int o) { return o >= 0; }));
}

// The largest matching, by trying every output (or none) for each input.
inline int brute_max(const std::vector<uint64_t>& want, size_t ip = 0, uint64_t used = 0) {
  if (ip == want.size()) return 0;
  int best = brute_max(want, ip + 1, used);
  for (uint64_t w = want[ip] & ~used; w; w &= w - 1)
    best = std::max(best, 1 + brute_max(want, ip + 1, used | (w & -w)));
  return best;
}

}  // namespace nocsim::test
