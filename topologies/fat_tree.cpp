#include "topologies/fat_tree.h"

#include <string>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

TopologyShape FatTree::shape_of(int k, int n) {
  if (k < 2) throw ConfigError("topology.k: a k-ary n-tree needs k >= 2, got " + std::to_string(k));
  if (n < 1) throw ConfigError("topology.n: a k-ary n-tree needs n >= 1 stages, got " + std::to_string(n));
  long long nodes = 1;
  for (int i = 0; i < n; ++i) {
    nodes *= k;
    if (nodes > (1 << 24)) throw ConfigError("topology.k: more than 2^24 nodes is not supported");
  }
  TopologyShape s;
  s.describe = std::to_string(k) + "-ary " + std::to_string(n) + "-tree";
  s.routers = n * static_cast<int>(nodes / k), s.nodes = static_cast<int>(nodes);
  s.network_ports = s.local_ports = 2 * k, s.ports = 3 * k;
  return s;
}

FatTree::FatTree(int k, int n) : k_(k), n_(n) {
  per_stage_ = shape_of(k, n).routers / n;
  for (int i = 0, p = 1; i <= n; ++i, p *= k) pow_.push_back(p);
}

PortPeer FatTree::peer(int router, int port) const {
  const int l = stage(router), w = word(router);
  if (port < k_) {  // up
    if (l == n_ - 1) return {};
    return {(l + 1) * per_stage_ + with_digit(w, l, port), k_ + digit(w, l)};
  }
  if (port < 2 * k_ && l > 0)  // down
    return {(l - 1) * per_stage_ + with_digit(w, l - 1, port - k_), digit(w, l - 1)};
  return {};
}

// Up to the lowest stage L whose switches over `a` also cover `b`, then down.
// Going up from stage l sets digit l, going down to stage l sets digit l, so
// digits below both stages never change on an up-down path: where they
// differ the path first drops to a leaf and climbs back (never when b is a
// leaf: the routings' case).
int FatTree::min_hops(int a, int b) const {
  const int la = stage(a), lb = stage(b);
  int wa = word(a);
  const int wb = word(b);
  int extra = 0;
  for (int i = 0; i < std::min(la, lb); ++i)
    if (digit(wa, i) != digit(wb, i)) {
      wa = with_digit(wa, i, digit(wb, i));
      extra = 2 * la;  // down to the leaf and back up to a's stage
    }
  int top = std::max(la, lb);
  for (int i = top; i < n_ - 1; ++i)
    if (digit(wa, i) != digit(wb, i)) top = i + 1;
  return extra + (top - la) + (top - lb);
}

int FatTree::minimal_port(int router, int dst) const {
  if (covers(router, dst)) return down_port(router, dst);
  return digit(dst, stage(router));  // d-mod-k's up port
}

// Uniform traffic, the source excluded: a leaf's k up links carry what its
// k nodes send outside it, a fraction (N - k)/(N - 1); the stages above
// carry less per link. The leaves' up links saturate at (N - 1)/(N - k)
// flits per node per cycle, above the injection links' 1.
double FatTree::bisection_load() const {
  const double n = nodes();
  return n_ == 1 ? 0 : (n - 1) / (n - k_);
}

void register_fat_tree_topology(TopologyRegistry& reg) {
  reg.add("fattree", {[](const Config& cfg) -> std::unique_ptr<Topology> {
                        return std::make_unique<FatTree>(fat_tree_k(cfg), fat_tree_n(cfg));
                      },
                      [](const Config& cfg) { return FatTree::shape_of(fat_tree_k(cfg), fat_tree_n(cfg)); }});
}

}  // namespace nocsim
