#include "routing/torus/dor.h"

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

DimensionOrder::DimensionOrder(const KAryNCube& topo, bool dateline)
    : topo_(topo),
      dateline_(dateline && topo.wrap()),
      ref_(dateline_ ? VcSequence("LL", VcSequence::Share::Split) : VcSequence()) {}

void DimensionOrder::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  RouteCandidate c;
  c.next = ctx.head.rh;
  const int port = topo_.dor_port(ctx.router, topo_.node_router(ctx.head.dst));
  if (port < 0) {
    c.out_port = static_cast<int16_t>(topo_.node_port(ctx.head.dst));
    c.hop = kHopEject;
    out.push_back(c);
    return;
  }
  c.out_port = static_cast<int16_t>(port);
  const int d = port / 2;
  const bool wrap = topo_.is_wrap(ctx.router, port);
  if (wrap) c.next.dateline |= static_cast<uint8_t>(1u << d);
  if (dateline_) c.pos = (ctx.head.rh.dateline >> d & 1u) || wrap ? 1 : 0;
  out.push_back(c);
}

void register_torus_routings(RoutingRegistry& reg) {
  RoutingFactory f;
  f.make = [](const Topology& t, const Config& cfg, int) -> std::unique_ptr<Routing> {
    const auto* k = dynamic_cast<const KAryNCube*>(&t);
    if (!k) throw ConfigError("routing.algorithm: dor needs topology.type mesh or torus");
    return std::make_unique<DimensionOrder>(*k, cfg.get_bool("routing.dateline"));
  };
  f.validate = [](const Topology& t, const Config& cfg) {
    const auto* k = dynamic_cast<const KAryNCube*>(&t);
    if (!k) throw ConfigError("routing.algorithm: dor needs topology.type mesh or torus (dragonfly: min, val, ...)");
    if (k->wrap() && cfg.get_bool("routing.dateline") && cfg.get_int("router.vcs") < 2)
      throw ConfigError("router.vcs: dor on a torus with the dateline needs >= 2 VCs (got " +
                        std::to_string(cfg.get_int("router.vcs")) + "); set router.vcs=2 or routing.dateline=false");
  };
  reg.add("dor", f);
}

}  // namespace nocsim
