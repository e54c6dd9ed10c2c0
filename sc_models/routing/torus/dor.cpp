#include "routing/torus/dor.h"

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

int DimensionOrder::next_port(int router, int dst_router) const {
  for (int d = 0; d < topo_.n(); ++d) {
    int off = topo_.min_offset(topo_.coord(router, d), topo_.coord(dst_router, d), d);
    if (off > 0) return 2 * d;
    if (off < 0) return 2 * d + 1;
  }
  return -1;
}

void DimensionOrder::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  RoutingHeader next = ctx.head.rh;
  int dst_router = topo_.node_router(ctx.head.dst);
  int port = next_port(ctx.router, dst_router);
  if (port < 0) {
    out.push_back({topo_.node_port(ctx.head.dst), 0, vcs_ - 1, next});
    return;
  }
  const bool wrap = topo_.is_wrap(ctx.router, port);
  if (wrap) next.dateline |= static_cast<uint8_t>(1u << (port / 2));
  if (!topo_.wrap() || !dateline_) {
    out.push_back({port, 0, vcs_ - 1, next});
    return;
  }
  int d = port / 2;
  bool upper = (ctx.head.rh.dateline >> d & 1u) || wrap;
  int half = vcs_ / 2;
  if (upper)
    out.push_back({port, half, vcs_ - 1, next});
  else
    out.push_back({port, 0, half - 1, next});
}

void register_torus_routings(RoutingRegistry& reg) {
  reg.add("dor", [](const Topology& t, const Config& cfg, int) -> std::unique_ptr<Routing> {
    const auto* k = dynamic_cast<const KAryNCube*>(&t);
    if (!k) throw ConfigError("routing.algorithm: dor needs topology.type mesh or torus");
    return std::make_unique<DimensionOrder>(*k, static_cast<int>(cfg.get_int("router.vcs")),
                                            cfg.get_bool("routing.dateline"));
  });
  reg.add_validator("dor", [](const Topology& t, const Config& cfg) {
    const auto* k = dynamic_cast<const KAryNCube*>(&t);
    if (!k) throw ConfigError("routing.algorithm: dor needs topology.type mesh or torus (dragonfly: min, val, ...)");
    if (k && k->wrap() && cfg.get_bool("routing.dateline") && cfg.get_int("router.vcs") < 2)
      throw ConfigError("router.vcs: dor on a torus with the dateline needs >= 2 VCs (got " +
                        std::to_string(cfg.get_int("router.vcs")) + "); set router.vcs=2 or routing.dateline=false");
  });
}

}  // namespace nocsim
