#include "routing/routing.h"

#include <algorithm>

#include "core/error.h"
#include "vc/vc_policy.h"

namespace nocsim {

long candidate_queue(const RouteContext& ctx, const RouteCandidate& c) {
  if (!ctx.view) return 0;
  return ctx.view->occupancy(ctx.router, c.out_port, ctx.vcs ? ctx.vcs->range(c, ctx.at) : VcRange{});
}

void add_family_routing(RoutingRegistry& reg, const std::string& name, const std::string& family,
                        std::function<bool(const Topology&)> mine, RoutingFactory f) {
  const RoutingFactory* found = reg.find(name);
  const RoutingFactory prev = found ? *found : RoutingFactory{};
  RoutingFactory w;
  w.make = [=](const Topology& t, const Config& cfg, uint64_t seed, int router) {
    return mine(t) ? f.make(t, cfg, seed, router) : prev.make(t, cfg, seed, router);
  };
  w.validate = [=](const Topology& t, const Config& cfg) {
    if (mine(t)) return f.validate ? f.validate(t, cfg) : void();
    const std::string wrong_kind = "routing.algorithm: " + name + " needs topology.type ";
    if (!prev.validate) throw ConfigError(wrong_kind + family);
    try {
      prev.validate(t, cfg);
    } catch (const ConfigError& e) {
      // A family before this one listed the topologies it serves: add this one.
      const std::string what = e.what();
      if (what.rfind(wrong_kind, 0) != 0) throw;
      const size_t cut = std::min(what.find(" (", wrong_kind.size()), what.size());
      throw ConfigError(what.substr(0, cut) + " or " + family + what.substr(cut));
    }
  };
  w.stats = [=](const Topology& t, const Config& cfg) -> std::unique_ptr<RoutingStats> {
    const auto& s = mine(t) ? f.stats : prev.stats;
    return s ? s(t, cfg) : nullptr;
  };
  if (f.slot || prev.slot)  // left empty otherwise: the memory estimate reads that
    w.slot = [=](const Topology& t, int least, int most) {
      const auto& s = mine(t) ? f.slot : prev.slot;
      return s ? s(t, least, most) : 0;
    };
  reg.add(name, w);
}

RoutingRegistry& mutable_routing_registry() {
  static RoutingRegistry reg("routing.algorithm", [](RoutingRegistry& r) {
    register_torus_routings(r);
    register_dragonfly_routings(r);
    register_hyperx_routings(r);
    register_fat_tree_routings(r);
    register_graph_routings(r);
    register_dragonfly_plus_routings(r);
  });
  return reg;
}

const RoutingRegistry& routing_registry() { return mutable_routing_registry(); }

}  // namespace nocsim
