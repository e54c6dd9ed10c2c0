#include "routing/hyperx/dal.h"

#include <algorithm>
#include <string>

#include "routing/ugal_rule.h"

namespace nocsim {

VcSequence DalRouting::sequence(int dims) {
  return VcSequence(std::string(static_cast<size_t>(2 * dims), 'L'), VcSequence::Share::Split);
}

DalRouting::DalRouting(const HyperX& t, int ugal_threshold, uint64_t seed, int router)
    : t_(t), threshold_(ugal_threshold), ref_(sequence(t.n())),
      streams_{{seed, "routing." + std::to_string(router)}, {seed, "routing." + std::to_string(router) + ".va"}} {}

RouteCandidate DalRouting::hop(int port, const RoutingHeader& h, int pos, bool nonminimal) const {
  RouteCandidate c;
  c.out_port = static_cast<int16_t>(port);
  c.pos = static_cast<int8_t>(pos);
  c.hop = nonminimal ? kHopNonMinimal : 0;
  c.next = h;
  c.next.seqpos = static_cast<uint8_t>(pos + 1);
  return c;
}

// Candidates, cheapest first: the minimal hop of each unaligned dimension at
// its queue, and a deroute in a dimension not derouted yet at twice its
// queue plus the threshold when that beats every minimal hop.
void DalRouting::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  rng_ = &streams_[ctx.stream];
  const int dst = t_.node_router(ctx.head.dst);
  const RoutingHeader& h = ctx.head.rh;
  if (ctx.router == dst) return out.push_back(eject_candidate(t_.node_port(ctx.head.dst), h));
  struct Option {
    long cost;
    bool deroute;
    int dim;
    RouteCandidate c;
  };
  Option opts[16];
  int n = 0;
  const int pos = h.seqpos;
  long best_min = -1;
  const uint32_t todo = t_.unaligned(ctx.router, dst);
  for (uint32_t m = todo; m; m &= m - 1) {
    const int d = __builtin_ctz(m);
    const RouteCandidate c = hop(t_.port_to(ctx.router, d, t_.coord(dst, d)), h, pos, false);
    const long cost = candidate_queue(ctx, c);
    best_min = best_min < 0 ? cost : std::min(best_min, cost);
    opts[n++] = {cost, false, d, c};
  }
  for (uint32_t m = todo; m; m &= m - 1) {
    const int d = __builtin_ctz(m), s = t_.k(d);
    if ((h.flags >> d & 1u) || s < 3) continue;
    // A random router of the line other than this one and the target.
    const int own = t_.coord(ctx.router, d), aim = t_.coord(dst, d);
    int x = static_cast<int>(rng_->below(static_cast<uint64_t>(s - 2)));
    for (int skip : {std::min(own, aim), std::max(own, aim)}) x += x >= skip;
    RouteCandidate c = hop(t_.port_to(ctx.router, d, x), h, pos, true);
    c.next.flags = static_cast<uint8_t>(h.flags | 1u << d);
    const long q_der = candidate_queue(ctx, c);
    if (ugal_prefers_nonminimal(best_min, 1, q_der, 2, threshold_)) opts[n++] = {2 * q_der + threshold_, true, d, c};
  }
  std::sort(opts, opts + n, [](const Option& a, const Option& b) {
    if (a.cost != b.cost) return a.cost < b.cost;
    if (a.deroute != b.deroute) return !a.deroute;
    return a.dim < b.dim;
  });
  for (int i = 0; i < n && i < kMaxCandidates; ++i) out.push_back(opts[i].c);
}

}  // namespace nocsim
