#include "topologies/graph.h"

#include <fstream>
#include <set>
#include <sstream>

#include "core/error.h"
#include "topologies/grid.h"
#include "topologies/slimfly.h"

namespace nocsim {

GraphTopology::GraphTopology(std::string name, std::string describe, int routers, const std::vector<GraphEdge>& edges,
                             int t, const std::string& key)
    : name_(std::move(name)), describe_(std::move(describe)), routers_(routers), t_(t) {
  if (routers < 1 || routers > kMaxRouters)
    throw ConfigError(key + ": " + std::to_string(routers) + " routers; 1.." + std::to_string(kMaxRouters) +
                      " are supported");
  if (t < 1) throw ConfigError(key + ": nodes per router must be >= 1, got " + std::to_string(t));
  adj_.resize(static_cast<size_t>(routers));
  latency_.resize(static_cast<size_t>(routers));
  std::set<std::pair<int, int>> seen;
  for (const GraphEdge& e : edges) {
    const std::string link = "link " + std::to_string(e.a) + "-" + std::to_string(e.b);
    if (e.a < 0 || e.b < 0 || e.a >= routers || e.b >= routers)
      throw ConfigError(key + ": " + link + " names a router outside 0.." + std::to_string(routers - 1));
    if (e.a == e.b) throw ConfigError(key + ": " + link + " joins a router to itself");
    if (!seen.insert({std::min(e.a, e.b), std::max(e.a, e.b)}).second)
      throw ConfigError(key + ": " + link + " is given twice (one link per pair of routers)");
    if (e.latency < 0) throw ConfigError(key + ": " + link + " has a negative latency");
    const int pa = degree(e.a), pb = degree(e.b);
    adj_[static_cast<size_t>(e.a)].push_back({e.b, pb});
    adj_[static_cast<size_t>(e.b)].push_back({e.a, pa});
    latency_[static_cast<size_t>(e.a)].push_back(e.latency);
    latency_[static_cast<size_t>(e.b)].push_back(e.latency);
  }
  for (int r = 0; r < routers; ++r) max_degree_ = std::max(max_degree_, degree(r));
  if (max_degree_ + t > 64)
    throw ConfigError(key + ": routers of " + std::to_string(max_degree_ + t) +
                      " ports (largest degree + nodes per router); the allocators support at most 64");
  // Breadth-first search from every router; the first port of a path is
  // inherited from the router it was reached through, so ties go to the
  // lowest port.
  const size_t n = static_cast<size_t>(routers);
  dist_.assign(n * n, 0xff);
  next_.assign(n * n, -1);
  std::vector<int> queue(n);
  for (int s = 0; s < routers; ++s) {
    size_t head = 0, tail = 0;
    dist_[index(s, s)] = 0;
    queue[tail++] = s;
    while (head < tail) {
      const int u = queue[head++];
      for (int p = 0; p < degree(u); ++p) {
        const int v = adj_[static_cast<size_t>(u)][static_cast<size_t>(p)].router;
        if (dist_[index(s, v)] != 0xff) continue;
        if (dist_[index(s, u)] >= 254) throw ConfigError(key + ": a shortest path longer than 254 hops");
        dist_[index(s, v)] = static_cast<uint8_t>(dist_[index(s, u)] + 1);
        next_[index(s, v)] = static_cast<int16_t>(u == s ? p : next_[index(s, u)]);
        queue[tail++] = v;
      }
    }
    if (tail != n)
      throw ConfigError(key + ": the graph is disconnected (router " + std::to_string(s) + " reaches " +
                        std::to_string(tail) + " of " + std::to_string(routers) + " routers)");
    for (size_t i = 0; i < n; ++i) diameter_ = std::max(diameter_, static_cast<int>(dist_[index(s, 0) + i]));
  }
}

PortPeer GraphTopology::peer(int router, int port) const {
  if (port < 0 || port >= degree(router)) return {};
  return adj_[static_cast<size_t>(router)][static_cast<size_t>(port)];
}

int GraphTopology::minimal_port(int router, int dst) const {
  const int p = next_port(router, node_router(dst));
  return p < 0 ? node_port(dst) : p;
}

int GraphTopology::link_latency(int router, int port) const {
  if (port < 0 || port >= degree(router)) return 0;
  return latency_[static_cast<size_t>(router)][static_cast<size_t>(port)];
}

TopologyShape GraphTopology::shape() const {
  TopologyShape s{describe(), routers(), nodes(), ports(), network_ports(), local_ports(), 0};
  s.table_bytes = static_cast<uint64_t>(routers_) * static_cast<uint64_t>(routers_) * 3;
  return s;
}

std::unique_ptr<GraphTopology> read_graph_file(const std::string& path) {
  const std::string key = "topology.graph_file";
  std::ifstream in(path);
  if (!in) throw ConfigError(key + ": cannot read '" + path + "'");
  int routers = -1, t = -1;
  std::vector<GraphEdge> edges;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    const auto fail = [&](const std::string& what) {
      throw ConfigError(key + ": " + path + " line " + std::to_string(line) + ": " + what);
    };
    if (line > 10000000) fail("more than 10^7 lines (an input limit)");
    text = text.substr(0, text.find('#'));
    std::istringstream w(text);
    std::string first;
    if (!(w >> first)) continue;
    std::string rest;
    if (first == "routers" || first == "nodes_per_router") {
      int v = 0;
      if (!(w >> v) || (w >> rest)) fail("'" + first + "' takes one integer");
      (first == "routers" ? routers : t) = v;
      continue;
    }
    GraphEdge e;
    std::istringstream all(text);
    std::string lat;
    if (!(all >> e.a >> e.b)) fail("expected 'A B [LATENCY]', 'routers R' or 'nodes_per_router T'");
    if (all >> lat) {
      size_t used = 0;
      try {
        e.latency = std::stoi(lat, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != lat.size() || e.latency < 1 || e.latency > 1000000) fail("LATENCY must be 1..10^6 cycles");
      if (all >> rest) fail("expected 'A B [LATENCY]'");
    }
    if (routers < 0) fail("links before the 'routers R' line");
    edges.push_back(e);
  }
  if (routers < 0) throw ConfigError(key + ": " + path + " has no 'routers R' line");
  if (t < 0) throw ConfigError(key + ": " + path + " has no 'nodes_per_router T' line");
  return std::make_unique<GraphTopology>("graph", "graph " + path + " (" + std::to_string(routers) + " routers, T=" +
                                                      std::to_string(t) + ")",
                                         routers, edges, t, key);
}

void register_graph_topologies(TopologyRegistry& reg) {
  // A file's sizes are known once it is read: shape null, so the memory
  // check builds the graph first (its tables are 3 bytes per router pair).
  reg.add("graph", {[](const Config& cfg) -> std::unique_ptr<Topology> { return read_graph_file(graph_file(cfg)); },
                    nullptr});
  reg.add("slimfly", {[](const Config& cfg) -> std::unique_ptr<Topology> {
                        return make_slimfly(slimfly_q(cfg), grid_concentration(cfg));
                      },
                      [](const Config& cfg) { return slimfly_shape(slimfly_q(cfg), grid_concentration(cfg)); }});
}

}  // namespace nocsim
