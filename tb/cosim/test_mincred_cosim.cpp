// mincred_counter RTL (the live model: 32 ports, 12-bit counts, 4-bit event
// counts) vs its C++ twin, the output units' minimally routed flits per
// output VC (OutputVc::min_flits, kept by RouterState's departures and
// returned credits) summed per port as the routing reads them
// (Network::min_occupancy), cycle by cycle: random departures of minimally
// and non-minimally routed flits and credits coming back, several per port
// and cycle, plus directed corners (zero, the most events a cycle, the
// counter's ceiling). NOCSIM_COSIM_CYCLES sets the random cycles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "router/router_state.h"
#include "rtl/rtl_blocks.h"

namespace {

using namespace nocsim;

constexpr int kP = 6, kV = 3;
constexpr int kMaxEvents = RtlMinCredCounter::kMaxEvents;

uint64_t random_cycles() {
  const char* s = std::getenv("NOCSIM_COSIM_CYCLES");
  return s ? std::strtoull(s, nullptr, 10) : 100000;
}

class Pair {
 public:
  // Output port o is fed by input VC (o, 0), which always holds the body
  // flit of an active packet and takes the output VC and hop class each
  // departure asks for.
  explicit Pair(int depth) : depth_(depth), out_(kP * kV) {
    RouterParams& p = st_.p;
    p.ports = p.network_ports = kP;
    p.vcs = kV;
    p.mincred = p.check = true;
    p.in_vcs.assign(kP, kV);
    p.in_depth.assign(kP, 2);
    p.in_latency.assign(kP, 1);
    p.out_vcs.assign(kP, kV);
    p.out_depth.assign(kP, depth);
    st_.in.resize(kP * kV);
    st_.out.resize(kP);
    st_.ovc.assign(kP * kV, OutputVc{depth, 0});
    for (int o = 0; o < kP; ++o) {
      st_.out[o].vcs = OutputVcs(&st_.ovc[static_cast<size_t>(o * kV)], kV);
      st_.out[o].depth = depth;
      st_.out[o].network = 1;
      InputVc& v = st_.vc(o, 0);
      v.buf = FlitFifo(2);
      v.state = InputVc::State::Active;
      v.route.out_port = static_cast<int16_t>(o);
    }
  }
  int credits(int o, int ovc) const { return st_.out[o].vcs[ovc].credits; }
  int in_flight(int o, int ovc) const { return static_cast<int>(out_[static_cast<size_t>(o * kV + ovc)].size()); }
  // A flit of port o's packet leaves on output VC ovc, minimally routed or not.
  void depart(int o, int ovc, bool minimal, Cycle now) {
    InputVc& v = st_.vc(o, 0);
    Flit f;
    f.size = 2;  // a body that is never the tail: the VC stays active
    f.seq = 0;
    v.buf.push(f);
    v.out_vc = static_cast<int16_t>(ovc);
    v.route.hop = minimal ? 0 : kHopNonMinimal;
    st_.departed<true>(o, 0, now, now + 1);  // vc.mincred: the extras instantiation
    st_.sent(o, now);
    out_[static_cast<size_t>(o * kV + ovc)].push_back(minimal);
    inc_[o] += minimal;
  }
  // The oldest flit sent on (o, ovc) frees its downstream slot.
  void credit_back(int o, int ovc) {
    auto& q = out_[static_cast<size_t>(o * kV + ovc)];
    const bool minimal = q.front();
    q.pop_front();
    st_.credit_returned(o, ovc, minimal);
    dec_[o] += minimal;
  }
  int cpp(int o) const {
    int n = 0;
    for (const auto& v : st_.out[o].vcs) n += v.min_flits;
    return n;
  }
  // The clock edge that ends cycle c; "" or the first mismatch after it.
  std::string edge(Cycle c) {
    rtl_.cycle(inc_.data(), dec_.data(), kP);
    std::string err;
    for (int o = 0; o < kP && err.empty(); ++o)
      if (rtl_.count(o) != cpp(o)) {
        std::ostringstream m;
        m << "cycle " << c << " port " << o << ": inc " << inc_[o] << " dec " << dec_[o] << " | cpp " << cpp(o)
          << " | rtl " << rtl_.count(o);
        err = m.str();
      }
    inc_.assign(kP, 0);
    dec_.assign(kP, 0);
    return err;
  }

 private:
  RouterState st_;
  RtlMinCredCounter rtl_;
  int depth_;
  std::vector<std::deque<bool>> out_;  // [o*kV+ovc] flits downstream, oldest first: minimally routed?
  std::vector<int> inc_ = std::vector<int>(kP, 0), dec_ = std::vector<int>(kP, 0);
};

TEST(MinCredCosim, RandomDeparturesAndCredits) {
  Pair a(8);
  std::mt19937 rng(7);
  double p = 0.3;
  int most = 0;
  for (uint64_t c = 0; c < random_cycles(); ++c) {
    if (c % 2000 == 0) p = std::uniform_real_distribution<double>(0.05, 0.9)(rng);
    for (int o = 0; o < kP; ++o) {
      int taken = 0, back = 0;
      for (int k = 0; k < 4; ++k) {  // up to 4 tries of each a cycle (speedup, bursts of credits)
        const int ovc = static_cast<int>(rng() % kV);
        if (std::bernoulli_distribution(p)(rng) && a.credits(o, ovc) > 0 && taken < kMaxEvents) {
          a.depart(o, ovc, rng() % 3 != 0, c);
          ++taken;
        }
        if (std::bernoulli_distribution(p)(rng) && a.in_flight(o, ovc) > 0 && back < kMaxEvents) {
          a.credit_back(o, ovc);
          ++back;
        }
      }
    }
    const std::string err = a.edge(c);
    ASSERT_TRUE(err.empty()) << err;
    most = std::max(most, a.cpp(0));
  }
  EXPECT_GE(most, 12);  // the counts moved well away from zero
}

// From zero (non-minimal flits and their credits leave it there) to the
// 12-bit ceiling, 15 minimal flits a cycle (the most the event count
// carries), 15 taken and 15 returned in one cycle, and back to zero.
TEST(MinCredCosim, ZeroCeilingAndFullCycles) {
  constexpr int kDepth = 1365;  // 3 VCs x 1365 = 4095, the counter's ceiling
  Pair a(kDepth);
  Cycle c = 0;
  auto edge = [&] {
    const std::string err = a.edge(c++);
    ASSERT_TRUE(err.empty()) << err;
  };
  a.depart(0, 0, false, c);
  edge();
  a.credit_back(0, 0);
  edge();
  EXPECT_EQ(a.cpp(0), 0);
  for (int ovc = 0; ovc < kV; ++ovc)
    while (a.credits(0, ovc) > 0) {
      for (int k = 0; k < kMaxEvents && a.credits(0, ovc) > 0; ++k) a.depart(0, ovc, true, c);
      edge();
    }
  EXPECT_EQ(a.cpp(0), 4095);
  for (int k = 0; k < kMaxEvents; ++k) a.credit_back(0, 1);
  edge();
  for (int k = 0; k < kMaxEvents; ++k) {
    a.depart(0, 1, true, c);
    a.credit_back(0, 2);
  }
  edge();
  EXPECT_EQ(a.cpp(0), 4095 - kMaxEvents);
  for (int ovc = 0; ovc < kV; ++ovc)
    while (a.in_flight(0, ovc) > 0) {
      for (int k = 0; k < kMaxEvents && a.in_flight(0, ovc) > 0; ++k) a.credit_back(0, ovc);
      edge();
    }
  EXPECT_EQ(a.cpp(0), 0);
}

}  // namespace
