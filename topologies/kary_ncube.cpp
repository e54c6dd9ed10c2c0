#include "topologies/kary_ncube.h"

#include <cstdlib>
#include <string>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

TopologyShape KAryNCube::shape_of(const std::vector<int>& k, int c, bool wrap) {
  if (k.empty() && wrap) throw ConfigError("topology.n: a torus needs >= 1 dimension");  // no dimension: the single switch
  if (c < 1) throw ConfigError("topology.concentration: must be >= 1");
  long long r = 1;
  std::string dims;
  for (int kd : k) {
    if (kd < 2) throw ConfigError("topology.k: every k must be >= 2, got " + std::to_string(kd));
    r *= kd;
    if (r * c > (1 << 24)) throw ConfigError("topology.k: more than 2^24 nodes is not supported");
    dims += (dims.empty() ? "" : "x") + std::to_string(kd);
  }
  const int n = static_cast<int>(k.size()), routers = static_cast<int>(r);
  TopologyShape s;
  s.describe = k.empty() ? "single switch " + std::to_string(c) + "x" + std::to_string(c)
                         : std::string(wrap ? "torus " : "mesh ") + dims + (c > 1 ? " c=" + std::to_string(c) : "");
  s.routers = routers, s.nodes = routers * c, s.ports = 2 * n + c, s.network_ports = s.local_ports = 2 * n;
  s.table_bytes = static_cast<uint64_t>(routers) * static_cast<uint64_t>(n) * sizeof(int);
  return s;
}

namespace {

std::vector<int> checked(std::vector<int> k, int c, bool wrap) {
  KAryNCube::shape_of(k, c, wrap);  // throws on an impossible shape
  return k;
}

}  // namespace

KAryNCube::KAryNCube(std::vector<int> k, int c, bool wrap) : Grid(checked(std::move(k), c, wrap), c), wrap_(wrap) {}

std::string KAryNCube::describe() const { return shape().describe; }

PortPeer KAryNCube::peer(int router, int port) const {
  if (port >= network_ports()) return {};
  int d = port / 2;
  int step = port % 2 == 0 ? 1 : -1;
  int x = coord(router, d) + step;
  if (x < 0 || x >= k_[d]) {
    if (!wrap_) return {};
    x = (x + k_[d]) % k_[d];
  }
  const int other = with_coord(router, d, x);
  return {other, port ^ 1};  // +d arrives on the neighbour's -d port and vice versa
}

int KAryNCube::min_offset(int a, int b, int d) const {
  int diff = b - a;
  if (!wrap_) return diff;
  const int kd = k_[d];
  int fwd = diff < 0 ? diff + kd : diff;  // hops going +
  if (fwd < 0 || fwd >= kd) fwd = ((diff % kd) + kd) % kd;  // a or b not a coordinate
  return fwd <= kd - fwd ? fwd : fwd - kd;
}

int KAryNCube::min_hops(int src_router, int dst_router) const {
  int h = 0;
  for (int d = 0; d < n(); ++d) h += std::abs(min_offset(coord(src_router, d), coord(dst_router, d), d));
  return h;
}

// Cutting dimension d in halves leaves w = 2 (torus) or 1 (mesh) channels
// per ring from one half to the other (cut_saturation_load): 8/(c k) for a
// large torus of even k. The narrowest cut decides.
double KAryNCube::bisection_load() const {
  double best = 0;
  for (int d = 0; d < n(); ++d) {
    const double load = cut_saturation_load(wrap_ ? 2 : 1, k_[d], nodes(), c_);
    if (d == 0 || load < best) best = load;
  }
  return best;
}

bool KAryNCube::is_wrap(int router, int port) const {
  if (!wrap_ || port >= network_ports()) return false;
  int d = port / 2;
  int x = coord(router, d);
  return port % 2 == 0 ? x == k_[d] - 1 : x == 0;
}

uint64_t KAryNCube::productive_ports(int router, int dst_router) const {
  uint64_t m = 0;
  for (int d = 0; d < n(); ++d) {
    const int off = min_offset(coord(router, d), coord(dst_router, d), d);
    if (off) m |= 1ull << (off > 0 ? 2 * d : 2 * d + 1);
  }
  return m;
}

namespace {

TopologyFactory kary_ncube_factory(bool wrap) {
  return {[wrap](const Config& cfg) -> std::unique_ptr<Topology> {
            return std::make_unique<KAryNCube>(grid_radices(cfg), grid_concentration(cfg),
                                               wrap);
          },
          [wrap](const Config& cfg) {
            return KAryNCube::shape_of(grid_radices(cfg), grid_concentration(cfg), wrap);
          }};
}

}  // namespace

// The single switch: a mesh of no dimension, its topology.concentration
// nodes on one router (allocator studies; docs/user-guide.md).
TopologyFactory single_switch_factory() {
  auto nodes = [](const Config& cfg) { return grid_concentration(cfg); };
  return {[nodes](const Config& cfg) -> std::unique_ptr<Topology> {
            return std::make_unique<KAryNCube>(std::vector<int>{}, nodes(cfg), false);
          },
          [nodes](const Config& cfg) { return KAryNCube::shape_of({}, nodes(cfg), false); }};
}

void register_kary_ncube_topologies(TopologyRegistry& reg) {
  reg.add("mesh", kary_ncube_factory(false));
  reg.add("torus", kary_ncube_factory(true));
  reg.add("single", single_switch_factory());
}

}  // namespace nocsim
