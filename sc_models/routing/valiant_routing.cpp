#include "routing/valiant_routing.h"

#include <string>

#include "routing/ugal_rule.h"
#include "topologies/topology.h"

namespace nocsim {

VcSequence ValiantRouting::sequence(Classes classes, int max_hops) {
  switch (classes) {
    case Classes::Any: return VcSequence();
    case Classes::ByPhase: return VcSequence("LL", VcSequence::Share::Split);
    default: return VcSequence(std::string(static_cast<size_t>(max_hops), 'L'), VcSequence::Share::Split);
  }
}

ValiantRouting::ValiantRouting(const Topology& t, Mode mode, Classes classes, int max_hops, int ugal_threshold,
                               uint64_t seed, int router)
    : t_(t), mode_(mode), classes_(classes), threshold_(ugal_threshold), ref_(sequence(classes, max_hops)),
      streams_{{seed, "routing." + std::to_string(router)}, {seed, "routing." + std::to_string(router) + ".va"}} {}

RouteCandidate ValiantRouting::hop(int router, int target, const RoutingHeader& h, int pos, bool nonminimal) const {
  RouteCandidate c;
  // The node-carrying routers come first: a router's first node names it.
  c.out_port = static_cast<int16_t>(t_.minimal_port(router, target * t_.concentration()));
  c.pos = static_cast<int8_t>(pos);
  c.hop = nonminimal ? kHopNonMinimal : 0;
  c.next = h;
  if (classes_ == Classes::ByHop) c.next.seqpos = static_cast<uint8_t>(pos + 1);
  return c;
}

void ValiantRouting::decide_at_source(const RouteContext& ctx, int dst, RoutingHeader& h) {
  h.phase = 1;  // minimal unless Valiant is taken
  // A router that carries nodes: the routers numbered first (every router
  // of a HyperX or a graph, a Dragonfly+'s leaves).
  const int inter = static_cast<int>(rng_->below(static_cast<uint64_t>(t_.nodes() / t_.concentration())));
  if (mode_ == Mode::Valiant) {
    h.inter = inter, h.phase = 0;
    return;
  }
  if (inter == ctx.router || inter == dst) return;  // no detour to weigh
  const long h_min = t_.min_hops(ctx.router, dst), h_val = t_.min_hops(ctx.router, inter) + t_.min_hops(inter, dst);
  const int pos = classes_ == Classes::ByHop ? h.seqpos : 0;
  const long q_min = candidate_queue(ctx, hop(ctx.router, dst, h, pos, false));
  const long q_val = candidate_queue(ctx, hop(ctx.router, inter, h, pos, true));
  if (ugal_prefers_nonminimal(q_min, h_min, q_val, h_val, threshold_)) h.inter = inter, h.phase = 0;
}

void ValiantRouting::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  rng_ = &streams_[ctx.stream];
  const int dst = t_.node_router(ctx.head.dst);
  RoutingHeader h = ctx.head.rh;
  if (mode_ != Mode::Min && h.phase == 0 && h.inter < 0) decide_at_source(ctx, dst, h);
  bool turned = false;
  if (h.phase == 0 && h.inter >= 0 && ctx.router == h.inter) h.phase = 1, turned = true;
  if (ctx.router == dst) return out.push_back(eject_candidate(t_.node_port(ctx.head.dst), h));
  const bool toward_inter = h.phase == 0 && h.inter >= 0;
  int pos = -1;
  if (classes_ == Classes::ByHop) pos = h.seqpos;
  if (classes_ == Classes::ByPhase) pos = h.inter >= 0 && !toward_inter ? 1 : 0;
  out.push_back(hop(ctx.router, toward_inter ? h.inter : dst, h, pos, toward_inter));
  if (turned) out.back().hop |= kHopTurn;
}

}  // namespace nocsim
