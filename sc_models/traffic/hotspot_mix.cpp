// The patterns that draw their nodes once, from the run's seed
// (docs/user-guide.md, "Traffic"): hotspot (traffic.hotspot.*: a share of
// the nodes, or of every node's packets, goes to the hot nodes; the rest is
// uniform), mix (traffic.mix: each node follows one of several patterns, a
// given share of the nodes each) and randperm (each node sends to one other,
// a random derangement). Streams "traffic.hotspot", "traffic.mix" and
// "traffic.randperm".
#include <algorithm>
#include <cmath>
#include <memory>

#include "core/config.h"
#include "core/error.h"
#include "topologies/topology.h"
#include "traffic/pattern.h"

namespace nocsim {
namespace {

// `count` of the nodes in `pool`, drawn without replacement (a partial
// Fisher-Yates shuffle), in the order drawn.
std::vector<int> draw_nodes(std::vector<int> pool, size_t count, Rng& rng) {
  for (size_t i = 0; i < count; ++i) std::swap(pool[i], pool[i + rng.below(pool.size() - i)]);
  pool.resize(count);
  return pool;
}

class Hotspot : public TrafficPattern {
 public:
  Hotspot(int nodes, std::vector<int> hot, bool by_nodes, double fraction, uint64_t seed)
      : n_(nodes), hot_(std::move(hot)), by_nodes_(by_nodes), fraction_(fraction), sender_(static_cast<size_t>(nodes)) {
    if (!by_nodes_) return;
    // round(f N) of the other nodes send only to the hot ones.
    std::vector<int> cold;
    for (int v = 0; v < n_; ++v)
      if (!is_hot(v)) cold.push_back(v);
    const auto want = static_cast<size_t>(std::llround(fraction_ * n_));
    Rng rng(seed, "traffic.hotspot");
    for (int v : draw_nodes(cold, std::min(want, cold.size()), rng)) sender_[static_cast<size_t>(v)] = true;
  }
  int dest(int src, Rng& rng) const override {
    if (n_ < 2) return -1;  // as uniform: one node has no other (refused for open loop; a source probes it)
    const bool hot = by_nodes_ ? sender_[static_cast<size_t>(src)] : rng.uniform() < fraction_;
    // Uniform over the hot nodes other than src. The only hot node (mode
    // traffic) has none: its hot packets go uniformly, as the rest do.
    const size_t others = hot ? hot_.size() - (is_hot(src) ? 1 : 0) : 0;
    if (others > 0) {
      size_t k = rng.below(others);
      for (int h : hot_)
        if (h != src && k-- == 0) return h;
    }
    const int d = static_cast<int>(rng.below(static_cast<uint64_t>(n_ - 1)));
    return d >= src ? d + 1 : d;
  }

 private:
  bool is_hot(int v) const { return std::find(hot_.begin(), hot_.end(), v) != hot_.end(); }
  int n_;
  std::vector<int> hot_;
  bool by_nodes_;
  double fraction_;
  std::vector<bool> sender_;  // by_nodes: the nodes sending to the hot ones
};

std::unique_ptr<TrafficPattern> make_hotspot(const Topology& t, const Config& cfg, uint64_t seed) {
  std::vector<int> hot;
  for (int64_t v : cfg.get_int_list("traffic.hotspot.nodes")) {
    if (v >= t.nodes())
      throw ConfigError("traffic.hotspot.nodes: node " + std::to_string(v) + "; this network has nodes 0.." +
                        std::to_string(t.nodes() - 1));
    if (std::find(hot.begin(), hot.end(), static_cast<int>(v)) != hot.end())
      throw ConfigError("traffic.hotspot.nodes: node " + std::to_string(v) + " is listed twice");
    hot.push_back(static_cast<int>(v));
  }
  return std::make_unique<Hotspot>(t.nodes(), hot, cfg.get_str("traffic.hotspot.mode") == "nodes",
                                   cfg.get_double("traffic.hotspot.fraction"), seed);
}

class Mix : public TrafficPattern {
 public:
  Mix(std::vector<std::unique_ptr<TrafficPattern>> parts, std::vector<uint8_t> part_of)
      : parts_(std::move(parts)), part_of_(std::move(part_of)) {}
  int dest(int src, Rng& rng) const override { return of(src).dest(src, rng); }
  int message_dest(int src, Rng& rng, uint64_t m) const override { return of(src).message_dest(src, rng, m); }
  void add_router_demand(int src, const Topology& t, std::vector<double>& demand) const override {
    of(src).add_router_demand(src, t, demand);
  }

 private:
  const TrafficPattern& of(int src) const { return *parts_[part_of_[static_cast<size_t>(src)]]; }
  std::vector<std::unique_ptr<TrafficPattern>> parts_;
  std::vector<uint8_t> part_of_;  // [node]: its pattern
};

std::unique_ptr<TrafficPattern> make_mix(const Topology& t, const Config& cfg, uint64_t seed) {
  const std::vector<Record> parts = cfg.get_records("traffic.mix");
  if (parts.size() < 2) throw ConfigError("traffic.mix: traffic.pattern=mix needs at least two {pattern, fraction} records");
  if (parts.size() > 255) throw ConfigError("traffic.mix: at most 255 patterns");
  double sum = 0;
  std::vector<std::unique_ptr<TrafficPattern>> made;
  for (size_t k = 0; k < parts.size(); ++k) {
    const std::string& name = parts[k].at("pattern");
    if (name == "mix") throw ConfigError("traffic.mix[" + std::to_string(k) + "].pattern: a mix cannot hold a mix");
    try {
      made.push_back(make_pattern(name, t, cfg, seed));
    } catch (const ConfigError& e) {
      rethrow_as_field(e, "traffic.pattern", "traffic.mix[" + std::to_string(k) + "].pattern");
    }
    sum += std::stod(parts[k].at("fraction"));
  }
  if (std::fabs(sum - 1) > 1e-9)
    throw ConfigError("traffic.mix: the fractions add up to " + std::to_string(sum) + "; they must add up to 1");
  // Part k takes round(cumulative share * N) - what the parts before took,
  // nodes drawn at random; the last takes the rest.
  std::vector<int> order(static_cast<size_t>(t.nodes()));
  for (int v = 0; v < t.nodes(); ++v) order[static_cast<size_t>(v)] = v;
  Rng rng(seed, "traffic.mix");
  order = draw_nodes(order, order.size(), rng);
  std::vector<uint8_t> part_of(order.size());
  double cum = 0;
  size_t from = 0;
  for (size_t k = 0; k < parts.size(); ++k) {
    cum += std::stod(parts[k].at("fraction"));
    const size_t to = k + 1 == parts.size() ? order.size() : static_cast<size_t>(std::llround(cum * t.nodes()));
    for (; from < to; ++from) part_of[static_cast<size_t>(order[from])] = static_cast<uint8_t>(k);
  }
  return std::make_unique<Mix>(std::move(made), std::move(part_of));
}

// A derangement drawn uniformly: whole shuffles until one leaves no node on
// itself (about e of them), so that every node sends and every node
// receives one flow. traffic.randperm.seed >= 0 draws it from that seed
// whatever sim.seed is (BookSim2's perm_seed); BookSim2 draws any
// permutation, so about one node there sends to itself.
std::unique_ptr<TrafficPattern> make_randperm(const Topology& t, const Config& cfg, uint64_t seed) {
  const int64_t own = cfg.get_int("traffic.randperm.seed");
  Rng rng(own >= 0 ? static_cast<uint64_t>(own) : seed, "traffic.randperm");
  std::vector<int> nodes(static_cast<size_t>(t.nodes()));
  for (int v = 0; v < t.nodes(); ++v) nodes[static_cast<size_t>(v)] = v;
  auto to = std::make_shared<std::vector<int>>();
  auto fixed = [&to] {
    for (size_t v = 0; v < to->size(); ++v)
      if ((*to)[v] == static_cast<int>(v)) return true;
    return false;
  };
  // One node has no other (refused for open loop): it maps onto itself.
  do *to = draw_nodes(nodes, nodes.size(), rng);
  while (t.nodes() > 1 && fixed());
  return make_permutation([to](int src) { return (*to)[static_cast<size_t>(src)]; });
}

}  // namespace

bool mix_names(const Config& cfg, const std::string& pattern) {
  for (const Record& r : cfg.get_records("traffic.mix"))
    if (r.at("pattern") == pattern) return true;
  return false;
}

void register_composed_patterns(PatternRegistry& reg) {
  reg.add("hotspot", {nullptr, make_hotspot});
  reg.add("mix", {nullptr, make_mix});
  reg.add("randperm", {nullptr, make_randperm});
}

}  // namespace nocsim
