// sw_alloc_wavefront RTL (through nocsim::RtlSwAllocator) vs its C++ twin,
// the wavefront port matching turned into VC grants (PortMatchAllocator,
// alloc/port_matchers.h), for every verilated (P, V): a constrained-random
// campaign of 10^6 cycles over the pairs, the matching's maximality, the
// rotation of the priority diagonal, reset. Built a second time with
// NOCSIM_MUTANT against a copy of port_matchers.cpp with a planted bug
// (mutate_twin.cmake, KIND wavefront): the same campaign must catch it.
// No SystemC here.
#include <gtest/gtest.h>

#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "alloc/port_matchers.h"
#include "alloc/sep_if_ports.h"
#include "cosim_compare.h"
#include "rtl/rtl_sw_allocator.h"

namespace {

using nocsim::RtlSwAllocator;
namespace cs = nocsim::cosim;

// The C++ wavefront allocator at sw_alloc_sep_if's ports. The simulator's
// SA stage calls allocate() once per cycle (grants and clock edge), so
// eval() allocates and tick() has nothing left to do.
class WavefrontTwin : public nocsim::SepIfPorts {
 public:
  WavefrontTwin(int ports, int vcs) : SepIfPorts(ports, vcs) { reset(); }
  void eval() {
    std::vector<uint64_t> req(static_cast<size_t>(P_), 0);
    uint64_t inputs = 0;
    for (int i = 0; i < P_ * V_; ++i)
      if (req_ip_ivc[i]) {
        req[i / V_] |= 1ull << (i % V_);
        inputs |= 1ull << (i / V_);
      }
    std::vector<int> gnt(static_cast<size_t>(P_), -1);
    a_->allocate(inputs, req.data(), req_op_ip_ivc.data(), gnt.data());
    for (int ip = 0; ip < P_; ++ip) {
      const bool won = inputs >> ip & 1 && gnt[ip] >= 0;
      gnt_ip[ip] = won ? 1 : 0;
      gnt_ivc_ip[ip] = won ? gnt[ip] : 0;
      gnt_op_ip[ip] = won ? req_op_ip_ivc[ip * V_ + gnt[ip]] : 0;
    }
  }
  void tick() {}
  void reset() {
    a_ = std::make_unique<nocsim::PortMatchAllocator>(P_, V_, std::make_unique<nocsim::WavefrontMatcher>(P_));
  }

 private:
  std::unique_ptr<nocsim::PortMatchAllocator> a_;
};

std::vector<std::pair<int, int>> pairs() { return RtlSwAllocator::supported("wavefront"); }

// 10^6 random cycles over the verilated pairs.
uint64_t cycles_per_pair() { return 1000000 / pairs().size() + 1; }

#ifdef NOCSIM_MUTANT
TEST(WavefrontMutant, CosimDetectsPlantedBug) {
  const int P = 5, V = 2;
  WavefrontTwin mutant(P, V);
  RtlSwAllocator rtl(P, V, "wavefront");
  const cs::Result r = cs::random_campaign(mutant, rtl, P, V, cycles_per_pair(), 2000u + 31u * P + V);
  ASSERT_TRUE(r.mismatch) << "planted bug NOT detected in " << r.cycles << " cycles";
  std::cout << "detected as expected after " << r.cycles << " cycles:\n" << r.report << "\n";
}
#else

class WavefrontCosim : public ::testing::TestWithParam<std::pair<int, int>> {
 protected:
  int P() const { return GetParam().first; }
  int V() const { return GetParam().second; }
};

std::string PvName(const ::testing::TestParamInfo<std::pair<int, int>>& info) {
  return "P" + std::to_string(info.param.first) + "V" + std::to_string(info.param.second);
}

TEST_P(WavefrontCosim, ConstrainedRandom) {
  WavefrontTwin twin(P(), V());
  RtlSwAllocator rtl(P(), V(), "wavefront");
  const uint64_t n = cycles_per_pair();
  const cs::Result r = cs::random_campaign(twin, rtl, P(), V(), n, 2000u + 31u * P() + V());
  ASSERT_FALSE(r.mismatch) << r.report;
  EXPECT_EQ(r.cycles, n);
  EXPECT_GT(r.grants, n / 4);  // the run really exercised the allocator
}

// Every cycle's matching is maximal: no input left without an output while
// one it wants is free. Checked on the RTL's grants of a random run.
TEST_P(WavefrontCosim, MatchingIsMaximal) {
  WavefrontTwin twin(P(), V());
  RtlSwAllocator rtl(P(), V(), "wavefront");
  std::vector<uint8_t> req;
  std::vector<int> op;
  int unmatched_seen = 0;
  auto stim = cs::random_stim(P(), V(), 99u, 0.4, 0.3, false);
  const cs::Result r = cs::run_lockstep(
      twin, rtl, P(), V(), 20000,
      [&](uint64_t c, cs::Stim& s, const std::vector<uint8_t>& gip, const std::vector<int>& givc) {
        if (c > 0) {  // gip: the grants of the requests req/op of the previous cycle
          std::vector<bool> out_used(static_cast<size_t>(P()), false);
          for (int ip = 0; ip < P(); ++ip)
            if (gip[ip]) out_used[static_cast<size_t>(op[ip * V() + givc[ip]])] = true;
          for (int ip = 0; ip < P(); ++ip) {
            if (gip[ip]) continue;
            for (int v = 0; v < V(); ++v)
              if (req[ip * V() + v]) {
                ++unmatched_seen;
                EXPECT_TRUE(out_used[static_cast<size_t>(op[ip * V() + v])])
                    << "cycle " << c - 1 << ": input " << ip << " unmatched, output " << op[ip * V() + v] << " free";
              }
          }
        }
        stim(c, s, gip, givc);
        req = s.req;
        op = s.op;
      });
  ASSERT_FALSE(r.mismatch) << r.report;
  EXPECT_GT(unmatched_seen, 100);  // conflicts happened
}

// VC v of input ip requests output (ip + v) mod P: input ip wants the cells
// of diagonals 0 .. V-1. In cycle c the priority diagonal is c mod P; the
// first wave that meets a wanted diagonal is it when below V, else the wave
// of diagonal 0 (after the wrap): every input gets (ip + d) mod P on VC d.
TEST_P(WavefrontCosim, PriorityDiagonalRotatesEveryCycle) {
  WavefrontTwin twin(P(), V());
  RtlSwAllocator rtl(P(), V(), "wavefront");
  int checked = 0;
  const cs::Result r = cs::run_lockstep(
      twin, rtl, P(), V(), 3 * P() + 1,
      [&](uint64_t c, cs::Stim& s, const std::vector<uint8_t>& gip, const std::vector<int>& givc) {
        if (c > 0) {
          const int top = static_cast<int>((c - 1) % P()), d = top < V() ? top : 0;
          for (int ip = 0; ip < P(); ++ip) {
            EXPECT_TRUE(gip[ip]) << "cycle " << c - 1 << " ip " << ip;
            EXPECT_EQ(givc[ip], d) << "cycle " << c - 1 << " ip " << ip;
            ++checked;
          }
        }
        for (int ip = 0; ip < P(); ++ip)
          for (int v = 0; v < V(); ++v) {
            s.req[ip * V() + v] = 1;
            s.op[ip * V() + v] = (ip + v) % P();
          }
      });
  ASSERT_FALSE(r.mismatch) << r.report;
  EXPECT_EQ(checked, 3 * P() * P());
}

// reset() mid-run brings the RTL back to the twin's reset state.
TEST_P(WavefrontCosim, ResetMidRun) {
  WavefrontTwin twin(P(), V());
  RtlSwAllocator rtl(P(), V(), "wavefront");
  auto stim = cs::random_stim(P(), V(), 7u, 0.7, 0.2, true);
  ASSERT_FALSE(cs::run_lockstep(twin, rtl, P(), V(), 37, stim).mismatch);
  twin.reset();
  rtl.reset();
  const cs::Result r = cs::run_lockstep(twin, rtl, P(), V(), 200, stim);
  ASSERT_FALSE(r.mismatch) << r.report;
}

INSTANTIATE_TEST_SUITE_P(Verilated, WavefrontCosim, ::testing::ValuesIn(pairs()), PvName);

TEST(RtlSwAllocator, NamesTheAlgorithmsWithABlock) {
  EXPECT_EQ(RtlSwAllocator::algorithms(), (std::vector<std::string>{"sep_if", "wavefront"}));
  EXPECT_TRUE(RtlSwAllocator::supports(5, 2, "wavefront"));
  EXPECT_FALSE(RtlSwAllocator::supports(5, 2, "islip"));
  try {
    RtlSwAllocator a(5, 2, "islip");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("verilated: sep_if, wavefront"), std::string::npos) << e.what();
  }
}
#endif

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
