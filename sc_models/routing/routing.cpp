#include "routing/routing.h"

#include "core/error.h"

namespace nocsim {

std::unique_ptr<Routing> RoutingRegistry::make(const std::string& key, const Topology& topo, const Config& cfg,
                                               int router) const {
  auto it = map_.find(key);
  if (it == map_.end()) {
    std::string valid;
    for (const auto& kv : map_) valid += (valid.empty() ? "" : ", ") + kv.first;
    throw ConfigError("routing.algorithm: unknown routing '" + key + "' (valid: " + valid + ")");
  }
  return it->second(topo, cfg, router);
}

void RoutingRegistry::validate(const std::string& key, const Topology& topo, const Config& cfg) const {
  auto it = validators_.find(key);
  if (it != validators_.end()) it->second(topo, cfg);
}

const RoutingRegistry& routing_registry() {
  static const RoutingRegistry reg = [] {
    RoutingRegistry r;
    register_torus_routings(r);
    register_dragonfly_routings(r);
    return r;
  }();
  return reg;
}

}  // namespace nocsim
