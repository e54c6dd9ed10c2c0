// The torus adaptive routings: OFR's IDN arithmetic, the bubble rule, smart
// DOR's unused classes, and the (channel, VC) dependency argument of each
// escape network, walked over every source and destination.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory>

#include "channel_graph.h"
#include "routing/torus/algorithms.h"
#include "router/router_state.h"
#include "routing/torus/outflank.h"
#include "vc/distance.h"
#include "vc/selection.h"

using namespace nocsim;

namespace {

using test::Channel;
using test::ChannelGraph;

int at(const KAryNCube& t, std::vector<int> x) { return t.router_at(x); }

std::vector<int> coords(const KAryNCube& t, int r) {
  std::vector<int> x;
  for (int d = 0; d < t.n(); ++d) x.push_back(t.coord(r, d));
  return x;
}

std::vector<std::vector<int>> routers_of(const KAryNCube& t, const std::vector<Idn>& v) {
  std::vector<std::vector<int>> out;
  for (const Idn& q : v) out.push_back(coords(t, q.router));
  return out;
}

using Points = std::vector<std::vector<int>>;

}  // namespace

TEST(OutFlank, WidnsAreOrthantMidpointsWithoutTheMinimalOne) {
  KAryNCube t({8, 8, 8}, 1, true);
  // s = (0,0,0), t = (2,0,0): q_i = floor((s_i + t_i + beta_i k) / 2); beta = 0 is (1,0,0), on the minimal path.
  EXPECT_EQ(routers_of(t, widns(t, at(t, {0, 0, 0}), at(t, {2, 0, 0}))),
            (Points{{5, 0, 0}, {1, 4, 0}, {5, 4, 0}, {1, 0, 4}, {5, 0, 4}, {1, 4, 4}, {5, 4, 4}}));
  // Across the wrap: s = (7,0,0), t = (1,0,0) are 2 apart through 0, so beta_0 = 1
  // (floor(16/2) mod 8 = 0) is the minimal midpoint and beta_0 = 0 (4) is not.
  const auto w = widns(t, at(t, {7, 0, 0}), at(t, {1, 0, 0}));
  EXPECT_EQ(routers_of(t, w).front(), (std::vector<int>{4, 0, 0}));
  for (const Idn& q : w) EXPECT_NE(coords(t, q.router), (std::vector<int>{0, 0, 0}));  // the minimal midpoint
}

TEST(OutFlank, OidnsFollowTheSpecSets) {
  KAryNCube t({8, 8, 8}, 1, true);
  const int s = at(t, {0, 0, 0});
  // Not coplanar: every ordered pair (i at -1: s_i - Delta, j at +1: t_j + Delta), the third at its midpoint.
  EXPECT_EQ(routers_of(t, oidns(t, s, at(t, {1, 1, 1}), 2)),
            (Points{{6, 3, 0}, {6, 0, 3}, {3, 6, 0}, {0, 6, 3}, {3, 0, 6}, {0, 3, 6}}));
  // Coplanar (s_0 = t_0): (+-1,0,0), then (0,-1,1), (0,1,-1).
  EXPECT_EQ(routers_of(t, oidns(t, s, at(t, {0, 1, 1}), 2)), (Points{{2, 0, 0}, {6, 0, 0}, {0, 6, 3}, {0, 3, 6}}));
  // Collinear (s_0 = t_0, s_1 = t_1): (1,0,1), (-1,0,0), (0,1,-1), (0,-1,0).
  EXPECT_EQ(routers_of(t, oidns(t, s, at(t, {0, 0, 1}), 2)), (Points{{2, 0, 3}, {6, 0, 0}, {0, 2, 6}, {0, 6, 0}}));
  // The same with the minimal link of dimension 2 the - one (t_2 = 7): reflected.
  EXPECT_EQ(routers_of(t, oidns(t, s, at(t, {0, 0, 7}), 2)), (Points{{2, 0, 5}, {6, 0, 0}, {0, 2, 2}, {0, 6, 0}}));
}

TEST(OutFlank, DilationIsTwoDeltaPerNonZeroLambdaAndAtMostTwoNDelta) {
  KAryNCube t({8, 8, 8}, 1, true);
  const int delta = 2, n = 3;
  int exact = 0;
  for (int s = 0; s < t.routers(); s += 7)
    for (int dst = 0; dst < t.routers(); ++dst) {
      if (s == dst) continue;
      bool short_arcs = true;  // d_i + Delta <= k/2: no OIDN reaches around the ring
      for (int d = 0; d < n; ++d) short_arcs &= t.ring_distance(t.coord(s, d), t.coord(dst, d), d) + delta <= 4;
      for (const auto& l : oidn_lambdas(t, s, dst)) {
        const int q = oidn_router(t, s, dst, l, delta);
        const int dil = idn_path_length(t, s, q, dst) - t.min_hops(s, dst);
        EXPECT_LE(dil, 2 * n * delta);
        if (!short_arcs) continue;
        const int nonzero = static_cast<int>(std::count_if(l.begin(), l.end(), [](int v) { return v != 0; }));
        EXPECT_EQ(dil, 2 * delta * nonzero);
        ++exact;
      }
    }
  EXPECT_GT(exact, 100);
}

TEST(OutFlank, ProfitOfAnIdleMinimalPathIsOnePlusEta) {
  EXPECT_DOUBLE_EQ(idn_profit(0, 0, 2.0, 5, 5), 3.0);      // pi_0 = 1 + eta when u_0 = 0
  EXPECT_DOUBLE_EQ(idn_profit(0, 3, 2.0, 5, 5), 2.0);      // a used minimal path against an idle output
  EXPECT_DOUBLE_EQ(idn_profit(2, 4, 2.0, 4, 8), 1.5);      // u*/u + eta d/d~
  EXPECT_DOUBLE_EQ(idn_profit(0, 0, 1.0, 4, 8), 1.5);      // POR's eta
}

TEST(OutFlank, ProfitViewFollowsTheProfitRuleBounds) {
  EXPECT_DOUBLE_EQ(length_penalty(2.0, 6, 6), 0.0);
  EXPECT_DOUBLE_EQ(length_penalty(2.0, 6, 10), 0.8);  // delta 4 < d: in range
  EXPECT_DOUBLE_EQ(length_penalty(2.0, 4, 8), 1.0);   // delta = d: never wins at eta 2
  EXPECT_EQ(ProfitView().flags(0, 0), kLeastIdle | kMinimalIdle);  // no detour seen
  ProfitView v;
  v.see(1.0, 3);
  EXPECT_EQ(v.flags(0, 4), kLeastIdle | kDetourLessUsed);
  v.see(0.5, 5);
  EXPECT_EQ(v.flags(1, 4), kDetourInRange | kDetourWithinReach | kDetourLessUsed);  // gain up to 0.75
  EXPECT_EQ(v.flags(3, 4), kDetourInRange | kDetourLessUsed);                       // gain up to 0.25
  EXPECT_EQ(v.flags(0, 0), kLeastIdle | kMinimalIdle | kDetourInRange);
}

namespace {

Flit head_to(int dst) {
  Flit f;
  f.dst = dst;
  return f;
}

// The escape candidate (the last one) of `r` for a head that came in on `in_port` in class `cls`.
RouteCandidate escape(Routing& r, int router, int in_port, int cls, const Flit& head) {
  Flit f = head;
  f.rh.seqpos = static_cast<uint8_t>(cls);
  std::vector<RouteCandidate> c;
  r.route({router, in_port, 0, f, nullptr, nullptr, {}}, c);
  return c.back();
}

}  // namespace

TEST(Bubble, EnteringARingNeedsTwoPacketsStayingNeedsOne) {
  KAryNCube t({4, 4, 4}, 1, true);
  BubbleRouting abr(t);
  const int router = at(t, {1, 0, 0});
  const Flit f = head_to(at(t, {3, 0, 0}));  // + in dimension 0: escape port 0, class 0
  const int nic = t.network_ports();
  const RouteCandidate injected = escape(abr, router, nic, 0, f);
  ASSERT_EQ(injected.out_port, 0);
  EXPECT_TRUE(injected.hop & kHopBubble);
  EXPECT_FALSE(escape(abr, router, 1, 0, f).hop & kHopBubble);  // came along the ring on the escape class
  EXPECT_TRUE(escape(abr, router, 1, 1, f).hop & kHopBubble);   // same link, from the adaptive class
  EXPECT_TRUE(escape(abr, router, 3, 0, f).hop & kHopBubble);   // from another dimension
  // What VA asks of the output VC, in packets of 8 flits.
  EXPECT_EQ(credits_needed(injected, {0, 0, 0, 0}, 8, true), 16);
  EXPECT_EQ(credits_needed(escape(abr, router, 1, 0, f), {0, 0, 0, 0}, 8, true), 8);
  // Under packets of several sizes every escape hop counts the largest
  // packet's room (slot 8), whatever its own size; other hops their own.
  EXPECT_TRUE(injected.hop & kHopSlot);
  EXPECT_TRUE(escape(abr, router, 1, 0, f).hop & kHopSlot);
  EXPECT_EQ(credits_needed(injected, {0, 0, 0, 0}, 1, true, 8), 16);
  EXPECT_EQ(credits_needed(escape(abr, router, 1, 0, f), {0, 0, 0, 0}, 3, true, 8), 8);
  EXPECT_EQ(credits_needed(RouteCandidate{}, {0, 0, 0, 0}, 3, true, 8), 3);
  // OFR: a head reaching its IDN on VS1 enters VS2 as an injection.
  OutFlank ofr(t);
  Flit g = f;
  g.rh.inter = router;
  g.rh.phase = 1;
  const RouteCandidate at_idn = escape(ofr, router, 1, 0, g);
  EXPECT_EQ(at_idn.pos, 1);
  EXPECT_TRUE(at_idn.hop & kHopBubble);
  g.rh.phase = 2;
  EXPECT_FALSE(escape(ofr, router, 1, 1, g).hop & kHopBubble);
}

TEST(SmartDor, DeroutesTakeTheClassEcubeLeavesUnused) {
  KAryNCube t({8}, 1, true);
  SmartDor r(t);
  // + links: the wrap link (7 -> 0) carries only the high class; the links
  // from 3 .. 6 only the low one (no minimal route crosses the wrap and gets there).
  EXPECT_EQ(r.unused_class(0, false, 7), 0);
  for (int x = 3; x <= 6; ++x) EXPECT_EQ(r.unused_class(0, false, x), 1) << x;
  for (int x = 0; x <= 2; ++x) EXPECT_EQ(r.unused_class(0, false, x), -1) << x;
  EXPECT_EQ(r.unused_class(0, true, 0), 0);  // - wrap link (0 -> 7)
}

namespace {

// Follows `r` from every router to every destination router taking, at
// each hop, the candidate `pick` chooses, starting from each header `starts`
// gives; adds the (channel, VC) dependencies to `all` and, leaving out a
// ring's own continuation (same port and VC), to `across`.
void walk(const KAryNCube& t, Routing& r, int vcs, const std::function<std::vector<Flit>(int, int)>& starts,
          ChannelGraph& all, ChannelGraph& across) {
  const DistancePolicy vp(r.reference(), std::vector<int>(t.ports(), vcs));
  std::vector<RouteCandidate> c;
  for (int s = 0; s < t.routers(); ++s)
    for (int d = 0; d < t.routers(); ++d) {
      if (s == d) continue;
      for (Flit f : starts(s, d)) {
        // Entered on a network port, so that the preset headers stand (at
        // a NIC port POR and OFR decide afresh); phase 0 heads still decide.
        int router = s, in_port = 0, hops = 0;
        std::vector<Channel> prev;
        int prev_port = -1;
        for (;;) {
          c.clear();
          r.route({router, in_port, 0, f, nullptr, nullptr, {}}, c);
          ASSERT_FALSE(c.empty());
          const RouteCandidate& e = c.back();  // the escape
          if (e.hop & kHopEject) break;
          const auto cur = ChannelGraph::channels(router, e, vp);
          all.depend(prev, cur);
          if (e.out_port != prev_port || prev.empty() || std::get<2>(prev[0]) != std::get<2>(cur[0])) across.depend(prev, cur);
          prev = cur;
          prev_port = e.out_port;
          f.rh = e.next;
          in_port = t.peer(router, e.out_port).port;
          router = t.peer(router, e.out_port).router;
          ASSERT_LE(++hops, 4 * t.min_hops(s, d) + 16);
        }
        EXPECT_EQ(router, d);
      }
    }
}

std::vector<Flit> plain(int, int d) { return {head_to(d)}; }

}  // namespace

TEST(TorusEscape, StarChannelEcubeIsAcyclic) {
  for (auto k : {std::vector<int>{4, 4, 4}, std::vector<int>{5, 3}}) {
    KAryNCube t(k, 1, true);
    StarChannel r(t);
    ChannelGraph all, across;
    walk(t, r, 3, plain, all, across);
    EXPECT_GT(all.edges(), 0u);
    EXPECT_FALSE(all.has_cycle());
  }
}

TEST(TorusEscape, SmartDorDeroutesKeepEcubeAcyclic) {
  KAryNCube t({4, 4, 4}, 1, true);
  SmartDor r(t);
  const DistancePolicy vp(r.reference(), std::vector<int>(t.ports(), 2));
  ChannelGraph g;
  std::vector<RouteCandidate> c, c2;
  int deroutes = 0;
  for (int s = 0; s < t.routers(); ++s)
    for (int d = 0; d < t.routers(); ++d) {
      if (s == d) continue;
      c.clear();
      r.route({s, t.network_ports(), 0, head_to(d), nullptr, nullptr, {}}, c);
      for (const RouteCandidate& first : c) {  // the e-cube hop and every deroute, then e-cube
        deroutes += (first.next.flags & kDerouteOther) != 0;
        Flit f = head_to(d);
        f.rh = first.next;
        std::vector<Channel> prev = ChannelGraph::channels(s, first, vp);
        int router = t.peer(s, first.out_port).router, in_port = t.peer(s, first.out_port).port;
        for (int hops = 0;; ++hops) {
          ASSERT_LT(hops, 16);
          c2.clear();
          r.route({router, in_port, 0, f, nullptr, nullptr, {}}, c2);
          ASSERT_EQ(c2.size(), 1u);  // no deroute past the first router
          if (c2[0].hop & kHopEject) break;
          const auto cur = ChannelGraph::channels(router, c2[0], vp);
          g.depend(prev, cur);
          prev = cur;
          f.rh = c2[0].next;
          in_port = t.peer(router, c2[0].out_port).port;
          router = t.peer(router, c2[0].out_port).router;
        }
        EXPECT_EQ(router, d);
      }
    }
  EXPECT_GT(deroutes, 0);
  EXPECT_FALSE(g.has_cycle());
}

// Bubble escapes: dimension order across rings (and VS1 before VS2 for OFR)
// is acyclic; the cycles left are each ring's own, which the bubble rule breaks.
TEST(TorusEscape, BubbleEscapesAreAcyclicAcrossRings) {
  KAryNCube t({4, 4, 4}, 1, true);
  {
    BubbleRouting r(t);
    ChannelGraph all, across;
    walk(t, r, 2, plain, all, across);
    EXPECT_TRUE(all.has_cycle());  // the rings: why the bubble rule is needed
    EXPECT_FALSE(across.has_cycle());
  }
  {
    PickOrthant r(t);
    ChannelGraph all, across;
    walk(t, r, 2, [&](int s, int d) {
      std::vector<Flit> v;
      for (uint32_t o = 0; o < 8; ++o) {  // every orthant
        Flit f = head_to(d);
        f.rh.inter = static_cast<int32_t>(o);
        f.rh.phase = 2;
        v.push_back(f);
      }
      (void)s;
      return v;
    }, all, across);
    EXPECT_FALSE(across.has_cycle());
  }
  {
    OutFlank r(t);
    ChannelGraph all, across;
    walk(t, r, 3, [&](int s, int d) {
      std::vector<Flit> v{head_to(d)};
      for (const auto& set : {widns(t, s, d), oidns(t, s, d, 2)})
        for (const Idn& q : set) {  // every IDN
          Flit f = head_to(d);
          f.rh.inter = q.router;
          f.rh.phase = 1;
          v.push_back(f);
        }
      return v;
    }, all, across);
    EXPECT_FALSE(across.has_cycle());
  }
}

namespace {

// Used slots downstream of each output port and flits queued at the source
// for it, as given (a port past either vector: 0).
class PortsView : public CongestionView {
 public:
  explicit PortsView(std::vector<int> used, std::vector<int> queued = {})
      : used_(std::move(used)), queued_(std::move(queued)) {}
  int occupancy(int, int, VcRange) const override { return 0; }
  int credits(int, int, VcRange) const override { return 64; }
  int output_queue(int, int) const override { return 0; }
  int port_occupancy(int, int port) const override { return at(used_, port); }
  int port_queued(int, int port) const override { return at(queued_, port); }
  int depth(int, int) const override { return 64; }

 private:
  static int at(const std::vector<int>& v, int port) {
    return static_cast<size_t>(port) < v.size() ? v[static_cast<size_t>(port)] : 0;
  }
  std::vector<int> used_, queued_;
};

}  // namespace

// routing.occupancy: with `downstream` a source whose only minimal link has
// packets waiting for it but an empty buffer beyond sees an idle path and
// stays minimal; with `queued` it sees the backlog and outflanks it.
TEST(OutFlank, QueuedOccupancySeesTheBacklogBeforeTheLink) {
  KAryNCube t({8, 8, 8}, 1, true);
  const int s = at(t, {0, 0, 0}), d = at(t, {3, 0, 0});  // minimal: + in dimension 0 only (port 0)
  const PortsView view({}, {40});  // every buffer empty; 40 flits wait at s for port 0
  for (const bool queued : {false, true}) {
    OutFlank ofr(t);
    ofr.count_queued(queued);
    std::vector<RouteCandidate> c;
    ofr.route({s, t.network_ports(), 0, head_to(d), &view, nullptr, {}}, c);
    ASSERT_FALSE(c.empty());
    const uint8_t f = c.front().next.flags;
    EXPECT_EQ((f & kDerouted) != 0, queued);
    EXPECT_EQ((f & kMinimalIdle) != 0, !queued);
    EXPECT_EQ((f & kDetourWithinReach) != 0, queued);
    EXPECT_EQ((f & kDetourLessUsed) != 0, queued);
    // The detour: the orthant midpoint (5, 0, 0), the other way round the ring.
    EXPECT_EQ(c.front().out_port, queued ? 1 : 0);
  }
}

// The profit rule's samples (docs/routing-torus.md, "Why OFR deroutes
// rarely"): s = (0,0,0) to t = (3,2,0) needs + in dimensions 0 and 1 (mu
// ports 0 and 2; nu ports 1 and 3) and not dimension 2 (ports 4 and 5).
// Which idle output made u* = 0 is told apart; u0 is the mean over the mu
// ports; only a measured head's decision at RC counts.
TEST(ProfitSamples, TellWhichOutputIsIdle) {
  KAryNCube t({8, 8, 8}, 1, true);
  const int s = at(t, {0, 0, 0}), d = at(t, {3, 2, 0});
  for (const bool ofr : {true, false}) {
    std::unique_ptr<BubbleRouting> r;
    if (ofr)
      r = std::make_unique<OutFlank>(t);
    else
      r = std::make_unique<PickOrthant>(t);
    TorusDeroutes stats(true);
    r->attach_stats(&stats);
    Flit head = head_to(d);
    head.measured = true;
    auto decide = [&](std::vector<int> used, const Flit& f, int stream = 0) {
      const PortsView view(std::move(used));
      RouteContext ctx{s, t.network_ports(), 0, f, &view, nullptr, {}};
      ctx.stream = stream;
      std::vector<RouteCandidate> c;
      r->route(ctx, c);
    };
    decide({8, 0, 8, 16, 24, 24}, head);  // a nu port idle
    decide({8, 16, 8, 0, 0, 24}, head);   // a nu port and an unneeded dimension's port idle
    decide({0, 16, 8, 16, 24, 24}, head);  // a mu port idle
    decide({8, 16, 8, 16, 24, 24}, head);  // none idle: u* = 8
    decide({8, 0, 8, 16, 24, 24}, head, 1);  // VA's call: not a decision
    decide({8, 0, 8, 16, 24, 24}, head_to(d));  // not measured
    const ProfitTotals& p = stats.totals();
    EXPECT_EQ(p.decisions, 4u) << ofr;
    EXPECT_EQ(p.idle_opposite, 2u) << ofr;
    EXPECT_EQ(p.idle_unneeded, 1u) << ofr;
    EXPECT_EQ(p.idle_minimal, 1u) << ofr;
    EXPECT_DOUBLE_EQ(p.u_star, 8) << ofr;
    EXPECT_DOUBLE_EQ(p.u0, 8 + 8 + 4 + 8) << ofr;
    // Every decision here has a longer path to weigh (POR: the other
    // orthants; OFR: its IDNs), whose first links' mean u is at least u*.
    EXPECT_EQ(p.with_detour, 4u) << ofr;
    EXPECT_GE(p.detour_u, p.u_star) << ofr;
  }
}

TEST(RouterStateQueue, QueuedForCountsTheRestOfEachHeldPacket) {
  RouterState st;
  st.p.vcs = 2;
  st.in.resize(3 * 2);
  for (auto& v : st.in) v.buf = FlitFifo(16);
  auto hold = [&](int ip, int v, int port, int sent) {
    InputVc& ivc = st.vc(ip, v);
    for (int k = sent; k < 8; ++k) {
      Flit f;
      f.seq = static_cast<uint16_t>(k);
      f.size = 8;
      ivc.buf.push(f);
    }
    ivc.state = InputVc::State::Active;
    ivc.route.out_port = static_cast<int16_t>(port);
    st.active.push_back(ip * st.p.vcs + v);
  };
  hold(0, 1, 2, 3);  // 5 flits of its packet left
  hold(1, 0, 2, 0);  // a whole packet
  hold(2, 1, 1, 7);  // its tail, for another port
  hold(2, 0, 2, 8);  // nothing buffered yet
  InputVc& idle = st.vc(1, 1);  // not holding an output VC: a stale route does not count
  idle.buf.push(Flit{});
  idle.route.out_port = 2;
  EXPECT_EQ(st.queued_for(2), 13);
  EXPECT_EQ(st.queued_for(1), 1);
  EXPECT_EQ(st.queued_for(0), 0);
}
