#include "topologies/topology.h"

namespace nocsim {

TopologyRegistry& mutable_topology_registry() {
  static TopologyRegistry reg("topology.type", [](TopologyRegistry& r) {
    register_kary_ncube_topologies(r);
    register_dragonfly_topologies(r);
    register_hyperx_topology(r);
    register_fat_tree_topology(r);
    register_graph_topologies(r);
    register_dragonfly_plus_topology(r);
  });
  return reg;
}

const TopologyRegistry& topology_registry() { return mutable_topology_registry(); }

}  // namespace nocsim
