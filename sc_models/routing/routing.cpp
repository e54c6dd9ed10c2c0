#include "routing/routing.h"

namespace nocsim {

RoutingRegistry& mutable_routing_registry() {
  static RoutingRegistry reg("routing.algorithm", [](RoutingRegistry& r) {
    register_torus_routings(r);
    register_dragonfly_routings(r);
  });
  return reg;
}

const RoutingRegistry& routing_registry() { return mutable_routing_registry(); }

}  // namespace nocsim
