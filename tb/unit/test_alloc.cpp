#include <gtest/gtest.h>

#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "alloc/rr_arbiter.h"
#include "alloc/sep_if_allocator.h"
#include "alloc/sw_alloc_backend.h"
#include "alloc/vc_allocator.h"
#include "core/rng.h"

using namespace nocsim;

TEST(RrArbiter, GrantsRoundRobinFromThePointer) {
  RrArbiter a(4);
  std::vector<uint8_t> all{1, 1, 1, 1};
  for (int expect : {0, 1, 2, 3, 0}) {
    int g = a.eval(all);
    EXPECT_EQ(g, expect);
    a.tick(g);
  }
  std::vector<uint8_t> one{0, 0, 1, 0};
  EXPECT_EQ(a.eval(one), 2);
  EXPECT_EQ(a.eval(std::vector<uint8_t>(4, 0)), -1);
}

TEST(RrArbiter, MaskPathEqualsVectorPath) {
  Rng rng(3, "arb");
  RrArbiter a(7);
  for (int i = 0; i < 10000; ++i) {
    std::vector<uint8_t> req(7);
    uint64_t m = 0;
    for (int k = 0; k < 7; ++k) {
      req[k] = rng.below(2);
      m |= static_cast<uint64_t>(req[k]) << k;
    }
    int g = a.eval(req);
    ASSERT_EQ(g, a.eval_mask(m));
    a.tick(g);
  }
}

TEST(SepIfAllocator, OneGrantPerInputAndOutput) {
  const int P = 5, V = 3;
  SepIfAllocator al(P, V);
  Rng rng(7, "sa");
  for (int cyc = 0; cyc < 5000; ++cyc) {
    al.clear_requests();
    for (int i = 0; i < P * V; ++i) {
      al.req_ip_ivc[i] = rng.below(3) == 0;
      al.req_op_ip_ivc[i] = static_cast<int>(rng.below(P));
    }
    al.eval();
    std::vector<int> out_used(P, 0);
    for (int ip = 0; ip < P; ++ip) {
      if (!al.gnt_ip[ip]) continue;
      int i = ip * V + al.gnt_ivc_ip[ip];
      ASSERT_TRUE(al.req_ip_ivc[i]);
      ASSERT_EQ(al.req_op_ip_ivc[i], al.gnt_op_ip[ip]);
      ASSERT_EQ(out_used[al.gnt_op_ip[ip]]++, 0);
    }
    al.tick();
  }
}

TEST(SepIfAllocator, ContendingInputsShareAnOutputFairly) {
  const int P = 4, V = 2;
  SepIfAllocator al(P, V);
  std::vector<int> wins(P, 0);
  for (int cyc = 0; cyc < 400; ++cyc) {
    al.clear_requests();
    for (int i = 0; i < P * V; ++i) {
      al.req_ip_ivc[i] = 1;
      al.req_op_ip_ivc[i] = 0;
    }
    al.eval();
    for (int ip = 0; ip < P; ++ip) wins[ip] += al.gnt_ip[ip];
    al.tick();
  }
  for (int w : wins) EXPECT_EQ(w, 100);
}

// The simulator's path (masks, one call per round, the lone-input shortcut)
// against the RTL-style vector path, on requests sparse enough that most
// rounds have one requesting input, and dense ones.
void simulator_path_equals_vector_path(int P, int V, int cycles, bool in_on_grant = false) {
  SCOPED_TRACE("P " + std::to_string(P) + " V " + std::to_string(V) + (in_on_grant ? " grant" : " request"));
  SepIfAllocator ref(P, V, ArbiterKind::Rr, ArbiterKind::Rr, in_on_grant);
  SaArbiters arb;
  arb.in_on_grant = in_on_grant;
  auto sim = sw_alloc_registry().at("sep_if").make(P, V, arb);
  Rng rng(11, "sa-path");
  int lone = 0, contested = 0;
  const int sparse = P * V;  // about one request per round
  for (int cyc = 0; cyc < cycles; ++cyc) {
    const int density = cyc < cycles / 2 ? sparse : 3;  // 1 in `density` input VCs requests
    std::vector<uint64_t> req(P, 0);
    std::vector<int> op_of(P * V, 0), gnt(P, -2);
    uint64_t inputs = 0;
    ref.clear_requests();
    for (int i = 0; i < P * V; ++i) {
      if (rng.below(density) != 0) continue;
      const int op = static_cast<int>(rng.below(P));
      ref.req_ip_ivc[i] = 1;
      ref.req_op_ip_ivc[i] = op;
      op_of[i] = op;
      req[i / V] |= 1ull << (i % V);
      inputs |= 1ull << (i / V);
    }
    if (!inputs) continue;
    (inputs & (inputs - 1) ? contested : lone)++;
    ref.eval();
    sim->allocate(inputs, req.data(), op_of.data(), gnt.data());
    for (int ip = 0; ip < P; ++ip) {
      if (!(inputs >> ip & 1)) continue;
      ASSERT_EQ(gnt[ip], ref.gnt_ip[ip] ? ref.gnt_ivc_ip[ip] : -1) << "cycle " << cyc << " input " << ip;
    }
    ref.tick();
  }
  EXPECT_GT(lone, cycles / 10);
  EXPECT_GT(contested, cycles / 4);
}

// Sizes: the usual router, and the widths' limits (port 63, VC 63, bit 63).
TEST(SepIfAllocator, SimulatorPathEqualsVectorPath) {
  for (auto [P, V, cycles] : {std::tuple{5, 3, 20000}, std::tuple{64, 2, 4000}, std::tuple{3, 64, 4000}})
    for (bool grant : {false, true}) simulator_path_equals_vector_path(P, V, cycles, grant);
}

// router.arbiter.sa_in_update (docs/architecture.md, "Allocators"): input 0's
// VC 0 loses output 0 to input 1 in round C; in round D, with the same
// requests, a pointer moved on request picks input 0's VC 1 (output 1), one
// moved on grant only picks VC 0 again, which output 0 now grants. Both the
// simulator's path and the vector path.
void losing_vc_keeps_its_turn_on_grant(bool in_on_grant, int want_d) {
  SCOPED_TRACE(in_on_grant ? "grant" : "request");
  const int P = 3, V = 2;
  SaArbiters arb;
  arb.in_on_grant = in_on_grant;
  auto sim = sw_alloc_registry().at("sep_if").make(P, V, arb);
  SepIfAllocator ref(P, V, ArbiterKind::Rr, ArbiterKind::Rr, in_on_grant);
  // Rounds A and B leave input 0's pointer at VC 0 and output 0's past input 0.
  const std::vector<std::pair<std::vector<uint64_t>, std::vector<int>>> rounds = {
      {{0b01, 0, 0}, {0, 0, 0, 0, 0, 0}},  // A: input 0 VC 0 -> output 0
      {{0b10, 0, 0}, {0, 1, 0, 0, 0, 0}},  // B: input 0 VC 1 -> output 1
      {{0b11, 0b01, 0}, {0, 1, 0, 0, 0, 0}},  // C and D: input 1 VC 0 -> output 0 too
      {{0b11, 0b01, 0}, {0, 1, 0, 0, 0, 0}}};
  std::vector<int> got;
  for (const auto& [req, op_of] : rounds) {
    uint64_t inputs = 0;
    ref.clear_requests();
    for (int ip = 0; ip < P; ++ip) {
      inputs |= static_cast<uint64_t>(req[ip] != 0) << ip;
      for (int v = 0; v < V; ++v) {
        ref.req_ip_ivc[ip * V + v] = req[ip] >> v & 1;
        ref.req_op_ip_ivc[ip * V + v] = op_of[ip * V + v];
      }
    }
    std::vector<int> gnt(P, -2);
    sim->allocate(inputs, req.data(), op_of.data(), gnt.data());
    ref.eval();
    ASSERT_EQ(gnt[0], ref.gnt_ip[0] ? ref.gnt_ivc_ip[0] : -1);
    ref.tick();
    got.push_back(gnt[0]);
  }
  EXPECT_EQ(got[2], -1);  // round C: output 0 went to input 1
  EXPECT_EQ(got[3], want_d);
}

TEST(SepIfAllocator, InputPointerMovesOnRequestOrOnlyOnGrant) {
  losing_vc_keeps_its_turn_on_grant(false, 1);
  losing_vc_keeps_its_turn_on_grant(true, 0);
}

TEST(VcAllocator, GrantsOnlyMaskedFreeVcsOncePerOutputVc) {
  const int P = 3, V = 2;
  VcAllocator va(P, V);
  const uint64_t only1 = 0b10;
  va.request(0, 0, 2, only1);
  va.request(1, 1, 2, only1);
  va.request(2, 0, 1, 0b11);
  va.allocate();
  EXPECT_EQ((va.grant_ovc(0 * V + 0) == 1) + (va.grant_ovc(1 * V + 1) == 1), 1);  // one of the two contenders
  EXPECT_GE(va.grant_ovc(2 * V + 0), 0);
}

// One allocation's random requests: each input VC asks with probability
// 1/one_in, for a random port (op, -1 when it does not ask) with a random
// mask of VCs (empty masks included).
static std::pair<std::vector<int>, std::vector<uint64_t>> request_randomly(VcAllocator& va, std::mt19937& rng,
                                                                           int P, int V, unsigned one_in) {
  const int n = P * V;
  std::vector<int> op(n, -1);
  std::vector<uint64_t> mask(n, 0);
  for (int i = 0; i < n; ++i) {
    if (rng() % one_in) continue;
    op[i] = static_cast<int>(rng() % P);
    mask[i] = rng() & ((1u << V) - 1);
    va.request(i / V, i % V, op[i], mask[i]);
  }
  return {op, mask};
}

// Whether every input VC got the reference's grant (-1 at the first that did
// not, reported), then clears the requests; returns the grants.
static int grants_match(VcAllocator& va, const std::vector<int>& want, int cycle) {
  int granted = 0;
  for (int i = 0; i < static_cast<int>(want.size()); ++i) {
    if (va.grant_ovc(i) != want[i]) {
      ADD_FAILURE() << "cycle " << cycle << " input VC " << i << ": granted " << va.grant_ovc(i) << ", expected "
                    << want[i];
      return -1;
    }
    granted += want[i] >= 0;
  }
  va.clear_requests();
  return granted;
}

// The allocator visits requesters only; a full scan of every input VC and
// output VC, written the plain way, must grant the same on random requests.
TEST(VcAllocator, MatchesFullScanReference) {
  const int P = 7, V = 3, n = P * V;
  VcAllocator va(P, V);
  std::vector<int> in_ptr(n, 0), out_ptr(n, 0);
  std::mt19937 rng(5);
  int granted = 0;
  for (int cycle = 0; cycle < 20000; ++cycle) {
    const auto [op, mask] = request_randomly(va, rng, P, V, 3);
    va.allocate();
    std::vector<int> pick(n, -1), want(n, -1);
    for (int i = 0; i < n; ++i) {
      if (op[i] < 0 || !mask[i]) continue;
      for (int k = 0; k < V; ++k) {
        const int o = (in_ptr[i] + k) % V;
        if (mask[i] >> o & 1) {
          pick[i] = op[i] * V + o;
          in_ptr[i] = (o + 1) % V;
          break;
        }
      }
    }
    for (int o = 0; o < n; ++o)
      for (int k = 0; k < n; ++k) {
        const int i = (out_ptr[o] + k) % n;
        if (pick[i] != o) continue;
        want[i] = o % V;
        out_ptr[o] = (i + 1) % n;
        break;
      }
    const int g = grants_match(va, want, cycle);
    ASSERT_GE(g, 0);
    granted += g;
  }
  EXPECT_GT(granted, 20000);
}

// Free pool: one grant per output port per cycle; the winner (round-robin
// over every input VC asking for the port) takes the port's next VC in its
// mask after the port's round-robin VC pointer.
TEST(VcAllocator, FreePoolGrantsOneVcPerPortRoundRobin) {
  const int P = 3, V = 2;
  VcAllocator va(P, V, ArbiterKind::Rr, VaAlgorithm::FreePool);
  // Input VCs 0 (port 0 VC 0) and 3 (port 1 VC 1) ask for port 2, both VCs
  // free; input VC 4 asks for port 1, VC 1 only.
  va.request(0, 0, 2, 0b11);
  va.request(1, 1, 2, 0b11);
  va.request(2, 0, 1, 0b10);
  va.allocate();
  EXPECT_EQ(va.grant_ovc(0), 0);   // first in round-robin order; takes VC 0
  EXPECT_EQ(va.grant_ovc(3), -1);  // one VC per port per cycle, even with VC 1 free
  EXPECT_EQ(va.grant_ovc(4), 1);   // its only VC
  va.clear_requests();
  // Next cycle: input VC 3 wins (the port's pointer moved past 0) and the
  // port's VC pointer has moved past VC 0, so it takes VC 1.
  va.request(0, 0, 2, 0b11);
  va.request(1, 1, 2, 0b11);
  va.allocate();
  EXPECT_EQ(va.grant_ovc(0), -1);
  EXPECT_EQ(va.grant_ovc(3), 1);
  va.clear_requests();
  // A winner whose mask lacks the pointer's VC takes the next one it has.
  va.request(0, 0, 2, 0b10);
  va.allocate();
  EXPECT_EQ(va.grant_ovc(0), 1);
}

TEST(VcAllocator, FreePoolMatchesFullScanReference) {
  const int P = 5, V = 4, n = P * V;
  VcAllocator va(P, V, ArbiterKind::Rr, VaAlgorithm::FreePool);
  std::vector<int> port_ptr(P, 0), vc_ptr(P, 0);
  std::mt19937 rng(9);
  int granted = 0;
  for (int cycle = 0; cycle < 20000; ++cycle) {
    const auto [op, mask] = request_randomly(va, rng, P, V, 2);
    va.allocate();
    std::vector<int> want(n, -1);
    for (int p = 0; p < P; ++p)
      for (int k = 0; k < n; ++k) {
        const int i = (port_ptr[p] + k) % n;
        if (op[i] != p || !mask[i]) continue;
        port_ptr[p] = (i + 1) % n;
        for (int j = 0; j < V; ++j) {
          const int v = (vc_ptr[p] + j) % V;
          if (mask[i] >> v & 1) {
            want[i] = v;
            vc_ptr[p] = (v + 1) % V;
            break;
          }
        }
        break;
      }
    const int g = grants_match(va, want, cycle);
    ASSERT_GE(g, 0);
    granted += g;
  }
  EXPECT_GT(granted, 20000);
}
