// The topology.* keys of the configuration schema (sim/schema.cpp
// assembles the sections, in the order of docs/user-guide.md's table).
#include <algorithm>
#include <string>
#include <utility>

#include "core/config.h"
#include "core/error.h"
#include "topologies/dragonfly.h"
#include "topologies/dragonfly_plus.h"
#include "topologies/fat_tree.h"
#include "topologies/graph.h"
#include "topologies/grid.h"
#include "topologies/topology.h"

namespace nocsim {
namespace {

std::vector<std::string> topology_keys() { return topology_registry().keys(); }

}  // namespace

// The readers of the keys several families share, here so that each key is
// read in one place.
std::vector<int> grid_radices(const Config& cfg) {
  const int n = static_cast<int>(cfg.get_int("topology.n"));
  if (n < 1) throw ConfigError("topology.n: must be >= 1");
  const auto kl = cfg.get_int_list("topology.k");
  if (kl.size() != 1 && static_cast<int>(kl.size()) != n)
    throw ConfigError("topology.k: give one value or a list of topology.n=" + std::to_string(n) + " values, got " +
                      std::to_string(kl.size()));
  std::vector<int> k(n);
  for (int d = 0; d < n; ++d) k[d] = static_cast<int>(kl.size() == 1 ? kl[0] : kl[d]);
  return k;
}

int grid_concentration(const Config& cfg) { return static_cast<int>(cfg.get_int("topology.concentration")); }

int fat_tree_k(const Config& cfg) {
  const auto kl = cfg.get_int_list("topology.k");
  if (kl.size() != 1)
    throw ConfigError("topology.k: a k-ary n-tree has one k (its switches have 2k ports), got a list of " +
                      std::to_string(kl.size()));
  if (cfg.given("topology.concentration"))
    throw ConfigError("topology.concentration: a k-ary n-tree's leaves carry k nodes each (topology.k); remove it");
  return static_cast<int>(kl[0]);
}

int fat_tree_n(const Config& cfg) { return static_cast<int>(cfg.get_int("topology.n")); }

int fat_tree_up(const Config& cfg) { return static_cast<int>(cfg.get_int("topology.up")); }

int group_nodes(const Config& cfg) { return static_cast<int>(cfg.get_int("topology.p")); }
int group_global_links(const Config& cfg) { return static_cast<int>(cfg.get_int("topology.h")); }
int group_count(const Config& cfg) { return static_cast<int>(cfg.get_int("topology.groups")); }
GroupArrangement group_arrangement(const Config& cfg) {
  return Dragonfly::arrangement_from(cfg.get_str("topology.arrangement"));
}

int slimfly_q(const Config& cfg) { return static_cast<int>(cfg.get_int("topology.q")); }

std::string graph_file(const Config& cfg) {
  const std::string& f = cfg.get_str("topology.graph_file");
  if (f.empty()) throw ConfigError("topology.graph_file: topology.type=graph needs the file of its links");
  if (cfg.given("topology.concentration"))
    throw ConfigError("topology.concentration: a graph file gives its nodes per router ('nodes_per_router T'); remove it");
  return f;
}

const std::string& topology_type(const Config& cfg) { return cfg.get_str("topology.type"); }

// A topology.* key given for a shape that does not read it is an error,
// not a silent ignore. Shapes registered elsewhere (a test's) are not
// checked.
void topology_rules(const Config& cfg, ErrorList& errors) {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> readers = {
      {"topology.k", {"mesh", "torus", "hyperx", "fattree"}},
      {"topology.n", {"mesh", "torus", "hyperx", "fattree"}},
      {"topology.up", {"fattree"}},
      {"topology.concentration", {"mesh", "torus", "hyperx", "single", "slimfly"}},
      {"topology.p", {"dragonfly", "dragonflyplus"}},
      {"topology.a", {"dragonfly"}},
      {"topology.h", {"dragonfly", "dragonflyplus"}},
      {"topology.groups", {"dragonfly", "dragonflyplus"}},
      {"topology.arrangement", {"dragonfly", "dragonflyplus"}},
      {"topology.leaves", {"dragonflyplus"}},
      {"topology.spines", {"dragonflyplus"}},
      {"topology.q", {"slimfly"}},
      {"topology.graph_file", {"graph"}},
  };
  const std::string& type = topology_type(cfg);
  // Every built-in type reads some key of the table: a type it never names
  // was registered elsewhere.
  if (std::none_of(readers.begin(), readers.end(), [&](const auto& r) {
        return std::find(r.second.begin(), r.second.end(), type) != r.second.end();
      }))
    return;
  for (const auto& [key, types] : readers) {
    if (!cfg.given(key) || std::find(types.begin(), types.end(), type) != types.end()) continue;
    std::string list;
    for (const auto& t : types) list += (list.empty() ? "" : ", ") + t;
    errors.add({key + ": topology.type=" + type + " does not use it (it is read by " + list + "); remove it"});
  }
}

void add_topology_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"topology.type", K::Enum, "mesh", 0, 0, {}, "network shape", topology_keys},
      {"topology.k", K::IntList, "8", 2, 1 << 20, {}, "mesh/torus: routers per dimension; hyperx: S, the routers of each dimension's all-to-all line; one value for all dimensions or a list of n; fattree: k (one value), each switch's down ports and each leaf's nodes"},
      {"topology.n", K::Int, "2", 1, 8, {}, "mesh/torus/hyperx: dimensions (hyperx: L); fattree: stages"},
      {"topology.up", K::Int, "0", 0, 64, {}, "fattree: up links per switch below the top stage, 1..k (fewer than k: a slimmed k:up thin tree, with fewer switches at each stage going up); 0 = k, the k-ary n-tree"},
      {"topology.concentration", K::Int, "1", 1, 64, {}, "mesh/torus: nodes per router; hyperx: T, nodes per router; single: the switch's nodes (and ports)"},
      {"topology.p", K::Int, "2", 1, 64, {}, "dragonfly: nodes per router; dragonflyplus: nodes per leaf"},
      {"topology.a", K::Int, "4", 1, 256, {}, "dragonfly: routers per group"},
      {"topology.h", K::Int, "2", 1, 64, {}, "dragonfly: global links per router; dragonflyplus: global links per spine"},
      {"topology.groups", K::Int, "0", 0, 1 << 16, {}, "dragonfly: groups; 0 = a*h+1 (the maximum); dragonflyplus: 0 = spines*h+1"},
      {"topology.leaves", K::Int, "4", 1, 64, {}, "dragonflyplus: leaf routers per group (each with topology.p nodes and a link to every spine of its group)"},
      {"topology.spines", K::Int, "4", 1, 64, {}, "dragonflyplus: spine routers per group (each with a link to every leaf of its group and topology.h global links)"},
      {"topology.q", K::Int, "5", 2, 1000, {}, "slimfly: q, a prime power >= 3 (q = 4w + delta, delta in {-1, 0, 1}): 2q^2 routers of network degree (3q - delta)/2; topology.concentration nodes each"},
      {"topology.graph_file", K::Str, "", 0, 0, {}, "graph: the file of the network's links ('routers R', 'nodes_per_router T', then 'A B [LATENCY]' per link; docs/routing-graph.md)"},
      {"topology.arrangement", K::Enum, "palmtree", 0, 0, {}, "dragonfly, dragonflyplus: global link wiring (docs/routing-dragonfly-plus.md)", Dragonfly::arrangements},
  });
}

}  // namespace nocsim
