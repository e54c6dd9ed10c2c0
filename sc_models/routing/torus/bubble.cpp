#include "routing/torus/algorithms.h"
#include "routing/torus/outflank.h"

namespace nocsim {

ProfitSample BubbleRouting::sample(const RouteContext& ctx, int dst, uint64_t minimal, int u_star, double u0,
                                   const ProfitView& view) const {
  ProfitSample s;
  s.u_star = u_star;
  s.u0 = u0;
  s.least_detour_u = view.least_detour_u();
  for (int p = 0; u_star == 0 && p < t_.network_ports(); ++p) {
    if (used(ctx, p) != 0) continue;
    const int d = p / 2;  // a dimension's + and - ports
    if (t_.coord(ctx.router, d) == t_.coord(dst, d))
      s.idle |= ProfitSample::kIdleUnneeded;
    else
      s.idle |= (minimal >> p & 1u) ? ProfitSample::kIdleMinimal : ProfitSample::kIdleOpposite;
  }
  return s;
}

void BubbleRouting::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  RoutingHeader next = ctx.head.rh;
  const Leg g = leg(ctx, next);
  if (g.target == ctx.router) {
    eject(ctx, next, out);
    return;
  }
  const uint64_t mask = t_.ports_toward(ctx.router, g.target, g.minus);
  add_adaptive(ctx, mask, adaptive_class(), next, kMaxCandidates - 1, out);
  add_escape(ctx, mask, g.escape, true, next, out);
}

BubbleRouting::Leg BubbleRouting::leg(const RouteContext& ctx, RoutingHeader&) {
  const int dst = t_.node_router(ctx.head.dst);
  return {dst, t_.minimal_minus(ctx.router, dst), 0};
}

// Ties go to the minimal orthant, then to the first in subset order.
BubbleRouting::Leg PickOrthant::leg(const RouteContext& ctx, RoutingHeader& next) {
  const int dst = t_.node_router(ctx.head.dst);
  if (injected(ctx) || next.phase == 0) {
    const uint32_t minimal = t_.minimal_minus(ctx.router, dst);
    uint32_t differ = 0;
    for (int d = 0; d < t_.n(); ++d) differ |= static_cast<uint32_t>(t_.coord(ctx.router, d) != t_.coord(dst, d)) << d;
    const int d_st = t_.min_hops(ctx.router, dst), u_star = least_used(ctx);
    const uint64_t minimal_ports = t_.ports_toward(ctx.router, dst, minimal);
    const double u0 = mean_used(ctx, minimal_ports);
    uint32_t best = minimal;
    int best_len = d_st;
    double best_pi = idn_profit(u_star, u0, eta_, d_st, d_st);
    ProfitView view;
    for (uint32_t flip = differ; flip; flip = (flip - 1) & differ) {
      const uint32_t o = minimal ^ flip;
      int len = 0;
      for (int d = 0; d < t_.n(); ++d) len += t_.directed_distance(t_.coord(ctx.router, d), t_.coord(dst, d), d, o >> d & 1u);
      const double u = mean_used(ctx, t_.ports_toward(ctx.router, dst, o));
      if (len > d_st) view.see(length_penalty(eta_, d_st, len), u);  // a flip at a tie k/2 is no detour
      const double pi = idn_profit(u_star, u, eta_, d_st, len);
      if (pi > best_pi) {
        best = o;
        best_len = len;
        best_pi = pi;
      }
    }
    next.inter = static_cast<int32_t>(best);
    next.phase = 2;
    // derouted.total counts longer paths only (a flip at a tie k/2 is as short)
    next.flags = static_cast<uint8_t>(best_len == d_st ? next.flags & ~kDerouteOther : next.flags | kDerouteOther);
    next.flags = static_cast<uint8_t>(next.flags & ~kDecision);
    if (d_st > 0) {
      next.flags = static_cast<uint8_t>(next.flags | view.flags(u_star, u0));
      record(ctx, dst, minimal_ports, u_star, u0, view);
    }
  }
  return {dst, static_cast<uint32_t>(next.inter), 0};
}

// Ties go to the minimal route, then to the first IDN (WIDNs in beta order, then OIDNs).
BubbleRouting::Leg OutFlank::leg(const RouteContext& ctx, RoutingHeader& next) {
  const int dst = t_.node_router(ctx.head.dst);
  if (injected(ctx) || next.phase == 0) {
    next.inter = -1;
    next.phase = 2;
    next.flags = static_cast<uint8_t>(next.flags & ~(kDerouteWidn | kDerouteOidn | kDecision));
    const int d_st = t_.min_hops(ctx.router, dst);
    if (d_st > 0) {
      const int u_star = least_used(ctx);
      const uint64_t minimal_ports = t_.productive_ports(ctx.router, dst);
      const double u0 = mean_used(ctx, minimal_ports);
      double best_pi = idn_profit(u_star, u0, eta_, d_st, d_st);
      ProfitView view;
      for (const auto& set : {widns(t_, ctx.router, dst), oidns(t_, ctx.router, dst, delta_)})
        for (const Idn& q : set) {
          const double u = mean_used(ctx, t_.productive_ports(ctx.router, q.router));
          view.see(length_penalty(eta_, d_st, d_st + q.dilation), u);
          const double pi = idn_profit(u_star, u, eta_, d_st, d_st + q.dilation);
          if (pi <= best_pi) continue;
          best_pi = pi;
          next.inter = q.router;
          next.phase = 1;
          next.flags = static_cast<uint8_t>((next.flags & ~(kDerouteWidn | kDerouteOidn)) |
                                            (q.oidn ? kDerouteOidn : kDerouteWidn));
        }
      next.flags = static_cast<uint8_t>(next.flags | view.flags(u_star, u0));
      record(ctx, dst, minimal_ports, u_star, u0, view);
    }
  }
  if (next.phase == 1 && next.inter == ctx.router) next.phase = 2;  // at the IDN: on toward t, entering VS2
  const int target = next.phase == 1 ? next.inter : dst;
  return {target, t_.minimal_minus(ctx.router, target), next.phase == 1 ? 0 : 1};
}

}  // namespace nocsim
