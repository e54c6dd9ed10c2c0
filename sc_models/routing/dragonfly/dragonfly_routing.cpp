#include "routing/dragonfly/dragonfly_routing.h"

#include <algorithm>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

DragonflyRouting::DragonflyRouting(const Dragonfly& t, Kind kind, const Options& o, uint64_t seed, int router)
    : t_(t), kind_(kind), o_(o), seq_(sequence(kind)),
      streams_{{seed, "routing." + std::to_string(router)}, {seed, "routing." + std::to_string(router) + ".va"}},
      indirect_(t.network_ports(), 0) {
  o_.credit_trigger = o.credit_trigger && (kind == Kind::Par || kind == Kind::Olm);  // UGAL and PB are the test
}

VcSequence DragonflyRouting::sequence(Kind kind) {
  switch (kind) {
    case Kind::Min: return VcSequence("LGL");
    case Kind::ValGroup:
    case Kind::Olm: return VcSequence("LGLGL");
    case Kind::Par: return VcSequence("LLGLLGL");
    default: return VcSequence("LGLLGL");  // VAL, VAL-any, UGAL-L/G, PB
  }
}

int DragonflyRouting::pick_intermediate(int router, int gd, bool in_transit) {
  return pick_group_or_router(router, gd, o_.policy == Policy::Mm ? (in_transit ? Policy::Nrg : Policy::Crg) : o_.policy,
                              o_.exclude_destination);
}

int DragonflyRouting::pick_group_or_router(int router, int gd, Policy p, bool exclude_destination) {
  const int gs = t_.group(router);
  cand_.clear();
  auto allowed = [&](int g) { return g >= 0 && g != gs && !(exclude_destination && g == gd); };
  if (p != Policy::Rrg)
    for (int r = 0; r < t_.a(); ++r) {
      if ((r == t_.index(router)) != (p == Policy::Crg)) continue;
      for (int m = 0; m < t_.h(); ++m) {
        const int g = t_.global_target(gs * t_.a() + r, t_.a() - 1 + m);
        if (allowed(g)) cand_.push_back(g);
      }
    }
  if (cand_.empty())
    for (int g = 0; g < t_.g(); ++g)
      if (allowed(g)) cand_.push_back(g);
  if (cand_.empty()) return -1;
  const int g = cand_[rng_->below(cand_.size())];
  if (kind_ == Kind::ValGroup || kind_ == Kind::Olm) return g;
  return g * t_.a() + static_cast<int>(rng_->below(static_cast<uint64_t>(t_.a())));
}

int DragonflyRouting::global_occupancy(const CongestionView& v, int gs, int gt, const RoutingHeader& h) const {
  const int pos = seq_.position(h.seqpos, PortClass::Global);
  return static_cast<int>(q(v, gs * t_.a() + t_.gateway(gs, gt), t_.gateway_port(gs, gt), seq_.vc_at(pos)));
}

bool DragonflyRouting::prefers_valiant(const RouteContext& ctx, int dst, int via, const RoutingHeader& h) const {
  if (!ctx.view) return false;
  const CongestionView& v = *ctx.view;
  if (kind_ == Kind::Pb) {
    const int gs = t_.group(ctx.router), gd = t_.group(dst);
    if (v.saturated(gs * t_.a() + t_.gateway(gs, gd), t_.gateway_port(gs, gd))) return true;
  }
  const RouteCandidate m = hop(ctx.router, dst, h), n = hop(ctx.router, via, h);
  const long h_min = t_.min_hops(ctx.router, dst);
  const long h_val = t_.min_hops(ctx.router, via) + t_.min_hops(via, dst);
  if (kind_ != Kind::UgalG) return prefers_misroute(ctx, m, n, h_min, h_val);
  const int gs = t_.group(ctx.router);
  const long q_min = q(v, ctx.router, m.out_port, m.vc_lo) + global_occupancy(v, gs, t_.group(dst), h);
  const long q_val = q(v, ctx.router, n.out_port, n.vc_lo) + global_occupancy(v, gs, t_.group(via), h);
  return q_min * h_min > q_val * h_val + o_.ugal_threshold;
}

bool DragonflyRouting::prefers_misroute(const RouteContext& ctx, const RouteCandidate& m, const RouteCandidate& n,
                                        long h_min, long h_val) const {
  if (o_.credit_trigger) return congested(ctx, m) && can_take(ctx, n);
  const CongestionView& v = *ctx.view;
  return q(v, ctx.router, m.out_port, m.vc_lo) * h_min >
         q(v, ctx.router, n.out_port, n.vc_lo) * h_val + o_.ugal_threshold;
}

bool DragonflyRouting::congested(const RouteContext& ctx, const RouteCandidate& c) const {
  const CongestionView& v = *ctx.view;
  return 100L * v.occupancy(ctx.router, c.out_port, c.vc_lo) >=
             static_cast<long>(o_.trigger_percent) * v.depth(ctx.router, c.out_port) &&
         !can_take(ctx, c);
}

bool DragonflyRouting::can_take(const RouteContext& ctx, const RouteCandidate& c) const {
  const CongestionView& v = *ctx.view;
  const int room = std::min<int>(ctx.head.size, v.depth(ctx.router, c.out_port));  // wormhole: a whole buffer
  return v.credits(ctx.router, c.out_port, c.vc_lo) >= room && v.output_queue(ctx.router, c.out_port) == 0;
}

int DragonflyRouting::reuse_vc(const RoutingHeader& h) const {
  for (int pos = h.seqpos - 1; pos >= 0; --pos)
    if (seq_.text()[static_cast<size_t>(pos)] == 'L') return seq_.vc_at(pos);
  return 0;
}

bool DragonflyRouting::olm_local(const RouteContext& ctx, const RouteCandidate& minimal, RouteCandidate& misroute) {
  const int gs = t_.group(ctx.router);
  if (!ctx.view || gs == t_.group(t_.node_router(ctx.head.src)) || (ctx.head.rh.flags & 1u) ||
      t_.port_class(minimal.out_port) != PortClass::Local || t_.a() < 3)
    return false;
  if (o_.credit_trigger ? !congested(ctx, minimal)
                        : ctx.view->occupancy(ctx.router, minimal.out_port, minimal.vc_lo) <= o_.local_threshold)
    return false;
  // A random router of the group other than this one and the minimal next one.
  const int self = t_.index(ctx.router), next = t_.index(t_.peer(ctx.router, minimal.out_port).router);
  int r = static_cast<int>(rng_->below(static_cast<uint64_t>(t_.a() - 2)));
  for (int skip : {std::min(self, next), std::max(self, next)})
    if (r >= skip) ++r;
  const int vc = reuse_vc(ctx.head.rh);
  misroute = {t_.local_port(self, r), vc, vc, ctx.head.rh, true};
  if (o_.credit_trigger && !can_take(ctx, misroute)) return false;
  misroute.next.flags |= 1u;
  return true;
}

bool DragonflyRouting::olm_source_local(const RouteContext& ctx, const RoutingHeader& h, int dst,
                                        const RouteCandidate& minimal, RouteCandidate& misroute) {
  const int gs = t_.group(ctx.router), gd = t_.group(dst);
  if (!ctx.view || gs == gd || gs != t_.group(t_.node_router(ctx.head.src)) || h.phase != 1 || h.inter >= 0 ||
      (h.flags & 1u) || t_.port_class(ctx.in_port) != PortClass::Local ||
      t_.port_class(minimal.out_port) != PortClass::Global)
    return false;
  // The Valiant group hangs off another router of this group (NRG): the local
  // hop there is the misroute, and that router's global hop is then forced.
  const int inter = pick_group_or_router(ctx.router, gd, Policy::Nrg, o_.exclude_destination);
  if (inter < 0) return false;
  const int via = gs * t_.a() + t_.gateway(gs, inter);
  if (via == ctx.router) return false;
  const int entry = t_.entry(inter, gs);
  const int port = t_.local_port(t_.index(ctx.router), t_.index(via));
  const int vc = reuse_vc(h);
  misroute = {port, vc, vc, h, true};
  const long h_val = 1 + t_.min_hops(via, entry) + t_.min_hops(entry, dst);
  if (!prefers_misroute(ctx, minimal, misroute, t_.min_hops(ctx.router, dst), h_val)) return false;
  misroute.next.inter = inter;
  misroute.next.phase = 0;
  misroute.next.flags |= 1u;
  return true;
}

RouteCandidate DragonflyRouting::hop(int router, int target, const RoutingHeader& h) const {
  const int port = t_.min_port(router, target);
  RoutingHeader next = h;
  const int pos = seq_.position(h.seqpos, t_.port_class(port));
  if (pos < 0)  // the sequences cover every path these routings take
    throw InvariantError("dragonfly routing: hop past the end of VC sequence " + seq_.text() + " at router " +
                         std::to_string(router));
  const int vc = seq_.vc_at(pos);
  next.seqpos = static_cast<uint8_t>(pos + 1);
  if (t_.port_class(port) == PortClass::Global) next.flags = 0;  // a new group
  return {port, vc, vc, next};
}

void DragonflyRouting::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  rng_ = &streams_[ctx.stream];
  const int dst = t_.node_router(ctx.head.dst);
  RoutingHeader h = ctx.head.rh;
  const int gs = t_.group(ctx.router), gd = t_.group(dst);
  const bool adaptive =
      kind_ == Kind::UgalL || kind_ == Kind::UgalG || kind_ == Kind::Par || kind_ == Kind::Pb || kind_ == Kind::Olm;
  const bool to_group = kind_ == Kind::ValGroup || kind_ == Kind::Olm;
  // Phases: 0 toward the intermediate, 1 toward the destination, 2 minimal
  // but PAR may still divert at the next router of the source group.
  const bool at_source = h.phase == 0 && h.inter < 0;
  if (at_source) {
    h.phase = 1;
    if (kind_ != Kind::Min && gs != gd) {
      const int inter = pick_intermediate(ctx.router, gd, false);
      const int via = inter < 0 ? -1 : to_group ? t_.entry(inter, gs) : inter;
      if (inter >= 0 && (!adaptive || prefers_valiant(ctx, dst, via, h))) {
        h.inter = inter;
        h.phase = 0;
      } else if (kind_ == Kind::Par && t_.port_class(t_.min_port(ctx.router, dst)) == PortClass::Local) {
        h.phase = 2;
      }
    }
  } else if (h.phase == 2) {  // PAR's second chance, one local hop into the source group
    h.phase = 1;
    // The gateway's other global links (see the header) unless NRG was asked
    // for; the destination group's link is the minimal hop itself.
    const bool nrg = o_.policy == Policy::Nrg || o_.policy == Policy::Mm;
    const int inter = pick_group_or_router(ctx.router, gd, nrg ? Policy::Nrg : Policy::Crg, true);
    if (inter >= 0 && prefers_valiant(ctx, dst, inter, h)) {
      h.inter = inter;
      h.phase = 0;
    }
  }
  bool turned = false;
  if (h.phase == 0) {
    const bool reached = to_group ? gs == h.inter : ctx.router == h.inter;
    if (reached) h.phase = 1;
    turned = reached;
  }
  if (ctx.router == dst) {
    out.push_back({t_.node_port(ctx.head.dst), 0, 0x7fff, h});
    return;
  }
  int target = dst;
  if (h.phase == 0) target = to_group ? t_.entry(h.inter, gs) : h.inter;
  const RouteCandidate minimal = hop(ctx.router, target, h);
  RouteCandidate misroute;
  if (kind_ == Kind::Olm &&
      (olm_source_local(ctx, h, dst, minimal, misroute) || olm_local(ctx, minimal, misroute)))
    out.push_back(misroute);
  out.push_back(minimal);
  if (turned && t_.port_class(out.back().out_port) == PortClass::Local) ++indirect_[out.back().out_port];
  // PB: other Valiant routers to fall back to when the first has no usable VC.
  if (kind_ == Kind::Pb && at_source && h.phase == 0 && o_.pb_repick)
    for (int k = 0; k < 2; ++k) {
      RoutingHeader alt = h;
      alt.inter = pick_intermediate(ctx.router, gd, false);
      if (alt.inter >= 0 && alt.inter != ctx.router) out.push_back(hop(ctx.router, alt.inter, alt));
    }
}

namespace {
using Kind = DragonflyRouting::Kind;
const std::pair<const char*, Kind> kKinds[] = {
    {"min", Kind::Min},           {"val", Kind::ValRouter}, {"val-any", Kind::ValRouter}, {"val-group", Kind::ValGroup},
    {"ugal-l", Kind::UgalL},      {"ugal-g", Kind::UgalG},  {"par", Kind::Par},          {"pb", Kind::Pb},
    {"olm", Kind::Olm}};

DragonflyRouting::Policy policy_of(const std::string& key) {
  using P = DragonflyRouting::Policy;
  return key == "crg" ? P::Crg : key == "nrg" ? P::Nrg : key == "mm" ? P::Mm : P::Rrg;
}
}  // namespace

bool DragonflyRouting::kind_of(const std::string& key, Kind& kind) {
  for (const auto& [k, v] : kKinds)
    if (key == k) {
      kind = v;
      return true;
    }
  return false;
}

void register_dragonfly_routings(RoutingRegistry& reg) {
  for (const auto& [key, kind] : kKinds) {
    const Kind k = kind;
    const std::string name = key;
    reg.add(name, [k, name](const Topology& t, const Config& cfg, int router) -> std::unique_ptr<Routing> {
      const auto* d = dynamic_cast<const Dragonfly*>(&t);
      if (!d) throw ConfigError("routing.algorithm: " + name + " needs topology.type dragonfly");
      DragonflyRouting::Options o;
      o.exclude_destination = cfg.get_str("routing.valiant_exclude") == "source+destination";
      o.ugal_threshold = static_cast<int>(cfg.get_int("routing.ugal_threshold"));
      o.policy = policy_of(cfg.get_str("routing.global_misroute"));
      o.queue_only = cfg.get_str("routing.ugal_queue") == "output";
      o.local_threshold = static_cast<int>(cfg.get_int("routing.local_misroute_threshold"));
      o.pb_repick = cfg.get_bool("routing.pb_repick");
      o.credit_trigger = cfg.get_str("routing.misroute_trigger") == "credits";
      o.trigger_percent = static_cast<int>(cfg.get_int("routing.misroute_threshold"));
      return std::make_unique<DragonflyRouting>(*d, k, o, static_cast<uint64_t>(cfg.get_int("sim.seed")), router);
    });
    reg.add_validator(name, [k, name](const Topology& t, const Config& cfg) {
      if (!dynamic_cast<const Dragonfly*>(&t))
        throw ConfigError("routing.algorithm: " + name + " needs topology.type dragonfly");
      VcSequence s = DragonflyRouting::sequence(k);
      const int64_t local = cfg.get_int("router.vcs");
      const int64_t global = cfg.get_int("router.global_vcs") > 0 ? cfg.get_int("router.global_vcs") : local;
      if (local < s.count('L') || global < s.count('G'))
        throw ConfigError("router.vcs: " + name + " uses the VC sequence " + s.text() + " and needs " +
                          std::to_string(s.count('L')) + " local and " + std::to_string(s.count('G')) +
                          " global VCs (router.vcs, router.global_vcs); got " + std::to_string(local) + " and " +
                          std::to_string(global));
    });
  }
}

}  // namespace nocsim
