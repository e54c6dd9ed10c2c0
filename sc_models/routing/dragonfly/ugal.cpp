// UGAL-L, UGAL-G and PiggyBack: source-adaptive dragonfly routings.
#include "routing/dragonfly/algorithms.h"
#include "routing/ugal_rule.h"

namespace nocsim {
namespace {

using Trigger = DragonflyRouting::Trigger;

// UGAL-L / UGAL-G (Kim et al.; Fuentes Eq. 1.2, in FOGSim's hop-weighted
// form): at the source router draw a Valiant intermediate and go through it
// iff Q_min*H_min > Q_val*H_val + T (base class: UGAL-L, Q of each path's
// first hop). UGAL-G adds each path's global channel at its gateway.
class UgalRouting : public DragonflyRouting {
 public:
  UgalRouting(const Dragonfly& t, const DragonflyTraits& traits, const Options& o, uint64_t seed, int router,
              bool global)
      : DragonflyRouting(t, traits, o, seed, router), global_(global) {}
  bool reads_other_routers() const override { return global_; }  // UGAL-G: the gateways' global queues

 protected:
  void at_source(const RouteContext& ctx, int dst, RoutingHeader& h) override { try_valiant(ctx, dst, h, true); }
  bool prefers_valiant(const RouteContext& ctx, int dst, int via, const RoutingHeader& h) const override {
    if (!global_ || o_.trigger != Trigger::Ugal) return DragonflyRouting::prefers_valiant(ctx, dst, via, h);
    if (!ctx.view) return false;
    const RoutingHeader v = through(h, via);
    const RouteCandidate m = hop(ctx.router, dst, h), n = hop(ctx.router, via, v);
    const long h_min = t_.min_hops(ctx.router, dst);
    const long h_val = t_.min_hops(ctx.router, via) + t_.min_hops(via, dst);
    const int gs = t_.group(ctx.router);
    const long q_min = q(ctx, ctx.router, m) + global_q(ctx, gs, t_.group(dst), h);
    const long q_val = q(ctx, ctx.router, n) + global_q(ctx, gs, t_.group(via), v);
    return ugal_prefers_nonminimal(q_min, h_min, q_val, h_val, o_.ugal_threshold);
  }

 private:
  bool global_;  // UGAL-G
};

// PB (PiggyBack, Jiang et al.; Fuentes §1.4.2): UGAL-L, also misrouting when
// the minimal path's global port is flagged saturated in the group (the "pb"
// congestion provider, PiggybackBoard). With routing.pb_repick, two other
// random Valiant routers follow the first as fallbacks (Fuentes ch. 5).
class PbRouting : public UgalRouting {
 public:
  PbRouting(const Dragonfly& t, const DragonflyTraits& traits, const Options& o, uint64_t seed, int router)
      : UgalRouting(t, traits, o, seed, router, false) {}
  std::vector<std::string> congestion_providers() const override { return {"pb"}; }
  bool reads_other_routers() const override { return true; }  // the group's saturation board

 protected:
  bool prefers_valiant(const RouteContext& ctx, int dst, int via, const RoutingHeader& h) const override {
    if (!ctx.view) return false;
    const int gs = t_.group(ctx.router), gd = t_.group(dst);
    if (ctx.view->saturated(gs * t_.a() + t_.gateway(gs, gd), t_.gateway_port(gs, gd))) return true;
    return DragonflyRouting::prefers_valiant(ctx, dst, via, h);
  }
  void extra(const RouteContext& ctx, const RoutingHeader& h, int dst, bool at_src,
             std::vector<RouteCandidate>& out) override {
    if (!at_src || h.phase != 0 || !o_.pb_repick) return;
    for (int k = 0; k < 2; ++k) {
      RoutingHeader alt = h;
      alt.inter = pick_intermediate(ctx.router, t_.group(dst), false);
      if (alt.inter >= 0 && alt.inter != ctx.router) out.push_back(hop(ctx.router, alt.inter, alt));
    }
  }
};

}  // namespace

std::unique_ptr<DragonflyRouting> make_ugal_l(const Dragonfly& t, const DragonflyTraits& traits,
                                              const DragonflyRouting::Options& o, uint64_t seed, int router) {
  return std::make_unique<UgalRouting>(t, traits, o, seed, router, false);
}

std::unique_ptr<DragonflyRouting> make_ugal_g(const Dragonfly& t, const DragonflyTraits& traits,
                                              const DragonflyRouting::Options& o, uint64_t seed, int router) {
  return std::make_unique<UgalRouting>(t, traits, o, seed, router, true);
}

std::unique_ptr<DragonflyRouting> make_pb(const Dragonfly& t, const DragonflyTraits& traits,
                                          const DragonflyRouting::Options& o, uint64_t seed, int router) {
  return std::make_unique<PbRouting>(t, traits, o, seed, router);
}

}  // namespace nocsim
