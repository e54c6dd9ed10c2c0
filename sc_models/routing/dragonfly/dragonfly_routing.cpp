#include "routing/dragonfly/dragonfly_routing.h"

#include <algorithm>

#include "core/error.h"
#include "routing/ugal_rule.h"
#include "vc/vc_policy.h"

namespace nocsim {

DragonflyRouting::DragonflyRouting(const Dragonfly& t, const DragonflyTraits& traits, const Options& o, uint64_t seed,
                                   int router)
    : t_(t), o_(o), seq_(traits.seq), to_group_(traits.to_group), adaptive_(traits.adaptive),
      streams_{{seed, "routing." + std::to_string(router)}, {seed, "routing." + std::to_string(router) + ".va"}},
      indirect_(t.network_ports(), 0) {
  // The credit trigger is PAR's and OLM's (UGAL and PB are the test); the
  // contention counters serve every adaptive kind.
  if ((o_.trigger == Trigger::Credits && !traits.credit_trigger) || !traits.adaptive) o_.trigger = Trigger::Ugal;
}

int DragonflyRouting::pick_intermediate(int router, int gd, bool in_transit) {
  return pick_group_or_router(router, gd, o_.policy == Policy::Mm ? (in_transit ? Policy::Nrg : Policy::Crg) : o_.policy,
                              o_.exclude_destination);
}

int DragonflyRouting::pick_group_or_router(int router, int gd, Policy p, bool exclude_destination) {
  const int gs = t_.group(router);
  cand_.clear();
  auto allowed = [&](int g) { return g >= 0 && g != gs && !(exclude_destination && g == gd); };
  if (p != Policy::Rrg) {  // CRG: this router's global links; NRG (and MM's in-transit): the other routers'
    const int self = t_.index(router), crg = p == Policy::Crg;
    for (int r = crg ? self : 0; r < (crg ? self + 1 : t_.a()); ++r) {
      if (r == self && !crg) continue;
      for (int m = 0; m < t_.h(); ++m) {
        const int g = t_.link_target(gs, r * t_.h() + m);
        if (allowed(g)) cand_.push_back(g);
      }
    }
  }
  int g;
  if (!cand_.empty()) {
    g = cand_[rng_->below(cand_.size())];
  } else {  // every allowed group: the draw's k-th of 0..g-1 without gs (and gd), the same draw as over a list
    int skip[2] = {gs, exclude_destination && gd >= 0 && gd != gs ? gd : -1};
    if (skip[1] >= 0 && skip[1] < skip[0]) std::swap(skip[0], skip[1]);
    const int count = t_.g() - 1 - (skip[1] >= 0);
    if (count <= 0) return -1;
    g = static_cast<int>(rng_->below(static_cast<uint64_t>(count)));
    for (int e : skip)
      if (e >= 0 && g >= e) ++g;
  }
  if (to_group_) return g;
  return g * t_.a() + static_cast<int>(rng_->below(static_cast<uint64_t>(t_.a())));
}

bool DragonflyRouting::try_valiant(const RouteContext& ctx, int dst, RoutingHeader& h, bool test) {
  const int inter = pick_intermediate(ctx.router, t_.group(dst), false);
  if (inter < 0) return false;
  const int via = to_group_ ? t_.entry(inter, t_.group(ctx.router)) : inter;
  if (test && !prefers_valiant(ctx, dst, via, h)) return false;
  h = through(h, via);  // via lies in group inter when the intermediate is a group
  return true;
}

long DragonflyRouting::q(const RouteContext& ctx, int router, const RouteCandidate& c) const {
  if (o_.mincred) return ctx.view->min_occupancy(router, c.out_port) + ctx.view->output_queue(router, c.out_port);
  return o_.queue_only ? ctx.view->output_queue(router, c.out_port)
                       : ctx.view->occupancy(router, c.out_port, vcs(ctx, router, c));
}

long DragonflyRouting::global_q(const RouteContext& ctx, int gs, int gt, const RoutingHeader& h) const {
  // The gateway's global port, at the position the path's next global hop
  // takes; routers share their port layout, so this router's policy answers.
  // The hop carries h on: FlexVC reads the VCs of the path h names from the
  // gateway on (an intermediate still ahead when h.phase is 0).
  RouteCandidate g;
  g.out_port = static_cast<int16_t>(t_.gateway_port(gs, gt));
  g.pos = static_cast<int8_t>(seq_.position(h.seqpos, PortClass::Global));
  g.next = h;
  return q(ctx, gs * t_.a() + t_.gateway(gs, gt), g);
}

bool DragonflyRouting::prefers_valiant(const RouteContext& ctx, int dst, int via, const RoutingHeader& h) const {
  if (!ctx.view) return false;
  const RouteCandidate m = hop(ctx.router, dst, h), n = hop(ctx.router, via, through(h, via));
  const long h_min = t_.min_hops(ctx.router, dst);
  const long h_val = t_.min_hops(ctx.router, via) + t_.min_hops(via, dst);
  return prefers_misroute(ctx, m, n, h_min, h_val);
}

RoutingHeader DragonflyRouting::through(const RoutingHeader& h, int via) const {
  RoutingHeader v = h;
  v.phase = 0;
  v.inter = to_group_ ? t_.group(via) : via;
  return v;
}

bool DragonflyRouting::prefers_misroute(const RouteContext& ctx, const RouteCandidate& m, const RouteCandidate& n,
                                        long h_min, long h_val) const {
  switch (o_.trigger) {
    case Trigger::Credits: return congested(ctx, m) && can_take(ctx, n);
    case Trigger::Contention: return triggered(ctx, m) && !contended(ctx, n) && can_take(ctx, n);
    default:
      return ugal_prefers_nonminimal(q(ctx, ctx.router, m), h_min, q(ctx, ctx.router, n), h_val, o_.ugal_threshold);
  }
}

bool DragonflyRouting::triggered(const RouteContext& ctx, const RouteCandidate& m) const {
  switch (o_.trigger) {
    case Trigger::Credits: return congested(ctx, m);
    case Trigger::Contention:
      // ECtN decides at injection by the destination group's combined counter.
      if (o_.ectn && ctx.in_port >= t_.network_ports())
        return ctx.view->group_contended(ctx.router, t_.group(t_.node_router(ctx.head.dst)));
      return contended(ctx, m);
    default: return true;
  }
}

bool DragonflyRouting::contended(const RouteContext& ctx, const RouteCandidate& c) const {
  const CongestionView& v = *ctx.view;
  if (v.contended(ctx.router, c.out_port)) return true;
  return o_.hybrid && 100L * v.occupancy(ctx.router, c.out_port, vcs(ctx, ctx.router, c)) >=
                          static_cast<long>(o_.credit_percent) * v.depth(ctx.router, c.out_port);
}

bool DragonflyRouting::congested(const RouteContext& ctx, const RouteCandidate& c) const {
  const CongestionView& v = *ctx.view;
  return 100L * v.occupancy(ctx.router, c.out_port, vcs(ctx, ctx.router, c)) >=
             static_cast<long>(o_.trigger_percent) * v.depth(ctx.router, c.out_port) &&
         !can_take(ctx, c);
}

bool DragonflyRouting::can_take(const RouteContext& ctx, const RouteCandidate& c) const {
  const CongestionView& v = *ctx.view;
  const int room = std::min<int>(ctx.head.size, v.depth(ctx.router, c.out_port));  // wormhole: a whole buffer
  return v.credits(ctx.router, c.out_port, vcs(ctx, ctx.router, c)) >= room &&
         v.output_queue(ctx.router, c.out_port) == 0;
}

int DragonflyRouting::reuse_position(const RoutingHeader& h) const {
  for (int pos = h.seqpos - 1; pos >= 0; --pos)
    if (seq_.at(pos) == 'L') return pos;
  return 0;
}

RouteCandidate DragonflyRouting::hop(int router, int target, const RoutingHeader& h) const {
  RouteCandidate c;
  const int port = t_.min_port(router, target);
  const PortClass cls = t_.port_class(port);
  const int pos = seq_.position(h.seqpos, cls);
  if (pos < 0)  // the sequences cover every path these routings take
    throw InvariantError("dragonfly routing: hop past the end of VC sequence " + seq_.text() + " at router " +
                         std::to_string(router));
  c.out_port = static_cast<int16_t>(port);
  c.pos = static_cast<int8_t>(pos);
  c.hop = static_cast<uint8_t>((cls == PortClass::Global ? kHopGlobal : 0) | (h.phase == 0 ? kHopNonMinimal : 0));
  c.next = h;
  c.next.seqpos = static_cast<uint8_t>(pos + 1);
  if (cls == PortClass::Global) c.next.flags = 0;  // a new group
  return c;
}

void DragonflyRouting::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  rng_ = &streams_[ctx.stream];
  const int dst = t_.node_router(ctx.head.dst);
  RoutingHeader h = ctx.head.rh;
  const int gs = t_.group(ctx.router), gd = t_.group(dst);
  // Phases: 0 toward the intermediate, 1 toward the destination, 2 minimal
  // but PAR may still divert at the next router of the source group.
  const bool at_src = h.phase == 0 && h.inter < 0;
  if (at_src) {
    h.phase = 1;
    if (gs != gd) at_source(ctx, dst, h);
  } else if (h.phase == 2) {
    h.phase = 1;
    in_transit(ctx, dst, h);
  }
  bool turned = false;
  if (h.phase == 0) {
    turned = to_group_ ? gs == h.inter : ctx.router == h.inter;
    if (turned) h.phase = 1;
  }
  if (ctx.router == dst) return out.push_back(eject_candidate(t_.node_port(ctx.head.dst), h));
  const int target = h.phase == 0 ? (to_group_ ? t_.entry(h.inter, gs) : h.inter) : dst;
  const size_t first = out.size();
  out.push_back(hop(ctx.router, target, h));
  if (turned) out.back().hop |= kHopTurn | (t_.port_class(out.back().out_port) == PortClass::Local ? kHopReport : 0);
  extra(ctx, h, dst, at_src, out);
  if (ctx.paths) fill_paths(ctx, dst, h, first, out);
}

void DragonflyRouting::fill_shapes(int router, int dst, RouteCandidate& c) const {
  const int next = t_.peer(router, c.out_port).router;
  const PathShape self = PathShape::hop(t_.port_class(c.out_port) == PortClass::Global);
  PathShape rest = t_.min_shape(next, dst);
  c.escape = PathShape::join(self, rest);
  if (c.next.phase == 0) {
    const int via = to_group_ ? (t_.group(next) == c.next.inter ? next : t_.entry(c.next.inter, t_.group(next)))
                              : c.next.inter;
    rest = PathShape::join(t_.min_shape(next, via), t_.min_shape(via, dst));
  }
  c.path = PathShape::join(self, rest);
}

VcRange DragonflyRouting::vcs(const RouteContext& ctx, int router, const RouteCandidate& c) const {
  if (!ctx.paths) return ctx.vcs->range(c, ctx.at);
  RouteCandidate shaped = c;  // candidates built for a decision carry no shapes yet
  fill_shapes(router, t_.node_router(ctx.head.dst), shaped);
  return ctx.vcs->range(shaped, router == ctx.router ? ctx.at : HeadAt{-1, false, ctx.at.reply});
}

// FlexVC: each candidate's intended rest of path and minimal escape. When
// no candidate may go now without conditions (each is not allowed, or
// opportunistic: only with room for the whole packet), the minimal hop to the
// destination follows them (the packet gives its intermediate up): a packet
// can always ask for its escape path, and an opportunistic hop without room
// falls back to it (docs/vc-flexvc.md, "The rule" and "In the simulator").
void DragonflyRouting::fill_paths(const RouteContext& ctx, int dst, const RoutingHeader& h, size_t first,
                                  std::vector<RouteCandidate>& out) const {
  bool free = false;
  for (size_t k = first; k < out.size(); ++k) {
    fill_shapes(ctx.router, dst, out[k]);
    const VcRange r = ctx.vcs->range(out[k], ctx.at);
    free |= r.lo <= r.hi && !r.whole;
  }
  if (free || out.size() - first >= static_cast<size_t>(kMaxCandidates)) return;
  RoutingHeader m = h;
  m.phase = 1;
  m.inter = -1;
  out.push_back(hop(ctx.router, dst, m));
  fill_shapes(ctx.router, dst, out.back());
}

void DragonflyRouting::granted(const RouteCandidate& c) {
  if ((c.hop & kHopTurn) && t_.port_class(c.out_port) == PortClass::Local) ++indirect_[c.out_port];
}

}  // namespace nocsim
