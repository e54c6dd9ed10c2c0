// The topology.* keys of the configuration schema (sim/schema.cpp
// assembles the sections, in the order of docs/user-guide.md's table).
#include "core/config.h"
#include "topologies/dragonfly.h"
#include "topologies/topology.h"

namespace nocsim {
namespace {

std::vector<std::string> topology_keys() { return topology_registry().keys(); }

}  // namespace

void add_topology_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"topology.type", K::Enum, "mesh", 0, 0, {}, "network shape", topology_keys},
      {"topology.k", K::IntList, "8", 2, 1 << 20, {}, "mesh/torus: routers per dimension; hyperx: S, the routers of each dimension's all-to-all line; one value for all dimensions or a list of n"},
      {"topology.n", K::Int, "2", 1, 8, {}, "mesh/torus/hyperx: dimensions (hyperx: L)"},
      {"topology.concentration", K::Int, "1", 1, 64, {}, "mesh/torus: nodes per router; hyperx: T, nodes per router; single: the switch's nodes (and ports)"},
      {"topology.p", K::Int, "2", 1, 64, {}, "dragonfly: nodes per router"},
      {"topology.a", K::Int, "4", 1, 256, {}, "dragonfly: routers per group"},
      {"topology.h", K::Int, "2", 1, 64, {}, "dragonfly: global links per router"},
      {"topology.groups", K::Int, "0", 0, 1 << 16, {}, "dragonfly: groups; 0 = a*h+1 (the maximum)"},
      {"topology.arrangement", K::Enum, "palmtree", 0, 0, {}, "dragonfly: global link wiring", Dragonfly::arrangements},
  });
}

}  // namespace nocsim
