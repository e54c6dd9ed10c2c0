#include "topologies/dragonfly.h"

#include <string>
#include <utility>
#include <vector>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

namespace {
const std::pair<const char*, Dragonfly::Arrangement> kArrangements[] = {
    {"palmtree", Dragonfly::Arrangement::Palmtree},
    {"consecutive", Dragonfly::Arrangement::Consecutive},
    {"prisacari", Dragonfly::Arrangement::Prisacari}};
}  // namespace

std::vector<std::string> Dragonfly::arrangements() {
  std::vector<std::string> names;
  for (const auto& a : kArrangements) names.push_back(a.first);
  return names;
}

Dragonfly::Arrangement Dragonfly::arrangement_from(const std::string& name) {
  std::string valid;
  for (const auto& a : kArrangements) {
    if (name == a.first) return a.second;
    valid += (valid.empty() ? "" : ", ") + std::string(a.first);
  }
  throw ConfigError("topology.arrangement: unknown '" + name + "' (valid: " + valid + ")");
}

TopologyShape Dragonfly::shape_of(int p, int a, int h, int groups, Arrangement arr) {
  static const char* names[] = {"palmtree", "consecutive", "prisacari"};
  if (p < 1 || a < 1 || h < 1) throw ConfigError("topology.p/a/h: each must be >= 1");
  const long long most = static_cast<long long>(a) * h + 1, g = groups == 0 ? most : groups;
  if (g < 2 || g > most)
    throw ConfigError("topology.groups: must be in [2, a*h+1 = " + std::to_string(most) + "], got " + std::to_string(g));
  if (static_cast<long long>(a) * g * p > (1 << 24)) throw ConfigError("topology: more than 2^24 nodes");
  TopologyShape s;
  s.describe = "dragonfly p=" + std::to_string(p) + " a=" + std::to_string(a) + " h=" + std::to_string(h) +
               " g=" + std::to_string(g) + " " + names[static_cast<int>(arr)];
  s.routers = static_cast<int>(a * g), s.nodes = s.routers * p;
  s.ports = a - 1 + h + p, s.network_ports = a - 1 + h, s.local_ports = a - 1;
  s.table_bytes = GroupWiring::bytes(static_cast<int>(g), a * h);
  return s;
}

Dragonfly::Dragonfly(int p, int a, int h, int groups, Arrangement arr)
    : p_(p), a_(a), h_(h), g_(shape_of(p, a, h, groups, arr).routers / a), by_a_(a), by_h_(h), by_p_(p), arr_(arr),
      wiring_(g_, a * h, arr) {}

std::string Dragonfly::describe() const { return shape().describe; }

int Dragonfly::global_target(int router, int port) const {
  return wiring_.target(group(router), index(router) * h_ + port - (a_ - 1));
}

PortPeer Dragonfly::peer(int router, int port) const {
  const int gi = group(router), r = index(router);
  if (port < a_ - 1) {
    int to = port < r ? port : port + 1;
    return {gi * a_ + to, local_port(to, r)};
  }
  if (port >= network_ports()) return {};
  const int k = r * h_ + port - (a_ - 1), t = wiring_.target(gi, k);
  if (t < 0) return {};
  const int kb = wiring_.back(gi, k);
  return {t * a_ + by_h_.div(kb), a_ - 1 + by_h_.mod(kb)};
}

int Dragonfly::min_hops(int s, int d) const {
  if (s == d) return 0;
  const int gs = group(s), gd = group(d);
  if (gs == gd) return 1;
  const int out = gateway(gs, gd), in = gateway(gd, gs);
  return (index(s) != out) + 1 + (index(d) != in);
}

namespace {
// The keys in the constructor's order, to `f`.
template <class F>
auto with_keys(const Config& cfg, F f) {
  return f(group_nodes(cfg), static_cast<int>(cfg.get_int("topology.a")), group_global_links(cfg), group_count(cfg),
           group_arrangement(cfg));
}
}  // namespace

void register_dragonfly_topologies(TopologyRegistry& reg) {
  reg.add("dragonfly", {[](const Config& cfg) -> std::unique_ptr<Topology> {
                          return with_keys(cfg, [](auto... k) { return std::make_unique<Dragonfly>(k...); });
                        },
                        [](const Config& cfg) { return with_keys(cfg, Dragonfly::shape_of); }});
}

}  // namespace nocsim
