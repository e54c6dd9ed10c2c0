// contention_unit RTL (P = 5, threshold 6 on its input; Base, Filtered with alpha 128 and
// 230 in 1/256) vs nocsim::ContentionUnit, cycle by cycle: random head
// arrivals and tail departures per port (several per cycle), plus directed
// corners (counter at zero, at the threshold's edge, the filter settling).
// NOCSIM_COSIM_CYCLES sets the random cycles (default 100000). No SystemC.
// <verilated.h> (via the model headers) comes before everything else.
#include "Vcontention_unit_base.h"
#include "Vcontention_unit_filt128.h"
#include "Vcontention_unit_filt230.h"

#include <gtest/gtest.h>

#include "cosim_util.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "congestion/contention.h"

namespace {

using nocsim::ContentionParams;
using nocsim::ContentionUnit;
using nocsim::ContentionVariant;

constexpr int kP = 5, kUw = 4, kCw = 8, kFw = kCw + 8, kThreshold = 6;

uint64_t random_cycles() {
  const char* s = std::getenv("NOCSIM_COSIM_CYCLES");
  return s ? std::strtoull(s, nullptr, 10) : 100000;
}

// Bits [lo, lo+w) of a Verilated output of any width (w <= 32).
template <class T>
uint32_t field(const T& v, int lo, int w) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<uint32_t>((static_cast<uint64_t>(v) >> lo) & ((1ull << w) - 1));
  } else {  // VlWide: 32-bit words
    uint64_t x = v[lo / 32];
    if (lo % 32 + w > 32) x |= static_cast<uint64_t>(v[lo / 32 + 1]) << 32;
    return static_cast<uint32_t>((x >> (lo % 32)) & ((1ull << w) - 1));
  }
}

template <class M>
class Pair {
 public:
  Pair(bool filtered, int alpha) : twin_(kP, params(filtered, alpha)), rtl_(new M()) {
    rtl_->inc = 0;
    rtl_->dec = 0;
    rtl_->threshold = kThreshold;
    cosim_reset(*rtl_);
  }
  ~Pair() { rtl_->final(); }
  int count(int p) const { return twin_.count(p); }

  // Cycle c: inc[p] heads and dec[p] tails committed; the clock edge; then
  // what a stage reads in cycle c + 1 is compared. "" or the first mismatch.
  std::string step(uint64_t c, const std::vector<int>& inc, const std::vector<int>& dec) {
    uint32_t in = 0, de = 0;
    for (int p = 0; p < kP; ++p) {
      for (int k = 0; k < inc[p]; ++k) twin_.up(p, c);
      for (int k = 0; k < dec[p]; ++k) twin_.down(p, c);
      in |= static_cast<uint32_t>(inc[p]) << (p * kUw);
      de |= static_cast<uint32_t>(dec[p]) << (p * kUw);
    }
    rtl_->inc = in;
    rtl_->dec = de;
    rtl_->eval();
    cosim_clock(*rtl_);
    for (int p = 0; p < kP; ++p) {
      const int cnt = static_cast<int>(field(rtl_->count, p * kCw, kCw));
      const int f = static_cast<int>(field(rtl_->filtered, p * kFw, kFw));
      const bool over = (rtl_->over >> p) & 1;
      if (cnt != twin_.count(p) || f != twin_.filtered_q8(p, c + 1) || over != twin_.over(p, c + 1)) {
        std::ostringstream o;
        o << "cycle " << c << " port " << p << ": inc " << inc[p] << " dec " << dec[p] << " | twin count "
          << twin_.count(p) << " f " << twin_.filtered_q8(p, c + 1) << " over " << twin_.over(p, c + 1)
          << " | rtl count " << cnt << " f " << f << " over " << over;
        return o.str();
      }
    }
    return "";
  }

 private:
  static ContentionParams params(bool filtered, int alpha) {
    ContentionParams p;
    p.variant = filtered ? ContentionVariant::Filtered : ContentionVariant::Base;
    p.threshold = kThreshold;
    p.alpha256 = alpha;
    return p;
  }
  ContentionUnit twin_;
  std::unique_ptr<M> rtl_;
};

// The first mismatch of a random run, or "".
template <class M>
std::string random_mismatch(bool filtered, int alpha, uint32_t seed) {
  Pair<M> a(filtered, alpha);
  std::mt19937 rng(seed);
  std::vector<int> inc(kP), dec(kP);
  double p = 0.3;  // activity, redrawn every 2000 cycles
  const uint64_t cycles = random_cycles();
  for (uint64_t c = 0; c < cycles; ++c) {
    if (c % 2000 == 0) p = std::uniform_real_distribution<double>(0.02, 0.6)(rng);
    for (int q = 0; q < kP; ++q) {
      const int cnt = a.count(q);
      // Drift toward the threshold's neighbourhood (0..20), several events a cycle at times.
      const int max_inc = cnt > 20 ? 0 : 3;
      inc[q] = std::bernoulli_distribution(p)(rng) ? static_cast<int>(rng() % (max_inc + 1)) : 0;
      dec[q] = std::bernoulli_distribution(p)(rng) ? static_cast<int>(rng() % (std::min(cnt, 3) + 1)) : 0;
    }
    const std::string err = a.step(c, inc, dec);
    if (!err.empty()) return err;
  }
  return "";
}

template <class M>
void random_run(bool filtered, int alpha, uint32_t seed) {
  const std::string err = random_mismatch<M>(filtered, alpha, seed);
  ASSERT_TRUE(err.empty()) << err;
}

// At zero (nothing to take away), climbing through the threshold one head
// at a time (over from 7 on, not at 6), 15 heads in one cycle, idle cycles
// while the filter settles, and back to zero.
template <class M>
void directed(bool filtered, int alpha) {
  Pair<M> a(filtered, alpha);
  uint64_t c = 0;
  std::vector<int> none(kP, 0), one(kP, 1), many(kP, 15);
  auto ok = [&](const std::vector<int>& inc, const std::vector<int>& dec) {
    const std::string err = a.step(c++, inc, dec);
    EXPECT_TRUE(err.empty()) << err;
    return err.empty();
  };
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(ok(none, none));
  for (int k = 0; k < 9; ++k) ASSERT_TRUE(ok(one, none));
  for (int k = 0; k < 40; ++k) ASSERT_TRUE(ok(none, none));
  ASSERT_TRUE(ok(many, none));
  for (int k = 0; k < 40; ++k) ASSERT_TRUE(ok(none, none));
  ASSERT_TRUE(ok(one, one));  // a head and a tail on the same port in one cycle
  ASSERT_TRUE(ok(none, many));
  for (int k = 0; k < 9; ++k) ASSERT_TRUE(ok(none, one));
  for (int k = 0; k < 60; ++k) ASSERT_TRUE(ok(none, none));
  for (int q = 0; q < kP; ++q) EXPECT_EQ(a.count(q), 0);
}

#ifdef NOCSIM_MUTANT
// Linked with a MUTATED contention.cpp (mutate_twin.cmake, KIND contention:
// Base's comparator fires at the threshold): the random run must see it.
TEST(ContentionUnitMutant, CosimDetectsPlantedBug) {
  const std::string err = random_mismatch<Vcontention_unit_base>(false, 128, 51);
  ASSERT_FALSE(err.empty()) << "planted bug NOT detected";
  std::cout << "detected as expected: " << err << "\n";
}
#else
TEST(ContentionUnitCosim, BaseRandom) { random_run<Vcontention_unit_base>(false, 128, 51); }
TEST(ContentionUnitCosim, BaseDirected) { directed<Vcontention_unit_base>(false, 128); }
TEST(ContentionUnitCosim, FilteredAlpha128Random) { random_run<Vcontention_unit_filt128>(true, 128, 52); }
TEST(ContentionUnitCosim, FilteredAlpha128Directed) { directed<Vcontention_unit_filt128>(true, 128); }
TEST(ContentionUnitCosim, FilteredAlpha230Random) { random_run<Vcontention_unit_filt230>(true, 230, 53); }
TEST(ContentionUnitCosim, FilteredAlpha230Directed) { directed<Vcontention_unit_filt230>(true, 230); }
#endif

}  // namespace

NOCSIM_COSIM_MAIN
