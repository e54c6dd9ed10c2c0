#pragma once
// Division and remainder by a divisor fixed at construction, by one 64x64-bit
// multiply instead of an idiv (20-40 cycles on this machine class): the
// dragonfly's router and port arithmetic divides by a, h and p at every
// routing call (docs/performance.md, "Session 44"). The method is Lemire,
// Kaser and Kurz, "Faster remainder by direct computation" (2019): with
// M = floor((2^64 - 1) / d) + 1, n / d = (M n) >> 64 and
// n mod d = ((M n mod 2^64) d) >> 64, exact for every 32-bit n and d >= 2.
#include <cassert>
#include <cstdint>

namespace nocsim {

class FastDiv {
 public:
  explicit FastDiv(int d = 1)
      : d_(static_cast<uint32_t>(d)), m_(d > 1 ? UINT64_MAX / static_cast<uint32_t>(d) + 1 : 0) {
    assert(d >= 1);
  }
  int divisor() const { return static_cast<int>(d_); }
  // n / d for n >= 0.
  int div(int n) const {
    assert(n >= 0);
    if (m_ == 0) return n;  // d = 1: M would be 2^64
    return static_cast<int>((static_cast<unsigned __int128>(m_) * static_cast<uint32_t>(n)) >> 64);
  }
  // n % d for n >= 0.
  int mod(int n) const {
    assert(n >= 0);
    if (m_ == 0) return 0;
    const uint64_t low = m_ * static_cast<uint32_t>(n);
    return static_cast<int>((static_cast<unsigned __int128>(low) * d_) >> 64);
  }

 private:
  uint32_t d_;
  uint64_t m_;
};

}  // namespace nocsim
