#include "workload/application.h"

#include <fstream>

#include "core/error.h"
#include "core/rng.h"

namespace nocsim {
namespace {

std::vector<int> read_mapping(const std::string& path, int ranks, int nodes) {
  const std::string key = "workload.mapping_file (" + path + ")";
  std::ifstream in(path);
  if (!in) throw ConfigError("workload.mapping_file: cannot read '" + path + "'");
  std::vector<int> node_of;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (const size_t hash = text.find('#'); hash != std::string::npos) text.resize(hash);
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    size_t used = 0;
    long long n = -1;
    try {
      n = std::stoll(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || text.find_first_not_of(" \t\r", used) != std::string::npos || n < 0 || n >= nodes)
      throw ConfigError(key + ": line " + std::to_string(line) + ": '" + text + "' is not a node number in 0.." +
                        std::to_string(nodes - 1));
    if (static_cast<int>(node_of.size()) == ranks)
      throw ConfigError(key + ": line " + std::to_string(line) + ": more lines than the " + std::to_string(ranks) +
                        " ranks");
    node_of.push_back(static_cast<int>(n));
  }
  if (static_cast<int>(node_of.size()) != ranks)
    throw ConfigError(key + ": " + std::to_string(node_of.size()) + " nodes for " + std::to_string(ranks) +
                      " ranks; one line per rank");
  return node_of;
}

}  // namespace

std::vector<int> map_ranks(const WorkloadConfig& w, int ranks, int nodes, uint64_t seed) {
  if (ranks > nodes)
    throw ConfigError("workload.trace_file: " + std::to_string(ranks) + " ranks, but the topology has " +
                      std::to_string(nodes) + " nodes (one rank per node)");
  std::vector<int> node_of;
  if (w.mapping == "file") {
    node_of = read_mapping(w.mapping_file, ranks, nodes);
    std::vector<int> owner(static_cast<size_t>(nodes), -1);
    for (int r = 0; r < ranks; ++r) {
      int& o = owner[static_cast<size_t>(node_of[static_cast<size_t>(r)])];
      if (o >= 0)
        throw ConfigError("workload.mapping_file (" + w.mapping_file + "): ranks " + std::to_string(o) + " and " +
                          std::to_string(r) + " both on node " + std::to_string(node_of[static_cast<size_t>(r)]) +
                          " (one rank per node)");
      o = r;
    }
    return node_of;
  }
  std::vector<int> all(static_cast<size_t>(nodes));
  for (int n = 0; n < nodes; ++n) all[static_cast<size_t>(n)] = n;
  if (w.mapping == "random") {  // Fisher-Yates on its own stream
    Rng rng(seed, "workload.mapping");
    for (int i = 0; i < ranks; ++i) std::swap(all[static_cast<size_t>(i)], all[static_cast<size_t>(i) + rng.below(static_cast<uint64_t>(nodes - i))]);
  }
  all.resize(static_cast<size_t>(ranks));
  return all;
}

}  // namespace nocsim
