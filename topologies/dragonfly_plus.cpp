#include "topologies/dragonfly_plus.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/config.h"
#include "core/error.h"
#include "topologies/dragonfly.h"

namespace nocsim {

TopologyShape DragonflyPlus::shape_of(int p, int leaves, int spines, int h, int groups, GroupArrangement arr) {
  if (p < 1 || leaves < 1 || spines < 1 || h < 1)
    throw ConfigError("topology.p/leaves/spines/h: a Dragonfly+ needs each >= 1");
  const long long most = static_cast<long long>(spines) * h + 1, g = groups == 0 ? most : groups;
  if (g < 2 || g > most)
    throw ConfigError("topology.groups: a Dragonfly+ has 2 .. spines*h+1 = " + std::to_string(most) +
                      " groups, got " + std::to_string(g));
  if (g * leaves * p > (1 << 24)) throw ConfigError("topology: more than 2^24 nodes");
  TopologyShape s;
  s.describe = "dragonfly+ p=" + std::to_string(p) + " leaves=" + std::to_string(leaves) +
               " spines=" + std::to_string(spines) + " h=" + std::to_string(h) + " g=" + std::to_string(g) + " " +
               Dragonfly::arrangements()[static_cast<size_t>(arr)];
  s.routers = static_cast<int>(g * (leaves + spines)), s.nodes = static_cast<int>(g * leaves * p);
  s.local_ports = std::max(leaves, spines);
  s.network_ports = s.local_ports + h, s.ports = s.network_ports + p;
  s.table_bytes = GroupWiring::bytes(static_cast<int>(g), spines * h);
  return s;
}

DragonflyPlus::DragonflyPlus(int p, int leaves, int spines, int h, int groups, GroupArrangement arr)
    : p_(p), L_(leaves), S_(spines), h_(h), X_(std::max(leaves, spines)), arr_(arr) {
  const TopologyShape s = shape_of(p, leaves, spines, h, groups, arr);
  g_ = s.routers / (L_ + S_);
  wiring_ = GroupWiring(g_, S_ * h_, arr_);
}

PortPeer DragonflyPlus::peer(int router, int port) const {
  const int g = group(router), i = index(router);
  if (is_leaf(router)) return port < S_ ? PortPeer{spine(g, port), i} : PortPeer{};
  if (port < L_) return {leaf(g, port), i};
  if (port < X_ || port >= X_ + h_) return {};
  const int k = i * h_ + port - X_, t = wiring_.target(g, k);
  if (t < 0) return {};
  const int kb = wiring_.back(g, k);
  return {spine(t, kb / h_), X_ + kb % h_};
}

// Leaf to leaf: up, down in the group (2); up, global, down between groups
// (3). A spine that does not own the link it needs first goes down to a
// leaf and up to the owner (2 more hops); no path from a leaf meets one.
int DragonflyPlus::min_hops(int a, int b) const {
  if (a == b) return 0;
  const int ga = group(a), gb = group(b);
  const bool la = is_leaf(a), lb = is_leaf(b);
  if (la && lb) return ga == gb ? 2 : 3;
  if (ga == gb) return la || lb ? 1 : 2;
  const int out = la ? 1 : (owner(ga, gb) == index(a) ? 0 : 2);  // hops to the owner of the link
  const int in = lb ? 1 : (owner(gb, ga) == index(b) ? 0 : 2);   // from where it lands
  return out + 1 + in;
}

// In the group, a leaf goes up to spine (i + j) mod S for leaf j, so that
// each leaf's up links and each leaf's down links share the group's
// traffic; between groups, to the spine owning the global link.
int DragonflyPlus::minimal_port(int router, int dst) const {
  const int d = node_router(dst);
  if (router == d) return node_port(dst);
  const int g = group(router), gd = group(d);
  if (is_leaf(router)) return g == gd ? (index(router) + index(d)) % S_ : owner(g, gd);
  if (g == gd) return index(d);
  const int k = wiring_.link(g, gd);
  return k / h_ == index(router) ? X_ + k % h_ : index(d);
}

// Uniform traffic on the minimal paths: every pair of leaves exchanges p*p
// node pairs' shares, 1/(N-1) of a node's injection each; the busiest link
// saturates first. 0 (no bound given) past 5,000 leaves.
double DragonflyPlus::bisection_load() const {
  const int leaves = g_ * L_, P = network_ports();
  if (leaves > 5000) return 0;
  std::vector<double> load(static_cast<size_t>(routers()) * static_cast<size_t>(P), 0.0);
  for (int a = 0; a < leaves; ++a)
    for (int b = 0; b < leaves; ++b)
      for (int at = a; a != b && at != b;) {
        const int port = minimal_port(at, b * p_);
        load[static_cast<size_t>(at) * static_cast<size_t>(P) + static_cast<size_t>(port)] += 1;
        at = peer(at, port).router;
      }
  const double busiest = *std::max_element(load.begin(), load.end());
  const double n = nodes();
  return busiest > 0 ? (n - 1) / (busiest * p_ * p_) : 0;
}

namespace {
// The keys in the constructor's order, to `f`.
template <class F>
auto with_plus_keys(const Config& cfg, F f) {
  return f(group_nodes(cfg), static_cast<int>(cfg.get_int("topology.leaves")),
           static_cast<int>(cfg.get_int("topology.spines")), group_global_links(cfg), group_count(cfg),
           group_arrangement(cfg));
}
}  // namespace

void register_dragonfly_plus_topology(TopologyRegistry& reg) {
  reg.add("dragonflyplus", {[](const Config& cfg) -> std::unique_ptr<Topology> {
                              return with_plus_keys(cfg, [](auto... k) { return std::make_unique<DragonflyPlus>(k...); });
                            },
                            [](const Config& cfg) { return with_plus_keys(cfg, DragonflyPlus::shape_of); }});
}

}  // namespace nocsim
