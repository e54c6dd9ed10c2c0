#pragma once
// A network given as a graph (docs/routing-graph.md): routers, undirected
// router-to-router links with an optional latency each, and T nodes on every
// router. Built from an edge-list file (topology.type=graph) or by a
// generator (SlimFly, topologies/slimfly.h). Shortest-path tables (hops and
// the first port of one shortest path, by breadth-first search from every
// router) serve the routings.
// Ports: router r's links in the order given (its degree), then unconnected
// ports up to the largest degree, then the T node ports.
#include <cstdint>
#include <string>
#include <vector>

#include "topologies/topology.h"

namespace nocsim {

class Config;

struct GraphEdge {
  int a = 0, b = 0;
  int latency = 0;  // cycles; 0: the port class's link.latency
};

class GraphTopology : public Topology {
 public:
  // `key` names the input in errors (topology.graph_file, topology.q).
  // Throws ConfigError on self-loops, repeated links, routers out of range,
  // too many routers or ports, and a disconnected graph.
  GraphTopology(std::string name, std::string describe, int routers, const std::vector<GraphEdge>& edges, int t,
                const std::string& key);
  std::string name() const override { return name_; }
  std::string describe() const override { return describe_; }
  int routers() const override { return routers_; }
  int nodes() const override { return routers_ * t_; }
  int ports() const override { return max_degree_ + t_; }
  int network_ports() const override { return max_degree_; }
  int concentration() const override { return t_; }
  PortPeer peer(int router, int port) const override;
  int min_hops(int a, int b) const override { return dist_[index(a, b)]; }
  int minimal_port(int router, int dst) const override;
  int link_latency(int router, int port) const override;
  TopologyShape shape() const override;

  int diameter() const { return diameter_; }
  // The first port of a shortest path from `router` to `target` (-1: there).
  int next_port(int router, int target) const { return router == target ? -1 : next_[index(router, target)]; }
  int degree(int router) const { return static_cast<int>(adj_[static_cast<size_t>(router)].size()); }

  // The largest graph the tables are built for (2 bytes per pair and table).
  static constexpr int kMaxRouters = 4096;

 private:
  size_t index(int a, int b) const { return static_cast<size_t>(a) * static_cast<size_t>(routers_) + b; }
  std::string name_, describe_;
  int routers_, t_, max_degree_ = 0, diameter_ = 0;
  std::vector<std::vector<PortPeer>> adj_;   // per router, per link port: the far end
  std::vector<std::vector<int>> latency_;    // per router, per link port
  std::vector<uint8_t> dist_;                // [a * R + b]: hops
  std::vector<int16_t> next_;                // [a * R + b]: first port toward b
};

// topology.q and topology.graph_file (topologies/keys.cpp).
int slimfly_q(const Config& cfg);
std::string graph_file(const Config& cfg);

// topology.graph_file: "routers R", "nodes_per_router T", then one link per
// line, "A B [LATENCY]" (docs/routing-graph.md); '#' starts a comment.
std::unique_ptr<GraphTopology> read_graph_file(const std::string& path);

}  // namespace nocsim
