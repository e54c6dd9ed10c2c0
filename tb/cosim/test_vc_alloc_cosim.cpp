// vc_alloc_sep_if RTL vs VcAllocator (round-robin), every verilated (P, V):
// constrained-random campaigns plus directed corners (no request, one, every
// input VC on one output VC, every input VC on every VC of one port, the
// stage-2 pointer wrapping). NOCSIM_COSIM_CYCLES sets the random cycles per
// (P, V) (default 40000). No SystemC.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "rtl/rtl_vc_allocator.h"
#include "va_cosim.h"

namespace {

using nocsim::RtlVcAllocator;
namespace cs = nocsim::cosim;

uint64_t random_cycles() {
  const char* s = std::getenv("NOCSIM_COSIM_CYCLES");
  return s ? std::strtoull(s, nullptr, 10) : 40000;
}

std::string name(int p, int v) { return "P" + std::to_string(p) + "V" + std::to_string(v); }

TEST(VcAllocCosim, RandomEveryVerilatedShape) {
  ASSERT_FALSE(RtlVcAllocator::supported().empty());
  for (auto [p, v] : RtlVcAllocator::supported()) {
    const cs::VaResult r = cs::va_campaign(p, v, random_cycles(), 900u + 31u * p + v);
    ASSERT_FALSE(r.mismatch) << name(p, v) << ": " << r.report;
    EXPECT_GT(r.grants, r.cycles / 4) << name(p, v);  // the campaign really allocated
  }
}

// Directed, in sequence on one pair of allocators: idle, one request, every
// input VC on output VC (0, 0) for 3 full pointer turns, every input VC on
// every VC of port P-1, then idle again.
TEST(VcAllocCosim, DirectedCorners) {
  for (auto [p, v] : RtlVcAllocator::supported()) {
    const int n = p * v;
    const uint64_t all = (1ull << v) - 1;
    const cs::VaResult r = cs::run_va(p, v, 10 + 3 * n + 2 * n + 10, [&](uint64_t c, std::vector<int>& op,
                                                                          std::vector<uint64_t>& mask,
                                                                          const std::vector<int>&) {
      std::fill(mask.begin(), mask.end(), 0);
      if (c < 5) return;  // nothing
      if (c < 10) {       // one input VC, changing
        const int i = static_cast<int>(c * 7 % n);
        op[i] = static_cast<int>(c % p);
        mask[i] = 1ull << (c % v);
        return;
      }
      if (c < static_cast<uint64_t>(10 + 3 * n)) {  // all on one output VC: grants rotate and wrap
        for (int i = 0; i < n; ++i) op[i] = 0, mask[i] = 1;
        return;
      }
      if (c < static_cast<uint64_t>(10 + 5 * n)) {  // all on every VC of the last port: ties at stage 1
        for (int i = 0; i < n; ++i) op[i] = p - 1, mask[i] = all;
      }
    });
    ASSERT_FALSE(r.mismatch) << name(p, v) << ": " << r.report;
    EXPECT_GE(r.grants, static_cast<uint64_t>(5 + 3 * n)) << name(p, v);
  }
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
