#include "routing/torus/algorithms.h"

namespace nocsim {
namespace {

// The e-cube class of a hop: high (1) from the wrap link of its dimension on.
int ecube_class(const KAryNCube& t, const RouteContext& ctx, int port) {
  return (ctx.head.rh.dateline >> (port / 2) & 1u) || t.is_wrap(ctx.router, port) ? 1 : 0;
}

}  // namespace

void StarChannel::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  const RoutingHeader next = ctx.head.rh;
  if (eject(ctx, next, out)) return;
  const uint64_t mask = t_.productive_ports(ctx.router, t_.node_router(ctx.head.dst));
  add_adaptive(ctx, mask, 2, next, kMaxCandidates - 1, out);
  const int port = __builtin_ctzll(mask);
  out.push_back(hop(ctx, port, ecube_class(t_, ctx, port), next));
}

// Walks every e-cube route of each ring and marks the (link, class) pairs it takes.
SmartDor::SmartDor(const KAryNCube& t) : TorusRouting(t, "LL"), unused_(static_cast<size_t>(t.n())) {
  for (int d = 0; d < t.n(); ++d) {
    const int k = t.k(d);
    std::vector<std::array<bool, 2>> used[2] = {std::vector<std::array<bool, 2>>(k), std::vector<std::array<bool, 2>>(k)};
    for (int s = 0; s < k; ++s)
      for (int e = 0; e < k; ++e) {
        const int off = t.min_offset(s, e, d);
        const bool minus = off < 0;
        bool crossed = false;
        for (int x = s, h = 0; h < (minus ? -off : off); ++h) {
          const bool wrap = minus ? x == 0 : x == k - 1;
          used[minus][static_cast<size_t>(x)][crossed || wrap] = true;
          crossed |= wrap;
          x = (x + (minus ? k - 1 : 1)) % k;
        }
      }
    for (int minus = 0; minus < 2; ++minus) {
      auto& u = unused_[static_cast<size_t>(d)][minus];
      for (int x = 0; x < k; ++x) {
        const auto& c = used[minus][static_cast<size_t>(x)];
        u.push_back(!c[0] ? 0 : !c[1] ? 1 : -1);
      }
    }
  }
}

void SmartDor::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  const RoutingHeader next = ctx.head.rh;
  if (eject(ctx, next, out)) return;
  const uint64_t mask = t_.productive_ports(ctx.router, t_.node_router(ctx.head.dst));
  const int port = __builtin_ctzll(mask);
  out.push_back(hop(ctx, port, ecube_class(t_, ctx, port), next));
  if (!injected(ctx)) return;
  // Deroutes, offered after the e-cube hop: productive ports of later
  // dimensions first, then the rest; lower dimension, then + first. The
  // hop does not count as crossing a dateline: e-cube starts afresh where it lands.
  RoutingHeader dn = next;
  for (int productive = 1; productive >= 0; --productive)
    for (int p = 0; p < t_.network_ports(); ++p) {
      if (p / 2 == port / 2 || static_cast<int>(mask >> p & 1u) != productive) continue;
      const int cls = unused_class(p / 2, p & 1, t_.coord(ctx.router, p / 2));
      if (cls < 0 || out.size() >= static_cast<size_t>(kMaxCandidates)) continue;
      RouteCandidate c = hop(ctx, p, cls, dn);
      c.next.dateline = dn.dateline;
      if (!productive) {  // a non-minimal hop: counted in derouted.total
        c.hop |= kHopNonMinimal;
        c.next.flags |= kDerouteOther;
      }
      out.push_back(c);
    }
}

}  // namespace nocsim
