// rr_arbiter RTL (Vrr_arbiter_n4, Vrr_arbiter_n5) vs nocsim::RrArbiter, cycle
// by cycle: random req/update plus directed corners. No SystemC here.
// <verilated.h> (via the model headers) comes before everything else.
#include "Vrr_arbiter_n4.h"
#include "Vrr_arbiter_n5.h"

#include <gtest/gtest.h>

#include "cosim_util.h"

#include <cstdint>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "alloc/rr_arbiter.h"

namespace {

using nocsim::RrArbiter;

// Lockstep harness for one Verilated rr_arbiter model M of width N.
template <class M>
class ArbPair {
 public:
  explicit ArbPair(int n) : n_(n), twin_(n), rtl_(new M()) {
    rtl_->req = 0;
    rtl_->update = 0;
    cosim_reset(*rtl_);
  }
  ~ArbPair() { rtl_->final(); }

  // One cycle: drive, compare the combinational grant, clock edge.
  // Returns "" or a description of the first mismatch.
  std::string step(uint64_t cycle, uint32_t req, bool update) {
    std::vector<uint8_t> r(n_);
    for (int i = 0; i < n_; ++i) r[i] = (req >> i) & 1u;
    const int g = twin_.eval(r);
    rtl_->req = req;
    rtl_->update = update;
    rtl_->eval();
    const uint32_t want_gnt = g >= 0 ? 1u << g : 0u;
    const uint32_t want_idx = g >= 0 ? static_cast<uint32_t>(g) : 0u;
    if (rtl_->gnt != want_gnt || rtl_->gnt_idx != want_idx) {
      std::ostringstream o;
      o << "N=" << n_ << " cycle " << cycle << ": req=0x" << std::hex << req
        << " update=" << update << " twin ptr=" << std::dec << twin_.ptr()
        << " twin gnt=0x" << std::hex << want_gnt << " idx=" << std::dec << want_idx
        << " | rtl gnt=0x" << std::hex << +rtl_->gnt << " idx=" << std::dec << +rtl_->gnt_idx;
      return o.str();
    }
    twin_.tick(update ? g : -1);
    cosim_clock(*rtl_);
    return "";
  }
  int granted() const { return rtl_->gnt ? static_cast<int>(rtl_->gnt_idx) : -1; }
  int ptr() const { return twin_.ptr(); }

 private:
  int n_;
  RrArbiter twin_;
  std::unique_ptr<M> rtl_;
};

template <class M>
void random_run(int n, uint64_t cycles, uint32_t seed) {
  ArbPair<M> a(n);
  std::mt19937 rng(seed);
  const uint32_t mask = (1u << n) - 1u;
  double p = 0.5;  // per-bit request probability, redrawn every 1000 cycles
  for (uint64_t c = 0; c < cycles; ++c) {
    if (c % 1000 == 0) p = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
    uint32_t req = 0;
    for (int i = 0; i < n; ++i)
      if (std::bernoulli_distribution(p)(rng)) req |= 1u << i;
    const bool update = std::bernoulli_distribution(0.8)(rng);
    const std::string err = a.step(c, req & mask, update);
    ASSERT_TRUE(err.empty()) << err;
  }
}

template <class M>
void directed(int n) {
  const uint32_t all = (1u << n) - 1u;
  uint64_t c = 0;
  auto step = [&](ArbPair<M>& a, uint32_t req, bool upd) {
    const std::string err = a.step(c++, req, upd);
    EXPECT_TRUE(err.empty()) << err;
    return err.empty();
  };
  {  // no request: no grant, pointer holds even with update
    ArbPair<M> a(n);
    for (int k = 0; k < 5; ++k) ASSERT_TRUE(step(a, 0, true));
    EXPECT_EQ(a.ptr(), 0);
  }
  {  // all request with update: grants 0,1,..,N-1,0 (wrap-around)
    ArbPair<M> a(n);
    for (int k = 0; k < 3 * n; ++k) {
      ASSERT_TRUE(step(a, all, true));
      EXPECT_EQ(a.ptr(), (k + 1) % n);
    }
  }
  {  // all request without update: pointer holds, grant stays 0
    ArbPair<M> a(n);
    for (int k = 0; k < n; ++k) ASSERT_TRUE(step(a, all, false));
    EXPECT_EQ(a.ptr(), 0);
  }
  for (int i = 0; i < n; ++i) {  // single requester at each index, from each pointer
    for (int p = 0; p < n; ++p) {
      ArbPair<M> a(n);
      if (p > 0) {  // move the pointer to p
        ASSERT_TRUE(step(a, 1u << (p - 1), true));
      }
      ASSERT_EQ(a.ptr(), p);
      ASSERT_TRUE(step(a, 1u << i, true));
      EXPECT_EQ(a.ptr(), (i + 1) % n);
    }
  }
  {  // wrap-around: pointer at N-1, requesters 0 and N-1 -> N-1 then 0
    ArbPair<M> a(n);
    ASSERT_TRUE(step(a, 1u << (n - 2), true));
    ASSERT_EQ(a.ptr(), n - 1);
    ASSERT_TRUE(step(a, (1u << (n - 1)) | 1u, true));
    EXPECT_EQ(a.ptr(), 0);
    ASSERT_TRUE(step(a, (1u << (n - 1)) | 1u, true));
    EXPECT_EQ(a.ptr(), 1);
    ASSERT_TRUE(step(a, (1u << (n - 1)) | 1u, true));  // 1 has no request: wraps to N-1
    EXPECT_EQ(a.ptr(), 0);
  }
}

TEST(RrArbiterCosim, RandomN4) { random_run<Vrr_arbiter_n4>(4, 150000, 11); }
TEST(RrArbiterCosim, RandomN5) { random_run<Vrr_arbiter_n5>(5, 150000, 12); }
TEST(RrArbiterCosim, DirectedN4) { directed<Vrr_arbiter_n4>(4); }
TEST(RrArbiterCosim, DirectedN5) { directed<Vrr_arbiter_n5>(5); }

}  // namespace

NOCSIM_COSIM_MAIN
