#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "core/error.h"
#include "harness.h"
#include "routing/dragonfly/channel_bound.h"
#include "channel_graph.h"
#include "routing/dragonfly/dragonfly_routing.h"
#include "routing/dragonfly/family.h"
#include "vc/distance.h"
#include "vc/flexvc.h"
#include "topologies/dragonfly_plus.h"
#include "traffic/pattern.h"

using namespace nocsim;
using Arr = Dragonfly::Arrangement;
using test::Channel;
using test::ChannelGraph;

namespace {

const Arr kArrangements[] = {Arr::Palmtree, Arr::Consecutive, Arr::Prisacari};

// Every global link pairs two distinct groups, each pair of groups has exactly
// one link, and the port map is a bijection (peer of peer is the port itself).
void expect_wiring(const Dragonfly& t) {
  std::set<std::pair<int, int>> pairs;
  std::set<std::pair<int, int>> ends;
  for (int r = 0; r < t.routers(); ++r)
    for (int port = 0; port < t.network_ports(); ++port) {
      PortPeer q = t.peer(r, port);
      if (q.router < 0) continue;
      ASSERT_EQ(t.port_class(port), t.port_class(q.port));
      PortPeer back = t.peer(q.router, q.port);
      ASSERT_EQ(back.router, r);
      ASSERT_EQ(back.port, port);
      ASSERT_TRUE(ends.insert({q.router, q.port}).second);
      if (t.port_class(port) == PortClass::Global) {
        ASSERT_NE(t.group(r), t.group(q.router));
        pairs.insert({t.group(r), t.group(q.router)});
      } else {
        ASSERT_EQ(t.group(r), t.group(q.router));
      }
    }
  EXPECT_EQ(pairs.size(), static_cast<size_t>(t.g()) * (t.g() - 1));  // ordered pairs, one link each
  EXPECT_EQ(ends.size(), static_cast<size_t>(t.routers()) * (t.a() - 1) + static_cast<size_t>(t.g()) * (t.g() - 1));
}

}  // namespace

TEST(Dragonfly, WiringsArePairwiseBijectionsForH2To8) {
  for (int h = 2; h <= 8; ++h)
    for (Arr arr : kArrangements) {
      Dragonfly t(h, 2 * h, h, 0, arr);
      EXPECT_EQ(t.g(), 2 * h * h + 1);
      expect_wiring(t);
    }
}

TEST(Dragonfly, WiringsWithFewerGroups) {
  for (Arr arr : kArrangements) expect_wiring(Dragonfly(2, 4, 2, 5, arr));
}

TEST(Dragonfly, PalmTreeRouterZeroReachesThePreviousGroups) {
  Dragonfly t(2, 4, 2, 0, Arr::Palmtree);  // g = 9
  const int r0 = 3 * t.a();                // router 0 of group 3
  EXPECT_EQ(t.global_target(r0, t.a() - 1), 2);
  EXPECT_EQ(t.global_target(r0, t.a()), 1);
  const int last = 3 * t.a() + t.a() - 1;  // router a-1 of group 3
  EXPECT_EQ(t.global_target(last, t.a() - 1), 5);
  EXPECT_EQ(t.global_target(last, t.a()), 4);
}

TEST(Dragonfly, MinimalPathsHaveAtMostThreeHops) {
  Dragonfly t(2, 4, 2, 0, Arr::Prisacari);
  for (int s = 0; s < t.routers(); ++s)
    for (int d = 0; d < t.routers(); ++d) {
      int r = s, hops = 0;
      while (r != d) {
        r = t.peer(r, t.min_port(r, d)).router;
        ++hops;
      }
      EXPECT_EQ(hops, t.min_hops(s, d));
      EXPECT_LE(hops, 3);
    }
}

TEST(Dragonfly, RejectsImpossibleGroupCounts) {
  EXPECT_THROW(Dragonfly(2, 4, 2, 10, Arr::Palmtree), ConfigError);
  EXPECT_THROW(Dragonfly(2, 4, 2, 1, Arr::Palmtree), ConfigError);
}

TEST(ChannelBound, MinAdversarialMatchesTheClosedForms) {
  for (int h = 2; h <= 4; ++h) {
    Dragonfly t(h, 2 * h, h, 0, Arr::Palmtree);
    auto adv = test::pattern("adv", t, 1), advc = test::pattern("advc", t);
    EXPECT_NEAR(dragonfly_channel_bound(t, BoundPaths::Min, false, *adv).bound, 1.0 / (t.a() * t.p()), 1e-12);
    EXPECT_NEAR(dragonfly_channel_bound(t, BoundPaths::Min, false, *advc).bound, 1.0 / (2 * h), 1e-12);
  }
}

TEST(ChannelBound, StrictValiantUnderAdv1) {
  for (int h = 2; h <= 4; ++h) {
    Dragonfly t(h, 2 * h, h, 0, Arr::Palmtree);
    auto adv = test::pattern("adv", t, 1);
    const double g = t.g();
    for (auto kind : {BoundPaths::ViaRouter, BoundPaths::ViaGroup})
      EXPECT_NEAR(dragonfly_channel_bound(t, kind, true, *adv).bound, (g - 2) / (2 * (g - 1)), 1e-12);
  }
}

TEST(ChannelBound, UniformMinIsInjectionBound) {
  Dragonfly t(2, 4, 2, 0, Arr::Palmtree);
  auto un = test::pattern("uniform", t);
  ChannelBound b = dragonfly_channel_bound(t, BoundPaths::Min, false, *un);
  EXPECT_NEAR(b.bound, 1.0, 1e-12);
}

TEST(Dragonfly, MinPortTablesAreMinPort) {
  for (Arr arr : kArrangements)
    for (int groups : {0, 5}) {
      const Dragonfly t(2, 4, 2, groups, arr);
      const DragonflyMinPorts table(t);
      for (int s = 0; s < t.routers(); ++s)
        for (int d = 0; d < t.routers(); ++d) {
          if (s == d) continue;
          ASSERT_EQ(table(s, d), t.min_port(s, d)) << s << " to " << d << " groups " << groups;
        }
    }
}

// Uniform's add_nodes_demand skips the per-node rows; its sums must be the
// per-node default's to the bit, or the report's bound would change.
TEST(ChannelBound, UniformNodesDemandMatchesTheRowsBitForBit) {
  const Dragonfly df(3, 6, 3, 0, Arr::Palmtree);
  const DragonflyPlus dp(2, 3, 2, 2, 3, GroupArrangement::Palmtree);  // spines have no nodes
  for (const Topology* t : {static_cast<const Topology*>(&df), static_cast<const Topology*>(&dp)}) {
    auto un = test::pattern("uniform", *t);
    const size_t R = static_cast<size_t>(t->routers());
    for (int first = 0; first + 3 <= t->nodes(); first += 3) {
      std::vector<double> fast(R, 0.25), rows(R, 0.25), scratch(R);
      un->add_nodes_demand(first, 3, *t, fast, scratch);
      un->TrafficPattern::add_nodes_demand(first, 3, *t, rows, scratch);
      for (size_t r = 0; r < R; ++r) ASSERT_EQ(fast[r], rows[r]) << t->name() << " nodes " << first << " router " << r;
    }
  }
}

namespace {


// Random occupancies, so that the adaptive routings take both their minimal
// and their non-minimal choices.
class AllRandomView : public CongestionView {
 public:
  int occupancy(int, int, VcRange) const override { return static_cast<int>(rng_.below(64)); }
  int port_occupancy(int, int) const override { return static_cast<int>(rng_.below(128)); }
  int output_queue(int, int) const override { return static_cast<int>(rng_.below(4)); }
  bool saturated(int, int) const override { return rng_.below(4) == 0; }
  int credits(int, int, VcRange) const override { return static_cast<int>(rng_.below(64)); }
  int depth(int, int) const override { return 64; }

 private:
  mutable Rng rng_{5, "view"};
};

// Routes `samples` packets for every router pair, checks that every hop takes
// a later position of the VC sequence and a VC the routing declares, and
// returns the (channel, VC) dependency graph.
// Follows the first candidate from every router to every router; counts the
// opportunistic hops taken in the source group and in other groups.
ChannelGraph walk(const Dragonfly& t, const std::string& name, int samples, std::array<int, 2>* misroutes = nullptr,
                  const DragonflyRouting::Options& o = {}) {
  const DragonflyAlgorithm& alg = dragonfly_algorithm(name);
  const VcSequence& seq = alg.traits.seq;
  AllRandomView view;
  std::vector<std::unique_ptr<DragonflyRouting>> routing;
  for (int r = 0; r < t.routers(); ++r) routing.push_back(alg.build(t, o, 3, r));
  // As many VCs as the sequence needs per class.
  std::vector<int> out_vcs(t.ports(), seq.count('L'));
  for (int p = t.local_ports(); p < t.network_ports(); ++p) out_vcs[p] = seq.count('G');
  const DistancePolicy vp(routing[0]->reference(), out_vcs);
  ChannelGraph g;
  std::vector<RouteCandidate> c;
  for (int s = 0; s < t.routers(); ++s)
    for (int d = 0; d < t.routers(); ++d)
      for (int k = 0; k < samples; ++k) {
        Flit f;
        f.src = s * t.p();
        f.dst = d * t.p();
        int r = s, hops = 0, in_port = 0;
        bool forced = false;
        std::vector<Channel> prev;
        for (;;) {
          c.clear();
          routing[r]->route({r, in_port, 0, f, &view, &vp, {}}, c);
          const auto& rc = c.front();
          if (rc.out_port >= t.network_ports()) break;
          const char cls = t.port_class(rc.out_port) == PortClass::Global ? 'G' : 'L';
          EXPECT_EQ(cls == 'G', (rc.hop & kHopGlobal) != 0);
          const VcRange vr = vp.range(rc);
          EXPECT_EQ(vr.lo, vr.hi);  // distance-based: one VC per hop
          EXPECT_LT(vr.lo, seq.count(cls));
          if (rc.opportunistic()) {  // OLM: a local VC already used, same position
            EXPECT_EQ(cls, 'L');
            EXPECT_FALSE(rc.minimal());
            EXPECT_EQ(rc.next.seqpos, f.rh.seqpos);
            if (misroutes) ++(*misroutes)[t.group(r) == t.group(s) ? 0 : 1];
          } else {
            EXPECT_GT(rc.next.seqpos, f.rh.seqpos);  // strictly later position
            if (forced) {  // two local hops in the source group: a non-minimal global hop
              EXPECT_EQ(cls, 'G');
              EXPECT_NE(t.group(t.peer(r, rc.out_port).router), t.group(d));
            }
          }
          forced = rc.opportunistic() && t.group(r) == t.group(s);
          const std::vector<Channel> cur = ChannelGraph::channels(r, rc, vp);
          g.depend(prev, cur);
          prev = cur;
          f.rh = rc.next;
          in_port = t.peer(r, rc.out_port).port;
          r = t.peer(r, rc.out_port).router;
          if (++hops > static_cast<int>(seq.text().size()) + 3) {  // + one local misroute per group
            ADD_FAILURE() << "path from " << s << " to " << d << " longer than " << seq.text();
            return g;
          }
        }
        EXPECT_EQ(r, d);
      }
  return g;
}

}  // namespace

TEST(DragonflyRouting, EveryRoutingIsAcyclicOverVcs) {
  Dragonfly t(2, 4, 2, 0, Arr::Palmtree);
  EXPECT_FALSE(walk(t, "min", 1).has_cycle());
  for (const char* name : {"val", "val-any", "val-group", "ugal-l", "ugal-g", "par", "pb"})
    EXPECT_FALSE(walk(t, name, 12).has_cycle()) << name;
}

TEST(ChannelBound, StrictValiantWithTwoGroupsFallsBackToMinimal) {
  // No group is allowed as intermediate: the routing goes minimally, and so
  // must the bound (all of a group's traffic on the single global link).
  Dragonfly t(2, 4, 2, 2, Arr::Palmtree);
  auto adv = test::pattern("adv", t, 1);
  EXPECT_NEAR(dragonfly_channel_bound(t, BoundPaths::ViaRouter, true, *adv).bound, 1.0 / 8, 1e-12);
}

TEST(DragonflyRouting, OlmMisroutesOpportunisticallyAndKeepsItsEscapePath) {
  // Opportunistic hops reuse local VCs, so the full dependency graph may
  // close; what must hold is that every other hop moves strictly forward in
  // the sequence (the escape path), checked by walk().
  Dragonfly t(2, 4, 2, 0, Arr::Palmtree);
  std::array<int, 2> misroutes{0, 0};
  walk(t, "olm", 12, &misroutes);
  EXPECT_GT(misroutes[0], 0) << "no local misroute in a source group";
  EXPECT_GT(misroutes[1], 0) << "no local misroute outside the source group";
}

namespace {

// Every output idle with room to spare, except the one congested port.
class OnePortFull : public CongestionView {
 public:
  OnePortFull(int port, int occupancy, int credits, bool busy)
      : port_(port), occ_(occupancy), credits_(credits), busy_(busy) {}
  int occupancy(int, int p, VcRange) const override { return p == port_ ? occ_ : 0; }
  int port_occupancy(int r, int p) const override { return occupancy(r, p, {}); }
  int output_queue(int, int p) const override { return p == port_ && busy_ ? 1 : 0; }
  int credits(int, int p, VcRange) const override { return p == port_ ? credits_ : 64; }
  int depth(int, int) const override { return 64; }

 private:
  int port_, occ_, credits_;
  bool busy_;
};

// PAR at router 0 with the credit trigger, for a packet to group 8, which
// router 0's own global link reaches: is it sent toward a Valiant router?
bool par_misroutes(const OnePortFull& view, int percent) {
  Dragonfly t(2, 4, 2, 0, Arr::Palmtree);
  DragonflyRouting::Options o;
  o.trigger = DragonflyRouting::Trigger::Credits;
  o.trigger_percent = percent;
  o.exclude_destination = true;  // so the Valiant first hop is never the minimal port
  auto par = dragonfly_algorithm("par").build(t, o, 3, 0);
  const DistancePolicy vp(par->reference(), std::vector<int>(t.ports(), 5));
  Flit f;
  f.size = 8;
  f.dst = 8 * t.a() * t.p();
  std::vector<RouteCandidate> c;
  par->route({0, 0, 0, f, &view, &vp, {}}, c);
  return c.front().next.inter >= 0;
}

}  // namespace

TEST(DragonflyRouting, CreditTriggerMisroutesOnlyWhenTheMinimalOutputIsFullAndBlocked) {
  Dragonfly t(2, 4, 2, 0, Arr::Palmtree);
  const int gport = t.min_port(0, t.node_router(8 * t.a() * t.p()));
  ASSERT_EQ(t.port_class(gport), PortClass::Global);
  EXPECT_TRUE(par_misroutes(OnePortFull(gport, 48, 4, false), 50));   // 75% full, 4 credits for 8 flits
  EXPECT_TRUE(par_misroutes(OnePortFull(gport, 48, 16, true), 50));   // room, but its link is busy
  EXPECT_FALSE(par_misroutes(OnePortFull(gport, 48, 4, false), 80));  // below the threshold
  EXPECT_FALSE(par_misroutes(OnePortFull(gport, 48, 16, false), 50)); // it can take the packet now
  EXPECT_FALSE(par_misroutes(OnePortFull(gport + 1, 48, 4, true), 50));  // another port is full
}

TEST(DragonflyRouting, CreditTriggerKeepsTheVcOrderAndMisroutes) {
  Dragonfly t(2, 4, 2, 0, Arr::Palmtree);
  DragonflyRouting::Options o;
  o.trigger = DragonflyRouting::Trigger::Credits;
  std::array<int, 2> olm{0, 0};
  walk(t, "olm", 12, &olm, o);
  EXPECT_GT(olm[0], 0) << "no local misroute in a source group";
  EXPECT_GT(olm[1], 0) << "no local misroute outside the source group";
  EXPECT_FALSE(walk(t, "par", 12, nullptr, o).has_cycle());
}

namespace {

// The minimal output of `router` loaded, every other output idle; records
// the VC range of every occupancy read at `router`, per port.
class MinimalLoaded : public CongestionView {
 public:
  explicit MinimalLoaded(int min_port, int router = 0) : min_port_(min_port), router_(router) {}
  int occupancy(int r, int p, VcRange vcs) const override {
    if (r == router_) reads[p].push_back(vcs);
    return p == min_port_ ? 60 : 0;
  }
  int port_occupancy(int r, int p) const override { return occupancy(r, p, {}); }
  int output_queue(int, int) const override { return 0; }
  int credits(int, int p, VcRange) const override { return p == min_port_ ? 4 : 64; }
  int depth(int, int) const override { return 64; }
  mutable std::map<int, std::vector<VcRange>> reads;

 private:
  int min_port_, router_;
};

// FlexVC with 5 local / 2 global VCs on the h = 2 dragonfly.
FlexVcPolicy flexvc_5_2(const Dragonfly& t) {
  std::vector<int> out_vcs(t.ports(), 5);
  std::vector<uint8_t> global(t.ports(), 0);
  for (int p = t.local_ports(); p < t.network_ports(); ++p) out_vcs[p] = 2, global[p] = 1;
  return FlexVcPolicy(out_vcs, global);
}

// Was candidate c's allowed range among the reads at its port?
std::string unread(const MinimalLoaded& view, const FlexVcPolicy& vp, const RouteCandidate& c, HeadAt at) {
  const VcRange want = vp.range(c, at);
  std::string read;
  for (const VcRange& r : view.reads[c.out_port]) {
    if (r.lo == want.lo && r.hi == want.hi) return "";
    read += " " + std::to_string(r.lo) + ".." + std::to_string(r.hi);
  }
  return "VCs " + std::to_string(want.lo) + ".." + std::to_string(want.hi) + " never read; read:" + read;
}

}  // namespace

// Under FlexVC the UGAL test must weigh the Valiant first hop over the VCs
// that hop is allowed once taken (a path through the intermediate), not
// those of a minimal path from the next router (docs/routing-dragonfly.md,
// its introduction). 5 local / 2 global VCs.
TEST(DragonflyRouting, UgalReadsTheValiantHopOverTheVcsItTakes) {
  Dragonfly t(2, 4, 2, 0, Arr::Palmtree);
  const FlexVcPolicy vp = flexvc_5_2(t);
  for (const char* name : {"ugal-l", "ugal-g", "pb", "par"}) {
    auto routing = dragonfly_algorithm(name).build(t, {}, 3, 0);
    int checked = 0;
    for (int d = t.a(); d < t.routers(); ++d)
      for (int k = 0; k < 4; ++k) {
        MinimalLoaded view(t.min_port(0, d));
        Flit f;
        f.size = 8;
        f.dst = d * t.p();
        std::vector<RouteCandidate> c;
        RouteContext ctx{0, t.network_ports(), 0, f, &view, &vp, {}};
        ctx.paths = true;
        routing->route(ctx, c);
        const RouteCandidate& v = c.front();
        if (v.next.inter < 0 || v.out_port == t.min_port(0, d)) continue;  // not a Valiant hop of its own port
        EXPECT_EQ(unread(view, vp, v, ctx.at), "") << name << " to router " << d;
        ++checked;
      }
    EXPECT_GT(checked, 0) << name << " never went through an intermediate";
  }
}

// The same for OLM's misroute in the source group: at the router a packet
// reached over a local hop, a local hop to the gateway of a Valiant group,
// weighed over the VCs it gets on the path through that group.
TEST(DragonflyRouting, OlmReadsItsSourceGroupMisrouteOverTheVcsItTakes) {
  Dragonfly t(2, 4, 2, 0, Arr::Palmtree);
  const FlexVcPolicy vp = flexvc_5_2(t);
  int checked = 0;
  for (int d = t.a(); d < t.routers(); ++d) {
    const int r = t.gateway(0, t.group(d));  // router r of group 0: its global link leads to d's group
    if (r == 0) continue;
    auto olm = dragonfly_algorithm("olm").build(t, {}, 3, r);
    for (int k = 0; k < 4; ++k) {
      MinimalLoaded view(t.min_port(r, d), r);
      Flit f;
      f.size = 8;
      f.src = 0;  // a node of router 0, which sent the packet minimally over a local hop
      f.dst = d * t.p();
      f.rh.phase = 1;
      f.rh.seqpos = 1;
      std::vector<RouteCandidate> c;
      RouteContext ctx{r, t.peer(0, t.min_port(0, r)).port, 0, f, &view, &vp, {}};
      ctx.paths = true;
      ctx.at = HeadAt{0, false};
      olm->route(ctx, c);
      const RouteCandidate& m = c.front();
      if (!m.opportunistic()) continue;
      EXPECT_GE(m.next.inter, 0);
      EXPECT_EQ(unread(view, vp, m, ctx.at), "") << "to router " << d;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0) << "no source-group misroute";
}
