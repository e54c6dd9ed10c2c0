#include "topologies/fat_tree.h"

#include <algorithm>
#include <string>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {
namespace {

// Network ports per switch: up then down with 3 or more stages; a 2-stage
// tree's leaves have only up links and its top only down links, which share
// the ports from 0; one stage has none.
int network_ports_of(int k, int n, int u) { return n >= 3 ? u + k : n == 2 ? k : 0; }

}  // namespace

TopologyShape FatTree::shape_of(int k, int n, int up) {
  if (k < 2) throw ConfigError("topology.k: a k-ary n-tree needs k >= 2, got " + std::to_string(k));
  if (n < 1) throw ConfigError("topology.n: a k-ary n-tree needs n >= 1 stages, got " + std::to_string(n));
  const int u = up == 0 ? k : up;
  if (u < 1 || u > k)
    throw ConfigError("topology.up: a switch of a k-ary n-tree has 1 .. k = " + std::to_string(k) +
                      " up links (0 = k), got " + std::to_string(up));
  long long nodes = 1, routers = 0;
  for (int i = 0; i < n; ++i) {
    nodes *= k;
    if (nodes > (1 << 24)) throw ConfigError("topology.k: more than 2^24 nodes is not supported");
  }
  for (long long l = 0, s = nodes / k; l < n; ++l, s = s / k * u) routers += s;
  TopologyShape s;
  s.describe = std::to_string(k) + "-ary " + std::to_string(n) + "-tree" +
               (u < k ? ", slimmed to " + std::to_string(u) + " up links" : "");
  s.routers = static_cast<int>(routers), s.nodes = static_cast<int>(nodes);
  s.network_ports = s.local_ports = network_ports_of(k, n, u);
  s.ports = s.network_ports + k;
  if (s.ports > 64)
    throw ConfigError("topology.k: a " + std::to_string(n) + "-stage tree with k=" + std::to_string(k) +
                      " has switches of " + std::to_string(s.ports) +
                      " ports (up, down and the leaves' nodes); the allocators support at most 64: k <= 32 with "
                      "2 stages, up + 2k <= 64 with more");
  return s;
}

FatTree::FatTree(int k, int n, int up) : k_(k), n_(n), u_(up == 0 ? k : up) {
  net_ports_ = shape_of(k, n, up).network_ports;
  for (int i = 0, p = 1; i <= n; ++i, p *= k) pow_.push_back(p);
  first_.push_back(0);
  place_.assign(static_cast<size_t>(n) * n, 1);
  for (int l = 0; l < n; ++l) {
    for (int i = 0; i + 1 < n; ++i)
      place_[static_cast<size_t>(l * n + i + 1)] = place(l, i) * (i < l ? u_ : k_);
    first_.push_back(first_.back() + place(l, n - 1));  // the stage's switches
  }
}

PortPeer FatTree::peer(int router, int port) const {
  const int l = stage(router), w = word(router);
  // The word of stage `to` with w's digits, digit i set to d.
  auto reword = [&](int to, int i, int d) {
    int x = 0;
    for (int j = 0; j + 1 < n_; ++j) x += (j == i ? d : digit(w, l, j)) * place(to, j);
    return x;
  };
  if (is_up(router, port)) return {router_of(l + 1, reword(l + 1, l, port)), down_base() + digit(w, l, l)};
  const int j = port - down_base();
  if (l > 0 && j >= 0 && j < k_) return {router_of(l - 1, reword(l - 1, l - 1, j)), digit(w, l, l - 1)};
  return {};
}

// Up to the lowest stage L whose switches over `a` also cover `b`, then down.
// Going up from stage l sets digit l, going down to stage l sets digit l, so
// digits below both stages never change on an up-down path: where they
// differ, from the lowest such digit i, the path first drops to stage i and
// climbs back (never when b is a leaf: the routings' case).
int FatTree::min_hops(int a, int b) const {
  const int la = stage(a), lb = stage(b);
  int wa = word(a);
  const int wb = word(b);
  int extra = 0;
  for (int i = 0; i < std::min(la, lb); ++i)
    if (digit(wa, la, i) != digit(wb, lb, i)) {
      wa = with_digit(wa, la, i, digit(wb, lb, i));
      if (!extra) extra = 2 * (la - i);  // down to stage i and back up to a's stage
    }
  int top = std::max(la, lb);
  for (int i = top; i < n_ - 1; ++i)
    if (digit(wa, la, i) != digit(wb, lb, i)) top = i + 1;
  return extra + (top - la) + (top - lb);
}

int FatTree::minimal_port(int router, int dst) const {
  if (covers(router, dst)) return down_port(router, dst);
  return mod_port(dst, stage(router));  // d-mod-k's up port
}

// Uniform traffic, the source excluded: the up links out of stage l carry
// what the nodes below each stage-l subtree (k^(l+1) of them) send outside
// it, a fraction (N - k^(l+1))/(N - 1), over u^(l+1) k^(n-1-l) links. They
// saturate at (N - 1) u^(l+1) / (k^(l+1) (N - k^(l+1))) flits per node per
// cycle; the least over l is the bound. With u = k it is the leaves',
// (N - 1)/(N - k), above the injection links' 1.
double FatTree::bisection_load() const {
  const double N = nodes();
  double best = 0;
  for (int l = 0; l + 1 < n_; ++l) {
    const double below = pow_[static_cast<size_t>(l) + 1];
    double ratio = 1;  // (u/k)^(l+1)
    for (int i = 0; i <= l; ++i) ratio *= static_cast<double>(u_) / k_;
    const double load = (N - 1) * ratio / (N - below);
    best = l == 0 ? load : std::min(best, load);
  }
  return best;
}

void register_fat_tree_topology(TopologyRegistry& reg) {
  reg.add("fattree", {[](const Config& cfg) -> std::unique_ptr<Topology> {
                        return std::make_unique<FatTree>(fat_tree_k(cfg), fat_tree_n(cfg), fat_tree_up(cfg));
                      },
                      [](const Config& cfg) {
                        return FatTree::shape_of(fat_tree_k(cfg), fat_tree_n(cfg), fat_tree_up(cfg));
                      }});
}

}  // namespace nocsim
