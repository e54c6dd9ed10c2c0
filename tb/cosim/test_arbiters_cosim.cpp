// matrix_arbiter, lrs_arbiter and age_arbiter RTL (N = 4, 5) vs nocsim::Arbiter
// of the same kind, cycle by cycle: constrained-random requests (and ages,
// drawn from few values so that ties are common) plus directed corners.
// NOCSIM_COSIM_CYCLES sets the random cycles per block (default 100000;
// scripts/cosim_long.sh runs 10^6). No SystemC here.
// <verilated.h> (via the model headers) comes before everything else.
#include "Vage_arbiter_n4.h"
#include "Vage_arbiter_n5.h"
#include "Vlrs_arbiter_n4.h"
#include "Vlrs_arbiter_n5.h"
#include "Vmatrix_arbiter_n4.h"
#include "Vmatrix_arbiter_n5.h"

#include <gtest/gtest.h>

#include "cosim_util.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>

#include "alloc/arbiter.h"

namespace {

using nocsim::Arbiter;
using nocsim::ArbiterKind;
using nocsim::Cycle;

constexpr int kAgeBits = 8;  // the W the age models were verilated with

template <class M>
constexpr bool has_age() {
  return std::is_same_v<M, Vage_arbiter_n4> || std::is_same_v<M, Vage_arbiter_n5>;
}

uint64_t random_cycles() {
  const char* s = std::getenv("NOCSIM_COSIM_CYCLES");
  return s ? std::strtoull(s, nullptr, 10) : 100000;
}

// Lockstep harness: one Verilated model M of width n and its C++ twin.
template <class M>
class Pair {
 public:
  Pair(ArbiterKind kind, int n) : n_(n), twin_(kind, n), rtl_(new M()) {
    rtl_->req = 0;
    rtl_->update = 0;
    cosim_reset(*rtl_);
  }
  ~Pair() { rtl_->final(); }

  // One cycle: drive, compare the combinational grant, clock edge. Returns
  // "" or the first mismatch.
  std::string step(uint64_t cycle, uint32_t req, bool update, const Cycle* age = nullptr) {
    static const Cycle zero[8] = {};
    if (!age) age = zero;
    const int g = twin_.eval_mask(req, age);
    rtl_->req = req;
    rtl_->update = update;
    if constexpr (has_age<M>()) {
      uint64_t packed = 0;
      for (int i = 0; i < n_; ++i) packed |= static_cast<uint64_t>(age[i]) << (i * kAgeBits);
      rtl_->age = packed;
    }
    rtl_->eval();
    const uint32_t want_gnt = g >= 0 ? 1u << g : 0u;
    const uint32_t want_idx = g >= 0 ? static_cast<uint32_t>(g) : 0u;
    if (rtl_->gnt != want_gnt || rtl_->gnt_idx != want_idx) {
      std::ostringstream o;
      o << "N=" << n_ << " cycle " << cycle << ": req=0x" << std::hex << req << " update=" << update;
      if (has_age<M>()) {
        o << std::dec << " ages";
        for (int i = 0; i < n_; ++i) o << " " << age[i];
      }
      o << " | twin gnt=0x" << std::hex << want_gnt << " idx=" << std::dec << want_idx << " | rtl gnt=0x"
        << std::hex << +rtl_->gnt << " idx=" << std::dec << +rtl_->gnt_idx;
      return o.str();
    }
    twin_.tick(update ? g : -1);
    cosim_clock(*rtl_);
    return "";
  }

 private:
  int n_;
  Arbiter twin_;
  std::unique_ptr<M> rtl_;
};

template <class M>
void random_run(ArbiterKind kind, int n, uint32_t seed) {
  Pair<M> a(kind, n);
  std::mt19937 rng(seed);
  double p = 0.5;  // per-bit request probability, redrawn every 1000 cycles
  Cycle age[8] = {};
  const uint64_t cycles = random_cycles();
  for (uint64_t c = 0; c < cycles; ++c) {
    if (c % 1000 == 0) p = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
    uint32_t req = 0;
    for (int i = 0; i < n; ++i) {
      if (std::bernoulli_distribution(p)(rng)) req |= 1u << i;
      // Mostly few distinct ages (ties), sometimes the whole W-bit range.
      age[i] = c % 3000 < 1500 ? rng() % 4 : rng() % (1u << kAgeBits);
    }
    const bool update = std::bernoulli_distribution(0.8)(rng);
    const std::string err = a.step(c, req, update, age);
    ASSERT_TRUE(err.empty()) << err;
  }
}

// Corners every kind shares: nothing requested, everything requested (the
// order advances through all and wraps), a lone requester at each index,
// requests held without update (the state must not move).
template <class M>
void directed(ArbiterKind kind, int n) {
  const uint32_t all = (1u << n) - 1u;
  uint64_t c = 0;
  auto ok = [&](Pair<M>& a, uint32_t req, bool upd, const Cycle* age = nullptr) {
    const std::string err = a.step(c++, req, upd, age);
    EXPECT_TRUE(err.empty()) << err;
    return err.empty();
  };
  {
    Pair<M> a(kind, n);
    for (int k = 0; k < 5; ++k) ASSERT_TRUE(ok(a, 0, true));
    for (int k = 0; k < 3 * n; ++k) ASSERT_TRUE(ok(a, all, true));
    for (int k = 0; k < n; ++k) ASSERT_TRUE(ok(a, all, false));
  }
  for (int i = 0; i < n; ++i) {
    Pair<M> a(kind, n);
    for (int j = 0; j < n; ++j) ASSERT_TRUE(ok(a, 1u << ((i + j) % n), true));
    ASSERT_TRUE(ok(a, all, true));
    ASSERT_TRUE(ok(a, all & ~(1u << i), true));
  }
  if constexpr (has_age<M>()) {  // ties at the oldest age, and the age range's ends
    Pair<M> a(kind, n);
    Cycle age[8] = {};
    for (int i = 0; i < n; ++i) age[i] = (1u << kAgeBits) - 1;
    age[n - 1] = age[0] = 3;
    for (int k = 0; k < 4; ++k) ASSERT_TRUE(ok(a, all, true, age));
    age[1] = 0;
    ASSERT_TRUE(ok(a, all, true, age));
  }
}

TEST(MatrixArbiterCosim, RandomN4) { random_run<Vmatrix_arbiter_n4>(ArbiterKind::Matrix, 4, 21); }
TEST(MatrixArbiterCosim, RandomN5) { random_run<Vmatrix_arbiter_n5>(ArbiterKind::Matrix, 5, 22); }
TEST(MatrixArbiterCosim, DirectedN4) { directed<Vmatrix_arbiter_n4>(ArbiterKind::Matrix, 4); }
TEST(MatrixArbiterCosim, DirectedN5) { directed<Vmatrix_arbiter_n5>(ArbiterKind::Matrix, 5); }
TEST(LrsArbiterCosim, RandomN4) { random_run<Vlrs_arbiter_n4>(ArbiterKind::Lrs, 4, 31); }
TEST(LrsArbiterCosim, RandomN5) { random_run<Vlrs_arbiter_n5>(ArbiterKind::Lrs, 5, 32); }
TEST(LrsArbiterCosim, DirectedN4) { directed<Vlrs_arbiter_n4>(ArbiterKind::Lrs, 4); }
TEST(LrsArbiterCosim, DirectedN5) { directed<Vlrs_arbiter_n5>(ArbiterKind::Lrs, 5); }
TEST(AgeArbiterCosim, RandomN4) { random_run<Vage_arbiter_n4>(ArbiterKind::Age, 4, 41); }
TEST(AgeArbiterCosim, RandomN5) { random_run<Vage_arbiter_n5>(ArbiterKind::Age, 5, 42); }
TEST(AgeArbiterCosim, DirectedN4) { directed<Vage_arbiter_n4>(ArbiterKind::Age, 4); }
TEST(AgeArbiterCosim, DirectedN5) { directed<Vage_arbiter_n5>(ArbiterKind::Age, 5); }

}  // namespace

NOCSIM_COSIM_MAIN
