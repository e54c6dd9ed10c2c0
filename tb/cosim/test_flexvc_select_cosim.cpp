// flexvc_select RTL (V = 4 with each pick, V = 5 with JSQ) vs what VA runs
// for a FlexVC candidate: vcs_in_range and with_credits (the usable VCs),
// then OneVc::select (the pick). Random and directed (no credits, every VC
// busy, ties in credits, k at 0 and at the top, the hop not allowed).
// NOCSIM_COSIM_CYCLES sets the random evaluations (default 100000).
// <verilated.h> (via the model headers) comes before everything else.
#include "Vflexvc_select_v4_highest.h"
#include "Vflexvc_select_v4_jsq.h"
#include "Vflexvc_select_v4_lowest.h"
#include "Vflexvc_select_v5_jsq.h"

#include <gtest/gtest.h>

#include "cosim_util.h"

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "vc/selection.h"

namespace {

using nocsim::OneVc;

constexpr int kCw = 8;

uint64_t random_cycles() {
  const char* s = std::getenv("NOCSIM_COSIM_CYCLES");
  return s ? std::strtoull(s, nullptr, 10) : 100000;
}

class Credits : public nocsim::CreditView {
 public:
  std::vector<int> c;
  int credits(int, int vc) const override { return c[static_cast<size_t>(vc)]; }
};

// One evaluation: VCs lo..k (k = -1: not allowed), free VCs, credits and
// need. "" or the mismatch.
template <class M>
std::string compare(M& rtl, OneVc& twin, int v, int k, uint32_t free, const Credits& cr, int need, int lo = 0) {
  const uint64_t usable =
      nocsim::with_credits(nocsim::vcs_in_range(free, lo, k), need, [&cr](int o) { return cr.c[o]; });
  nocsim::RouteCandidate cand;
  cand.out_port = 0;
  uint64_t mask = 0;
  const int chosen = twin.select(&cand, &usable, 1, mask, cr);
  const int vc = chosen < 0 ? 0 : __builtin_ctzll(mask);
  rtl.lo = lo;
  rtl.k = k < 0 ? 0 : k;
  rtl.k_valid = k >= 0;
  rtl.free = free;
  uint64_t packed = 0;
  for (int j = 0; j < v; ++j) packed |= static_cast<uint64_t>(cr.c[j]) << (j * kCw);
  rtl.credits = packed;
  rtl.need = need;
  rtl.eval();
  if (rtl.usable != usable || rtl.valid != (chosen >= 0) || rtl.vc != static_cast<uint32_t>(vc)) {
    std::ostringstream o;
    o << "V=" << v << " lo=" << lo << " k=" << k << " free=0x" << std::hex << free << std::dec << " need=" << need << " credits";
    for (int j = 0; j < v; ++j) o << " " << cr.c[j];
    o << " | twin usable=0x" << std::hex << usable << " valid=" << (chosen >= 0) << " vc=" << std::dec << vc
      << " | rtl usable=0x" << std::hex << +rtl.usable << " valid=" << +rtl.valid << " vc=" << std::dec << +rtl.vc;
    return o.str();
  }
  return "";
}

// The first mismatch of a random run, or "".
template <class M>
std::string random_mismatch(OneVc::Pick pick, int v, uint32_t seed) {
  M rtl;
  OneVc twin(pick, 1, 0);
  std::mt19937 rng(seed);
  Credits cr;
  cr.c.assign(v, 0);
  const uint64_t cycles = random_cycles();
  for (uint64_t c = 0; c < cycles; ++c) {
    const bool few = c % 2 == 0;  // few distinct credit values: ties
    for (int j = 0; j < v; ++j) cr.c[j] = static_cast<int>(few ? rng() % 3 * 8 : rng() % 256);
    const int k = static_cast<int>(rng() % (v + 1)) - 1;
    const uint32_t free = rng() % (1u << v);
    const int need = few ? 8 : static_cast<int>(rng() % 256);
    const int lo = c % 4 == 3 ? static_cast<int>(rng() % v) : 0;  // a reply chain's lower end at times
    const std::string err = compare(rtl, twin, v, k, free, cr, need, lo);
    if (!err.empty()) {
      rtl.final();
      return err;
    }
  }
  rtl.final();
  return "";
}

template <class M>
void random_run(OneVc::Pick pick, int v, uint32_t seed) {
  const std::string err = random_mismatch<M>(pick, v, seed);
  ASSERT_TRUE(err.empty()) << err;
}

template <class M>
void directed(OneVc::Pick pick, int v) {
  M rtl;
  OneVc twin(pick, 1, 0);
  Credits cr;
  const uint32_t all = (1u << v) - 1;
  auto ok = [&](int k, uint32_t free, int need, int lo = 0) {
    const std::string err = compare(rtl, twin, v, k, free, cr, need, lo);
    EXPECT_TRUE(err.empty()) << err;
  };
  cr.c.assign(v, 0);
  ok(v - 1, all, 1);  // no credits anywhere
  ok(v - 1, all, 0);  // wormhole's need met by zero credits: every VC
  cr.c.assign(v, 8);
  ok(v - 1, 0, 8);    // every VC busy
  ok(-1, all, 8);     // the hop is not allowed
  ok(0, all, 8);      // only VC 0
  ok(v - 1, all, 8);  // all tie: JSQ and highest take the top, lowest VC 0
  for (int j = 0; j < v; ++j) cr.c[j] = 8 * (j % 2 + 1);
  ok(v - 1, all, 8);  // JSQ: the highest of the VCs with 16
  ok(v - 1, all, 9);  // only those with 16 qualify
  cr.c[v - 1] = 255;
  ok(v - 2, all, 8);  // the best VC just out of range
  ok(v - 1, all, 8, v - 1);  // a range of one VC at the top (a reply chain's end)
  ok(v - 2, all, 8, v - 1);  // lo above k: nothing
  rtl.final();
}

#ifdef NOCSIM_MUTANT
// Linked with a MUTATED one_vc.cpp (mutate_twin.cmake, KIND select: JSQ ties
// to the lowest VC): the random run must see it.
TEST(FlexVcSelectMutant, CosimDetectsPlantedBug) {
  const std::string err = random_mismatch<Vflexvc_select_v4_jsq>(OneVc::Pick::Jsq, 4, 63);
  ASSERT_FALSE(err.empty()) << "planted bug NOT detected";
  std::cout << "detected as expected: " << err << "\n";
}
#else
TEST(FlexVcSelectCosim, HighestRandom) { random_run<Vflexvc_select_v4_highest>(OneVc::Pick::Highest, 4, 61); }
TEST(FlexVcSelectCosim, LowestRandom) { random_run<Vflexvc_select_v4_lowest>(OneVc::Pick::Lowest, 4, 62); }
TEST(FlexVcSelectCosim, JsqRandomV4) { random_run<Vflexvc_select_v4_jsq>(OneVc::Pick::Jsq, 4, 63); }
TEST(FlexVcSelectCosim, JsqRandomV5) { random_run<Vflexvc_select_v5_jsq>(OneVc::Pick::Jsq, 5, 64); }
TEST(FlexVcSelectCosim, HighestDirected) { directed<Vflexvc_select_v4_highest>(OneVc::Pick::Highest, 4); }
TEST(FlexVcSelectCosim, LowestDirected) { directed<Vflexvc_select_v4_lowest>(OneVc::Pick::Lowest, 4); }
TEST(FlexVcSelectCosim, JsqDirectedV4) { directed<Vflexvc_select_v4_jsq>(OneVc::Pick::Jsq, 4); }
TEST(FlexVcSelectCosim, JsqDirectedV5) { directed<Vflexvc_select_v5_jsq>(OneVc::Pick::Jsq, 5); }
#endif

}  // namespace

NOCSIM_COSIM_MAIN
