#include "routing/dragonfly/oblivious.h"

#include <algorithm>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

DragonflyRouting::DragonflyRouting(const Dragonfly& t, Kind kind, bool exclude_destination, uint64_t seed, int router,
                                   int ugal_threshold)
    : t_(t), kind_(kind), exclude_dst_(exclude_destination), seq_(sequence(kind)),
      rng_(seed, "routing." + std::to_string(router)), threshold_(ugal_threshold) {}

VcSequence DragonflyRouting::sequence(Kind kind) {
  switch (kind) {
    case Kind::Min: return VcSequence("LGL");
    case Kind::ValGroup: return VcSequence("LGLGL");  // UGAL-L/G take VAL's sequence
    default: return VcSequence("LGLLGL");
  }
}

// Uniform over the groups other than the source (and the destination when
// strict); VAL-router then draws a router of that group. Equal group sizes
// make this uniform over the allowed routers.
int DragonflyRouting::pick_intermediate(int gs, int gd) {
  const int g = t_.g();
  const int excluded = 1 + (exclude_dst_ && gd != gs);
  int k = static_cast<int>(rng_.below(static_cast<uint64_t>(g - excluded)));
  int lo = std::min(gs, exclude_dst_ ? gd : gs), hi = std::max(gs, exclude_dst_ ? gd : gs);
  if (k >= lo) ++k;
  if (hi != lo && k >= hi) ++k;
  if (kind_ == Kind::ValGroup) return k;
  return k * t_.a() + static_cast<int>(rng_.below(static_cast<uint64_t>(t_.a())));
}

int DragonflyRouting::global_occupancy(const CongestionView& v, int gs, int gt, const RoutingHeader& h) const {
  const int pos = seq_.position(h.seqpos, PortClass::Global);
  return v.occupancy(gs * t_.a() + t_.gateway(gs, gt), t_.gateway_port(gs, gt), seq_.vc_at(pos));
}

bool DragonflyRouting::ugal_prefers_valiant(const RouteContext& ctx, int dst, int inter,
                                            const RoutingHeader& h) const {
  if (!ctx.view) return false;
  const CongestionView& v = *ctx.view;
  const RouteCandidate m = hop(ctx.router, dst, h), n = hop(ctx.router, inter, h);
  long q_min = v.occupancy(ctx.router, m.out_port, m.vc_lo);
  long q_val = v.occupancy(ctx.router, n.out_port, n.vc_lo);
  if (kind_ == Kind::UgalG) {
    const int gs = t_.group(ctx.router);
    q_min += global_occupancy(v, gs, t_.group(dst), h);
    q_val += global_occupancy(v, gs, t_.group(inter), h);
  }
  const long h_min = t_.min_hops(ctx.router, dst);
  const long h_val = t_.min_hops(ctx.router, inter) + t_.min_hops(inter, dst);
  return q_min * h_min > q_val * h_val + threshold_;
}

RouteCandidate DragonflyRouting::hop(int router, int target, const RoutingHeader& h) const {
  const int port = t_.min_port(router, target);
  RoutingHeader next = h;
  const int pos = seq_.position(h.seqpos, t_.port_class(port));
  // The sequences are long enough for every path these routings take.
  const int vc = seq_.vc_at(pos);
  next.seqpos = static_cast<uint8_t>(pos + 1);
  return {port, vc, vc, next};
}

void DragonflyRouting::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  const int dst = t_.node_router(ctx.head.dst);
  RoutingHeader h = ctx.head.rh;
  const int gs = t_.group(ctx.router), gd = t_.group(dst);
  if (h.phase == 0 && h.inter < 0) {
    // First router: draw the intermediate, or go minimally (MIN, or inside a group).
    if (kind_ == Kind::Min || gs == gd || t_.g() < 2 + (exclude_dst_ ? 1 : 0)) {
      h.phase = 1;
    } else {
      h.inter = pick_intermediate(gs, gd);
      if ((kind_ == Kind::UgalL || kind_ == Kind::UgalG) && !ugal_prefers_valiant(ctx, dst, h.inter, h)) {
        h.inter = -1;
        h.phase = 1;
      }
    }
  }
  if (h.phase == 0) {
    const bool reached = kind_ == Kind::ValGroup ? gs == h.inter : ctx.router == h.inter;
    if (reached) h.phase = 1;
  }
  int target = dst;
  if (h.phase == 0) target = kind_ == Kind::ValGroup ? t_.entry(h.inter, gs) : h.inter;
  if (ctx.router == dst) {
    out.push_back({t_.node_port(ctx.head.dst), 0, 0x7fff, h});
    return;
  }
  out.push_back(hop(ctx.router, target, h));
}

namespace {
using Kind = DragonflyRouting::Kind;
const std::pair<const char*, Kind> kKinds[] = {
    {"min", Kind::Min},           {"val", Kind::ValRouter},  {"val-any", Kind::ValRouter},
    {"val-group", Kind::ValGroup}, {"ugal-l", Kind::UgalL}, {"ugal-g", Kind::UgalG}};
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
      return std::make_unique<DragonflyRouting>(*d, k, cfg.get_str("routing.valiant_exclude") == "source+destination",
                                                static_cast<uint64_t>(cfg.get_int("sim.seed")), router,
                                                static_cast<int>(cfg.get_int("routing.ugal_threshold")));
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
