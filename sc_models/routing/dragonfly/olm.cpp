// OLM (opportunistic local misrouting, García et al.; Fuentes §1.4.2).
#include "routing/dragonfly/algorithms.h"

namespace nocsim {
namespace {

using Policy = DragonflyRouting::Policy;
using Trigger = DragonflyRouting::Trigger;

// The UGAL-L test at the source router picks a Valiant intermediate group.
// Local misroutes are opportunistic candidates offered before the minimal
// hop: they reuse the packet's last local position (no move along the
// sequence) and need room for the whole packet, so VA falls back to the
// minimal hop when it cannot have it. Bit 0 of the header's flags marks a
// group already misrouted in.
class OlmRouting : public DragonflyRouting {
 public:
  OlmRouting(const Dragonfly& t, const DragonflyTraits& traits, const Options& o, uint64_t seed, int router)
      : DragonflyRouting(t, traits, o, seed, router) {}

 protected:
  void at_source(const RouteContext& ctx, int dst, RoutingHeader& h) override { try_valiant(ctx, dst, h, true); }
  void extra(const RouteContext& ctx, const RoutingHeader& h, int dst, bool, std::vector<RouteCandidate>& out) override {
    const RouteCandidate minimal = out.back();
    RouteCandidate misroute;
    if (source_local(ctx, h, dst, minimal, misroute) || local(ctx, minimal, misroute))
      out.insert(out.end() - 1, misroute);
  }

 private:
  RouteCandidate opportunistic(int port, const RoutingHeader& h) const {
    RouteCandidate c;
    c.out_port = static_cast<int16_t>(port);
    c.hop = kHopOpportunistic | kHopNonMinimal;
    c.pos = static_cast<int8_t>(reuse_position(h));
    c.next = h;
    return c;
  }
  // Outside the source group, once per group: when the minimal next hop is
  // local and its output holds more than routing.local_misroute_threshold
  // flits (or the credit trigger fires), a hop to a random other router.
  bool local(const RouteContext& ctx, const RouteCandidate& minimal, RouteCandidate& misroute) {
    const int gs = t_.group(ctx.router);
    if (!ctx.view || gs == t_.group(t_.node_router(ctx.head.src)) || (ctx.head.rh.flags & 1u) ||
        t_.port_class(minimal.out_port) != PortClass::Local || t_.a() < 3)
      return false;
    if (o_.trigger == Trigger::Ugal ? ctx.view->occupancy(ctx.router, minimal.out_port, vcs(ctx, ctx.router, minimal)) <=
                                          o_.local_threshold
                                    : !triggered(ctx, minimal))
      return false;
    // A random router of the group other than this one and the minimal next one.
    const int self = t_.index(ctx.router), next = t_.index(t_.peer(ctx.router, minimal.out_port).router);
    int r = static_cast<int>(rng_->below(static_cast<uint64_t>(t_.a() - 2)));
    for (int skip : {std::min(self, next), std::max(self, next)})
      if (r >= skip) ++r;
    misroute = opportunistic(t_.local_port(self, r), ctx.head.rh);
    if (o_.trigger != Trigger::Ugal && !can_take(ctx, misroute)) return false;
    if (o_.trigger == Trigger::Contention && contended(ctx, misroute)) return false;
    misroute.next.flags |= 1u;
    return true;
  }
  // In the source group, at the router a packet reached minimally over a
  // local link (the injection router decides global misrouting): the UGAL-L
  // test may send it over a local hop to another router whose global link
  // leads to an NRG intermediate group; that router's next hop is then that
  // non-minimal global link, forced.
  bool source_local(const RouteContext& ctx, const RoutingHeader& h, int dst, const RouteCandidate& minimal,
                    RouteCandidate& misroute) {
    const int gs = t_.group(ctx.router), gd = t_.group(dst);
    if (!ctx.view || gs == gd || gs != t_.group(t_.node_router(ctx.head.src)) || h.phase != 1 || h.inter >= 0 ||
        (h.flags & 1u) || t_.port_class(ctx.in_port) != PortClass::Local ||
        t_.port_class(minimal.out_port) != PortClass::Global)
      return false;
    const int inter = pick_group_or_router(ctx.router, gd, Policy::Nrg, o_.exclude_destination);
    if (inter < 0) return false;
    const int via = gs * t_.a() + t_.gateway(gs, inter);
    if (via == ctx.router) return false;
    const int entry = t_.entry(inter, gs);
    // The hop carries the Valiant header before the test: FlexVC reads its
    // VCs over the path through the intermediate group.
    misroute = opportunistic(t_.local_port(t_.index(ctx.router), t_.index(via)), through(h, entry));
    const long h_val = 1 + t_.min_hops(via, entry) + t_.min_hops(entry, dst);
    if (!prefers_misroute(ctx, minimal, misroute, t_.min_hops(ctx.router, dst), h_val)) return false;
    misroute.next.flags |= 1u;
    return true;
  }
};

}  // namespace

std::unique_ptr<DragonflyRouting> make_olm(const Dragonfly& t, const DragonflyTraits& traits,
                                           const DragonflyRouting::Options& o, uint64_t seed, int router) {
  return std::make_unique<OlmRouting>(t, traits, o, seed, router);
}

}  // namespace nocsim
