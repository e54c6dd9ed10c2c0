#include "traffic/pattern.h"

#include <functional>
#include <vector>

#include "core/error.h"
#include "topologies/kary_ncube.h"

namespace nocsim {
namespace {

class Uniform : public TrafficPattern {
 public:
  explicit Uniform(int nodes) : n_(nodes) {}
  int dest(int src, Rng& rng) const override {
    if (n_ < 2) return -1;
    int d = static_cast<int>(rng.below(n_ - 1));
    return d >= src ? d + 1 : d;
  }

 private:
  int n_;
};

// A fixed permutation given as a function of the source.
class Permutation : public TrafficPattern {
 public:
  explicit Permutation(std::function<int(int)> f) : f_(std::move(f)) {}
  int dest(int src, Rng&) const override {
    int d = f_(src);
    return d == src ? -1 : d;
  }

 private:
  std::function<int(int)> f_;
};

int log2_exact(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return (1 << b) == n ? b : -1;
}

// Applies a per-router-coordinate map to mesh/torus nodes, keeping the node's
// slot on its router.
std::unique_ptr<TrafficPattern> coordinate_map(const std::string& name, const Topology& topo,
                                               std::function<int(int x, int k)> f) {
  const auto* t = dynamic_cast<const KAryNCube*>(&topo);
  if (!t) throw ConfigError("traffic.pattern: " + name + " needs topology.type mesh or torus");
  const int c = t->concentration();
  return std::make_unique<Permutation>([t, c, f](int src) {
    int r = src / c;
    std::vector<int> x(t->n());
    for (int d = 0; d < t->n(); ++d) x[d] = f(t->coord(r, d), t->k(d));
    return t->router_at(x) * c + src % c;
  });
}

}  // namespace

std::unique_ptr<TrafficPattern> make_pattern(const std::string& name, const Topology& topo) {
  const int n = topo.nodes();
  if (name == "uniform") return std::make_unique<Uniform>(n);
  if (name == "tornado") return coordinate_map(name, topo, [](int x, int k) { return (x + (k + 1) / 2 - 1) % k; });
  if (name == "neighbor") return coordinate_map(name, topo, [](int x, int k) { return (x + 1) % k; });
  const int b = log2_exact(n);
  if (b < 0)
    throw ConfigError("traffic.pattern: " + name + " needs a power-of-two node count (this network has " +
                      std::to_string(n) + " nodes)");
  const int mask = n - 1;
  if (name == "bitcomp") return std::make_unique<Permutation>([mask](int s) { return ~s & mask; });
  if (name == "bitrev")
    return std::make_unique<Permutation>([b](int s) {
      int d = 0;
      for (int i = 0; i < b; ++i) d |= ((s >> i) & 1) << (b - 1 - i);
      return d;
    });
  if (name == "shuffle")
    return std::make_unique<Permutation>([b, mask](int s) { return ((s << 1) | (s >> (b - 1))) & mask; });
  if (name == "transpose") {
    if (b % 2 != 0)
      throw ConfigError("traffic.pattern: transpose needs an even number of address bits (nodes = 4^m), got " +
                        std::to_string(n) + " nodes");
    const int h = b / 2, lo = (1 << h) - 1;
    return std::make_unique<Permutation>([h, lo](int s) { return ((s & lo) << h) | (s >> h); });
  }
  throw ConfigError("traffic.pattern: unknown pattern '" + name +
                    "' (valid: uniform, transpose, bitcomp, bitrev, shuffle, tornado, neighbor)");
}

}  // namespace nocsim
