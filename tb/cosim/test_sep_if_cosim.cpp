// sw_alloc_sep_if RTL (through nocsim::RtlSwAllocator) vs the C++ twin
// nocsim::SepIfAllocator, for every verilated (P, V): constrained-random
// lockstep runs plus directed corners. No SystemC here.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rtl/rtl_sw_allocator.h"
#include "alloc/sep_if_allocator.h"
#include "cosim_compare.h"

namespace {

using nocsim::RtlSwAllocator;
using nocsim::SepIfAllocator;
namespace cs = nocsim::cosim;

constexpr uint64_t kRandomCycles = 120000;  // per parameterization

class SepIfCosim : public ::testing::TestWithParam<std::pair<int, int>> {
 protected:
  int P() const { return GetParam().first; }
  int V() const { return GetParam().second; }
};

std::string PvName(const ::testing::TestParamInfo<std::pair<int, int>>& info) {
  return "P" + std::to_string(info.param.first) + "V" + std::to_string(info.param.second);
}

TEST_P(SepIfCosim, ConstrainedRandom) {
  SepIfAllocator twin(P(), V());
  RtlSwAllocator rtl(P(), V());
  const cs::Result r = cs::random_campaign(twin, rtl, P(), V(), kRandomCycles,
                                           1000u + 31u * P() + V());
  ASSERT_FALSE(r.mismatch) << r.report;
  EXPECT_EQ(r.cycles, kRandomCycles);
  EXPECT_GT(r.grants, kRandomCycles / 4);  // the run really exercised the allocator
}

// Every VC of every input wants the same output: one grant per cycle, and the
// inputs are served round-robin (each once in every P consecutive cycles).
TEST_P(SepIfCosim, AllWantSameOutput) {
  for (int target : {0, P() - 1}) {
    SepIfAllocator twin(P(), V());
    RtlSwAllocator rtl(P(), V());
    std::vector<std::vector<int>> grant_ip;
    const cs::Result r = cs::run_lockstep(
        twin, rtl, P(), V(), 4 * P() * V(),
        [&](uint64_t c, cs::Stim& s, const std::vector<uint8_t>& gip, const std::vector<int>&) {
          if (c > 0) {
            std::vector<int> g;
            for (int ip = 0; ip < P(); ++ip)
              if (gip[ip]) g.push_back(ip);
            grant_ip.push_back(g);
          }
          for (int i = 0; i < P() * V(); ++i) {
            s.req[i] = 1;
            s.op[i] = target;
          }
        });
    ASSERT_FALSE(r.mismatch) << r.report;
    ASSERT_FALSE(grant_ip.empty());
    for (size_t c = 0; c < grant_ip.size(); ++c) {
      ASSERT_EQ(grant_ip[c].size(), 1u) << "cycle " << c;
      EXPECT_EQ(grant_ip[c][0], static_cast<int>(c % P())) << "cycle " << c;
    }
  }
}

// Input ip wants output (ip + 1) % P on all its VCs: every input is granted
// every cycle, and the VCs of an input take turns.
TEST_P(SepIfCosim, DistinctOutputs) {
  SepIfAllocator twin(P(), V());
  RtlSwAllocator rtl(P(), V());
  int checked = 0;
  const cs::Result r = cs::run_lockstep(
      twin, rtl, P(), V(), 3 * V() + 2,
      [&](uint64_t c, cs::Stim& s, const std::vector<uint8_t>& gip, const std::vector<int>& givc) {
        if (c > 0)
          for (int ip = 0; ip < P(); ++ip) {
            EXPECT_TRUE(gip[ip]) << "ip " << ip << " cycle " << c - 1;
            EXPECT_EQ(givc[ip], static_cast<int>((c - 1) % V())) << "ip " << ip;
            ++checked;
          }
        for (int ip = 0; ip < P(); ++ip)
          for (int v = 0; v < V(); ++v) {
            s.req[ip * V() + v] = 1;
            s.op[ip * V() + v] = (ip + 1) % P();
          }
      });
  ASSERT_FALSE(r.mismatch) << r.report;
  EXPECT_GT(checked, 0);
}

// No requests: no grants, all outputs 0, and the pointers do not move (when
// everything then requests output P-1, input 0 / VC 0 wins, as from reset).
TEST_P(SepIfCosim, NoRequests) {
  SepIfAllocator twin(P(), V());
  RtlSwAllocator rtl(P(), V());
  const cs::Result r = cs::run_lockstep(
      twin, rtl, P(), V(), 50,
      [&](uint64_t c, cs::Stim& s, const std::vector<uint8_t>& gip, const std::vector<int>&) {
        for (int ip = 0; ip < P() && c > 0; ++ip) EXPECT_FALSE(gip[ip]);
        for (int i = 0; i < P() * V(); ++i) {
          s.req[i] = 0;
          s.op[i] = (i * 3) % P();  // don't-care while not requesting
        }
        if (c == 49)
          for (int i = 0; i < P() * V(); ++i) {
            s.req[i] = 1;
            s.op[i] = P() - 1;
          }
      });
  ASSERT_FALSE(r.mismatch) << r.report;
  EXPECT_EQ(rtl.gnt_ip[0], 1);
  EXPECT_EQ(rtl.gnt_ivc_ip[0], 0);
  EXPECT_EQ(rtl.gnt_op_ip[0], P() - 1);
  for (int ip = 1; ip < P(); ++ip) {  // ungranted ports drive 0
    EXPECT_EQ(rtl.gnt_ip[ip], 0);
    EXPECT_EQ(rtl.gnt_ivc_ip[ip], 0);
    EXPECT_EQ(rtl.gnt_op_ip[ip], 0);
  }
}

// reset() mid-run brings the RTL back to the twin's reset state.
TEST_P(SepIfCosim, ResetMidRun) {
  SepIfAllocator twin(P(), V());
  RtlSwAllocator rtl(P(), V());
  auto stim = cs::random_stim(P(), V(), 7u, 0.7, 0.2, false);
  ASSERT_FALSE(cs::run_lockstep(twin, rtl, P(), V(), 37, stim).mismatch);
  twin.reset();
  rtl.reset();
  const cs::Result r = cs::run_lockstep(twin, rtl, P(), V(), 200, stim);
  ASSERT_FALSE(r.mismatch) << r.report;
}

INSTANTIATE_TEST_SUITE_P(Verilated, SepIfCosim,
                         ::testing::ValuesIn(RtlSwAllocator::supported()), PvName);

TEST(RtlSwAllocator, SupportsMeshRouter) {
  EXPECT_TRUE(RtlSwAllocator::supports(5, 2));
  EXPECT_FALSE(RtlSwAllocator::supports(3, 3));
}

TEST(RtlSwAllocator, UnsupportedThrowsWithList) {
  try {
    RtlSwAllocator a(3, 3);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("P=3 V=3"), std::string::npos) << m;
    EXPECT_NE(m.find("(5,2)"), std::string::npos) << m;
  }
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
