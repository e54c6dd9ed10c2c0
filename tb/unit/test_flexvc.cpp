// FlexVC's VC arithmetic (vc/flexvc.h): the canonical sequences, and both
// of Fuentes' tables (which paths each VC count allows as safe,
// opportunistic or not at all; docs/vc-flexvc.md, "Checked against
// Fuentes' tables") recomputed hop by hop from the policy's rule.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "vc/flexvc.h"
#include "vc/selection.h"

using namespace nocsim;

namespace {

// One hop of a path type: its port class and the worst-case minimal path
// from the router it reaches to the destination (the escape path's rest).
struct Hop {
  char cls;
  std::string min_after;
};

// Safe when every hop is, not allowed when one hop is, else opportunistic.
char classify(const FlexVcSequence& s, const std::vector<Hop>& path) {
  bool opportunistic = false;
  for (size_t i = 0; i < path.size(); ++i) {
    std::string rest;
    for (size_t j = i; j < path.size(); ++j) rest += path[j].cls;
    const FlexVcHop h = s.classify(PathShape::of(rest), PathShape::of(std::string(1, path[i].cls) + path[i].min_after));
    if (h.kind == HopKind::NotAllowed) return 'N';
    opportunistic |= h.kind == HopKind::Opportunistic;
  }
  return opportunistic ? 'O' : 'S';
}

// Dragonfly paths (docs/routing-dragonfly.md). Minimal paths from a router:
// "LGL" to another group, "GL" from the gateway to it, "L" within the
// destination group, "" at the destination router.
const std::vector<Hop> kMin = {{'L', "GL"}, {'G', "L"}, {'L', ""}};
// Valiant to an intermediate router: l g l | l g l.
const std::vector<Hop> kVal = {{'L', "LGL"}, {'G', "LGL"}, {'L', "LGL"}, {'L', "GL"}, {'G', "L"}, {'L', ""}};
// In-transit (OLM's longest): a local misroute and a local hop in the source
// group, a global misroute, a local misroute and a local hop in the
// intermediate group, then minimally.
const std::vector<Hop> kInTransit = {{'L', "LGL"}, {'L', "LGL"}, {'G', "LGL"}, {'L', "LGL"},
                                     {'L', "GL"},  {'G', "L"},   {'L', ""}};
// A generic diameter-2 network (one port class): minimal paths of at most two hops.
const std::vector<Hop> kMin2 = {{'L', "L"}, {'L', ""}};
const std::vector<Hop> kVal2 = {{'L', "LL"}, {'L', "LL"}, {'L', "L"}, {'L', ""}};
const std::vector<Hop> kInTransit2 = {{'L', "LL"}, {'L', "LL"}, {'L', "LL"}, {'L', "L"}, {'L', ""}};

}  // namespace

TEST(FlexVc, CanonicalSequences) {
  EXPECT_EQ(FlexVcSequence(2, 1).text(), "LGL");
  EXPECT_EQ(FlexVcSequence(3, 1).text(), "LLGL");
  EXPECT_EQ(FlexVcSequence(2, 2).text(), "GLGL");
  EXPECT_EQ(FlexVcSequence(3, 2).text(), "LGLGL");
  EXPECT_EQ(FlexVcSequence(4, 2).text(), "LGLLGL");
  EXPECT_EQ(FlexVcSequence(5, 2).text(), "LLGLLGL");
  EXPECT_EQ(FlexVcSequence(8, 4).text(), "LGLLGLLGLLGL");
  EXPECT_EQ(FlexVcSequence(3, 0).text(), "LLL");
}

// Fuentes' Tables 5.1 and 5.3 (docs/vc-flexvc.md, "Checked against Fuentes'
// tables"): dragonfly local/global VCs.
TEST(FlexVc, DragonflyTable) {
  const std::vector<std::pair<int, int>> counts = {{2, 1}, {3, 1}, {2, 2}, {3, 2}, {4, 2}, {5, 2}};
  const std::string min = "SSSSSS", val = "NNNOSS", in_transit = "NNNOOS";
  for (size_t c = 0; c < counts.size(); ++c) {
    const FlexVcSequence s(counts[c].first, counts[c].second);
    const std::string col = std::to_string(counts[c].first) + "/" + std::to_string(counts[c].second);
    EXPECT_EQ(classify(s, kMin), min[c]) << "MIN at " << col;
    EXPECT_EQ(classify(s, kVal), val[c]) << "VAL at " << col;
    EXPECT_EQ(classify(s, kInTransit), in_transit[c]) << "in-transit at " << col;
  }
}

// Fuentes' generic diameter-2 network with 2..5 VCs (docs/vc-flexvc.md,
// "Checked against Fuentes' tables").
TEST(FlexVc, DiameterTwoTable) {
  const std::string val = "NOSS", in_transit = "NOOS";
  for (int v = 2; v <= 5; ++v) {
    const FlexVcSequence s(v, 0);
    EXPECT_EQ(classify(s, kMin2), 'S') << v;
    EXPECT_EQ(classify(s, kVal2), val[static_cast<size_t>(v - 2)]) << "VAL with " << v;
    EXPECT_EQ(classify(s, kInTransit2), in_transit[static_cast<size_t>(v - 2)]) << "in-transit with " << v;
  }
}

// The highest VC per hop: extra VCs beyond a path's need are usable at every
// hop (they sit at the start of the sequence).
TEST(FlexVc, ExtraVcsAreUsableAtEveryHop) {
  const FlexVcSequence base(2, 1), wide(4, 2);  // LGL, LGLLGL
  EXPECT_EQ(base.highest(PathShape::of("LGL")), 0);
  EXPECT_EQ(base.highest(PathShape::of("GL")), 0);
  EXPECT_EQ(base.highest(PathShape::of("L")), 1);
  EXPECT_EQ(wide.highest(PathShape::of("LGL")), 2) << "local VCs 0..2 for MIN's first hop";
  EXPECT_EQ(wide.highest(PathShape::of("GL")), 1) << "both global VCs";
  EXPECT_EQ(wide.highest(PathShape::of("L")), 3) << "every local VC for the last hop";
  EXPECT_EQ(wide.highest(PathShape::of("LLLLL")), -1) << "more local hops than local VCs";
  EXPECT_EQ(wide.highest(PathShape()), -1) << "no hop";
}

TEST(FlexVc, OpportunisticHopTakesItsEscapePathsVc) {
  const FlexVcSequence s(3, 2);  // LGLGL
  // VAL's first hop: l g l l g l does not fit; escape l + l g l does (L0 L2 G3 L4).
  const FlexVcHop h = s.classify(PathShape::of("LGLLGL"), PathShape::of("LLGL"));
  EXPECT_EQ(h.kind, HopKind::Opportunistic);
  EXPECT_EQ(h.highest, 0);
  const FlexVcHop none = s.classify(PathShape::of("LLLL"), PathShape::of("LLLL"));
  EXPECT_EQ(none.kind, HopKind::NotAllowed);
  EXPECT_EQ(none.highest, -1);
}

// In the simulator a hop must start after the head's position: the VCs of
// LGLGL are L0 G1 L2 G3 L4 (local VC v at the v-th L, global at the G's).
TEST(FlexVc, HopsStartAfterTheHeadsPosition) {
  const FlexVcSequence s(3, 2);
  EXPECT_EQ(s.position(-1, false), -1) << "in the NIC";
  EXPECT_EQ(s.position(0, false), 0);
  EXPECT_EQ(s.position(1, false), 2);
  EXPECT_EQ(s.position(0, true), 1);
  EXPECT_EQ(s.position(1, true), 3);
  const int g0 = s.position(0, true);
  // Valiant's local hop to the intermediate router after arriving on G0: l l g l fits only from L0.
  EXPECT_EQ(s.classify(PathShape::of("LLGL"), PathShape::of("LLGL")).kind, HopKind::Safe);
  EXPECT_EQ(s.classify(PathShape::of("LLGL"), PathShape::of("LLGL"), g0).kind, HopKind::NotAllowed);
  // Its minimal fallback (l g l) climbs from G0: L2 G3 L4, local VCs 0..1.
  const FlexVcHop m = s.classify(PathShape::of("LGL"), PathShape::of("LGL"), g0);
  EXPECT_EQ(m.kind, HopKind::Safe);
  EXPECT_EQ(m.highest, 1);
  // Opportunistic only when the path does not fit after the head but the escape does.
  const FlexVcHop o = s.classify(PathShape::of("LLGL"), PathShape::of("LGL"), g0);
  EXPECT_EQ(o.kind, HopKind::Opportunistic);
  EXPECT_EQ(o.highest, 1);
}

TEST(FlexVc, PathShapes) {
  const PathShape p = PathShape::join(PathShape::of("L"), PathShape::of("GL"));
  EXPECT_EQ(p.len, 3);
  EXPECT_FALSE(p.is_global(0));
  EXPECT_TRUE(p.is_global(1));
  EXPECT_FALSE(p.is_global(2));
}

namespace {

struct Credits : CreditView {
  std::vector<int> c;  // per VC of every port
  int credits(int, int vc) const override { return c[static_cast<size_t>(vc)]; }
};

int pick(OneVc::Pick p, uint64_t u0, uint64_t u1, const Credits& cr, uint64_t& mask, int router = 0) {
  OneVc s(p, 1, router);
  RouteCandidate cands[2];
  const uint64_t usable[2] = {u0, u1};
  return s.select(cands, usable, 2, mask, cr);
}

}  // namespace

TEST(FlexVcSelection, JsqTakesTheMostCreditsTiesToTheHighest) {
  Credits cr;
  cr.c = {5, 9, 9, 2};
  uint64_t mask = 0;
  EXPECT_EQ(pick(OneVc::Pick::Jsq, 0b1111, 0, cr, mask), 0);
  EXPECT_EQ(mask, 0b0100u) << "VCs 1 and 2 tie at 9 credits: the higher";
  EXPECT_EQ(pick(OneVc::Pick::Jsq, 0b1001, 0, cr, mask), 0);
  EXPECT_EQ(mask, 0b0001u) << "only usable VCs count";
  cr.c = {0, 0, 0, 0};
  EXPECT_EQ(pick(OneVc::Pick::Jsq, 0b0110, 0, cr, mask), 0);
  EXPECT_EQ(mask, 0b0100u) << "no credits anywhere (wormhole's one-flit need met elsewhere): still the highest";
}

TEST(FlexVcSelection, HighestLowestAndNoUsableVc) {
  Credits cr;
  cr.c = {1, 1, 1, 1};
  uint64_t mask = 0;
  EXPECT_EQ(pick(OneVc::Pick::Highest, 0b0110, 0, cr, mask), 0);
  EXPECT_EQ(mask, 0b0100u);
  EXPECT_EQ(pick(OneVc::Pick::Lowest, 0b0110, 0, cr, mask), 0);
  EXPECT_EQ(mask, 0b0010u);
  EXPECT_EQ(pick(OneVc::Pick::Lowest, 0, 0b1000, cr, mask), 1) << "the first candidate with a usable VC";
  EXPECT_EQ(mask, 0b1000u);
  EXPECT_EQ(pick(OneVc::Pick::Jsq, 0, 0, cr, mask), -1);
}

TEST(FlexVcSelection, RandomStaysInTheUsableSetAndCoversIt) {
  Credits cr;
  cr.c = std::vector<int>(8, 1);
  OneVc s(OneVc::Pick::Random, 3, 7);
  RouteCandidate cands[1];
  const uint64_t usable[1] = {0b10110010};
  uint64_t seen = 0;
  for (int k = 0; k < 400; ++k) {
    uint64_t mask = 0;
    ASSERT_EQ(s.select(cands, usable, 1, mask, cr), 0);
    ASSERT_EQ(__builtin_popcountll(mask), 1);
    ASSERT_EQ(mask & ~usable[0], 0u);
    seen |= mask;
  }
  EXPECT_EQ(seen, usable[0]);
}
