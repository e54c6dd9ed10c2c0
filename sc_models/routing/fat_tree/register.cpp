// The k-ary n-tree routings' registry entries (docs/routing-fat-tree.md).
#include "core/error.h"
#include "routing/fat_tree/fat_tree_routing.h"

namespace nocsim {
namespace {

using Up = FatTreeRouting::Up;

void add_tree(RoutingRegistry& reg, const std::string& name, Up up) {
  RoutingFactory f;
  f.make = [up](const Topology& t, const Config&, uint64_t, int) -> std::unique_ptr<Routing> {
    return std::make_unique<FatTreeRouting>(static_cast<const FatTree&>(t), up);
  };
  f.validate = [name](const Topology& t, const Config&) {
    if (!dynamic_cast<const FatTree*>(&t)) throw ConfigError("routing.algorithm: " + name + " needs topology.type fattree");
  };
  reg.add(name, f);
}

}  // namespace

void register_fat_tree_routings(RoutingRegistry& reg) {
  add_tree(reg, "dmodk", Up::DestinationDigit);
  add_tree(reg, "smodk", Up::SourceDigit);
  add_tree(reg, "adaptive-up", Up::LeastOccupied);
}

}  // namespace nocsim
