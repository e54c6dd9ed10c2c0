#pragma once
// What every topology tells the rest of the model: routers, ports, who is
// wired to whom, and where each node attaches. Path arithmetic specific to a
// family (minimal directions, distances) lives in that family's class.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/port_class.h"
#include "core/registry.h"

namespace nocsim {

class Config;
class ErrorList;

// The sizes of a topology, known from its keys before anything is built:
// what the port limit and the memory estimate read (sim/memory.cpp).
struct TopologyShape {
  std::string describe;
  int routers = 0, nodes = 0, ports = 0, network_ports = 0, local_ports = 0;
  uint64_t table_bytes = 0;  // the family's own tables (wiring, coordinates)
  PortClass port_class(int port) const { return port_class_of(port, network_ports, local_ports); }
};

struct PortPeer {
  int router = -1;  // -1: the port is unconnected (mesh edge)
  int port = -1;
};

class Topology {
 public:
  virtual ~Topology() = default;
  virtual std::string name() const = 0;
  // One line for summaries, e.g. "torus 8x8" or "dragonfly p=2 a=4 h=2 g=9 palmtree".
  virtual std::string describe() const = 0;
  virtual int routers() const = 0;
  virtual int nodes() const = 0;
  // Ports per router: network ports first, then one NIC port per attached node.
  virtual int ports() const = 0;
  virtual int network_ports() const = 0;
  virtual PortPeer peer(int router, int port) const = 0;
  int node_router(int node) const { return node / concentration(); }
  int node_port(int node) const { return network_ports() + node % concentration(); }
  int port_node(int router, int port) const {
    return port >= network_ports() ? router * concentration() + port - network_ports() : -1;
  }
  virtual int concentration() const = 0;
  // Nodes attached to `router`: concentration() where every router has its
  // nodes, fewer where some have none (a fat tree's upper stages).
  virtual int nodes_at(int /*router*/) const { return concentration(); }
  PortClass port_class(int port) const { return port_class_of(port, network_ports(), local_ports()); }
  // Network ports 0 .. local_ports()-1 are local, the rest global.
  virtual int local_ports() const { return network_ports(); }
  // Router-to-router hops on a minimal path, and how many of them are global.
  virtual int min_hops(int src_router, int dst_router) const = 0;
  virtual int min_global_hops(int /*src_router*/, int /*dst_router*/) const { return 0; }
  // The output port of `router` on the topology's minimal path to node `dst`
  // (its node port at the destination router), what contention counters
  // charge a head to; -1 where the topology defines none.
  virtual int minimal_port(int /*router*/, int /*dst*/) const { return -1; }
  // The latency in cycles of the link leaving `router` through network port
  // `port`; 0: its port class's (link.latency, link.global_latency).
  virtual int link_latency(int /*router*/, int /*port*/) const { return 0; }
  // Uniform traffic's load, flits/(node*cycle), that saturates the bisection
  // (Versaci's gamma0 = 1); 0 where the topology does not define it.
  virtual double bisection_load() const { return 0; }
  // Mesh and torus: their dimensions n, network ports 2d and 2d + 1 leading
  // along dimension d (the report's utilisation by direction); else 0.
  virtual int grid_dimensions() const { return 0; }
  // The dimensions the network links run along (mesh, torus: n; HyperX: L)
  // and the one network port `port` leads along (the report's utilisation
  // by dimension); 0 and -1 where links follow no dimensions.
  virtual int link_dimensions() const { return grid_dimensions(); }
  virtual int dimension_of(int port) const { return grid_dimensions() ? port / 2 : -1; }
  // The group of a router where the topology has groups (dragonfly), else 0.
  virtual int group_of(int /*router*/) const { return 0; }
  // Its sizes, as TopologyFactory::shape gives them from the keys; a family
  // with tables of its own returns that shape (with their bytes).
  virtual TopologyShape shape() const {
    return {describe(), routers(), nodes(), ports(), network_ports(), local_ports(), 0};
  }
};

struct TopologyFactory {
  // Reads the family's topology.* keys; throws ConfigError for impossible shapes.
  std::function<std::unique_ptr<Topology>(const Config&)> make;
  // The same keys' sizes, without building anything (the same errors); null:
  // the topology is built to learn them.
  std::function<TopologyShape(const Config&)> shape;
};
using TopologyRegistry = Registry<TopologyFactory>;

// Explicit registration (static self-registration is dropped by the linker).
void register_kary_ncube_topologies(TopologyRegistry& reg);
void register_dragonfly_topologies(TopologyRegistry& reg);
void register_hyperx_topology(TopologyRegistry& reg);
void register_fat_tree_topology(TopologyRegistry& reg);
void register_graph_topologies(TopologyRegistry& reg);
void register_dragonfly_plus_topology(TopologyRegistry& reg);
// Every topology of the build (topology.type); a test may add its own.
const TopologyRegistry& topology_registry();
TopologyRegistry& mutable_topology_registry();

struct KeySpec;
// The topology.* keys of the configuration schema (sim/schema.cpp).
void add_topology_keys(std::vector<KeySpec>& schema);
// topology.type.
const std::string& topology_type(const Config& cfg);
// topology.* keys given for a shape that does not read them.
void topology_rules(const Config& cfg, ErrorList& errors);

}  // namespace nocsim
