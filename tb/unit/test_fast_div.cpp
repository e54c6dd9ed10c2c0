#include <gtest/gtest.h>

#include <vector>

#include "core/fast_div.h"
#include "core/rng.h"

using namespace nocsim;

// FastDiv against / and % over small and large divisors and dividends up to
// 2^31 - 1 (the edges where a rounded reciprocal would be off by one).
TEST(FastDiv, MatchesDivisionAndRemainder) {
  Rng rng(7, "fast-div");
  std::vector<int> divisors;
  for (int d = 1; d <= 300; ++d) divisors.push_back(d);
  for (int d : {1023, 1024, 1025, 4097, 65535, 65536, 1 << 24, 2147483647}) divisors.push_back(d);
  for (int d : divisors) {
    const FastDiv f(d);
    ASSERT_EQ(f.divisor(), d);
    std::vector<int> ns = {0, 1, 2147483647, 2147483646};
    for (int k = 1; k < 40; ++k)  // the multiples of d and their neighbours
      for (long long m : {static_cast<long long>(d) * k - 1, static_cast<long long>(d) * k,
                          static_cast<long long>(d) * k + 1})
        if (m <= 2147483647) ns.push_back(static_cast<int>(m));
    for (int k = 0; k < 200; ++k) ns.push_back(static_cast<int>(rng.below(2147483648ull)));
    for (int n : ns) {
      ASSERT_EQ(f.div(n), n / d) << n << " / " << d;
      ASSERT_EQ(f.mod(n), n % d) << n << " % " << d;
    }
  }
}
