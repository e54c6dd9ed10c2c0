#include "traffic/pattern.h"

#include <algorithm>
#include <functional>
#include <vector>

#include "core/config.h"
#include "core/error.h"
#include "topologies/dragonfly.h"
#include "topologies/dragonfly_plus.h"
#include "topologies/kary_ncube.h"

namespace nocsim {
namespace {

using Made = std::unique_ptr<TrafficPattern>;

class Uniform : public TrafficPattern {
 public:
  explicit Uniform(int nodes) : n_(nodes) {}
  int dest(int src, Rng& rng) const override {
    if (n_ < 2) return -1;
    int d = static_cast<int>(rng.below(n_ - 1));
    return d >= src ? d + 1 : d;
  }
  void add_router_demand(int src, const Topology& t, std::vector<double>& demand) const override {
    const double each = 1.0 / (n_ - 1);
    for (int r = 0; r < t.routers(); ++r) demand[r] += each * t.nodes_at(r);
    demand[t.node_router(src)] -= each;
  }
  // The same sums as the default without a virtual call per node and router:
  // every row is row[r] = each * nodes_at(r) but for the source's router,
  // which has `each` less (the channel bound's set-up at h = 8 spent 0.2 s
  // on 16,512 rows of 2,064 routers).
  void add_nodes_demand(int first, int count, const Topology& t, std::vector<double>& sum,
                        std::vector<double>& row) const override {
    const double each = 1.0 / (n_ - 1);
    const size_t routers = static_cast<size_t>(t.routers());
    for (size_t r = 0; r < routers; ++r) row[r] = each * t.nodes_at(static_cast<int>(r));
    for (int n = first; n < first + count; ++n) {
      const size_t own = static_cast<size_t>(t.node_router(n));
      for (size_t r = 0; r < routers; ++r) sum[r] += r == own ? row[r] - each : row[r];
    }
  }

 private:
  int n_;
};

// Uniform over the nodes of a set of groups that depends on the source's group
// (dragonfly adversarial patterns).
class GroupSet : public TrafficPattern {
 public:
  // Nodes are numbered group by group, nodes()/groups per group, on the
  // first routers (every dragonfly router, a Dragonfly+'s leaves).
  GroupSet(const Topology& t, int groups, std::function<std::vector<int>(int group)> sets)
      : per_group_(t.nodes() / groups), routers_per_group_(per_group_ / t.concentration()) {
    for (int g = 0; g < groups; ++g) sets_.push_back(sets(g));
  }
  int dest(int src, Rng& rng) const override {
    const auto& s = sets_[static_cast<size_t>(src / per_group_)];
    const int k = static_cast<int>(rng.below(static_cast<uint64_t>(s.size() * per_group_)));
    return s[static_cast<size_t>(k / per_group_)] * per_group_ + k % per_group_;
  }
  void add_router_demand(int src, const Topology&, std::vector<double>& demand) const override {
    const auto& s = sets_[static_cast<size_t>(src / per_group_)];
    const double each = 1.0 / (static_cast<double>(s.size()) * routers_per_group_);
    for (int g : s)
      for (int r = 0; r < routers_per_group_; ++r) demand[static_cast<size_t>(g * routers_per_group_ + r)] += each;
  }

 private:
  int per_group_, routers_per_group_;
  std::vector<std::vector<int>> sets_;
};

// A fixed permutation given as a function of the source.
class Permutation : public TrafficPattern {
 public:
  explicit Permutation(std::function<int(int)> f) : f_(std::move(f)) {}
  int dest(int src, Rng&) const override {
    int d = f_(src);
    return d == src ? -1 : d;
  }
  void add_router_demand(int src, const Topology& t, std::vector<double>& demand) const override {
    if (f_(src) != src) demand[t.node_router(f_(src))] += 1.0;
  }

 private:
  std::function<int(int)> f_;
};

// Bits of a node address, for the bit permutations.
int address_bits(const std::string& name, const Topology& topo) {
  const int n = topo.nodes();
  int b = 0;
  while ((1 << b) < n) ++b;
  if ((1 << b) != n)
    throw ConfigError("traffic.pattern: " + name + " needs a power-of-two node count (this network has " +
                      std::to_string(n) + " nodes)");
  return b;
}

// Applies a per-router-coordinate map to the nodes of a grid (mesh, torus,
// hyperx), keeping the node's slot on its router.
std::unique_ptr<TrafficPattern> coordinate_map(const std::string& name, const Topology& topo,
                                               std::function<int(int x, int k)> f) {
  const auto* t = dynamic_cast<const Grid*>(&topo);
  if (!t || t->n() == 0) throw ConfigError("traffic.pattern: " + name + " needs topology.type mesh, torus or hyperx");
  const int c = t->concentration();
  return std::make_unique<Permutation>([t, c, f](int src) {
    int r = src / c;
    std::vector<int> x(t->n());
    for (int d = 0; d < t->n(); ++d) x[d] = f(t->coord(r, d), t->k(d));
    return t->router_at(x) * c + src % c;
  });
}

// FFT / butterfly exchange: message m of a node goes to the node whose
// address differs in bit m mod b (Versaci; docs/routing-torus.md, "Traffic
// for tori"), so every node flips the same bit in its m-th message, as the
// stages of an FFT do.
class Butterfly : public TrafficPattern {
 public:
  explicit Butterfly(int bits) : b_(bits) {}
  int dest(int src, Rng& rng) const override { return message_dest(src, rng, 0); }
  int message_dest(int src, Rng&, uint64_t message) const override {
    if (b_ == 0) return -1;  // one node: no bit to flip (refused for open loop; a source probes it)
    return src ^ (1 << static_cast<int>(message % static_cast<uint64_t>(b_)));
  }
  void add_router_demand(int src, const Topology& t, std::vector<double>& demand) const override {
    for (int i = 0; i < b_; ++i) demand[t.node_router(src ^ (1 << i))] += 1.0 / b_;
  }

 private:
  int b_;
};

// The groups of a dragonfly or a Dragonfly+.
int need_groups(const std::string& name, const Topology& topo) {
  if (const auto* d = dynamic_cast<const Dragonfly*>(&topo)) return d->g();
  if (const auto* d = dynamic_cast<const DragonflyPlus*>(&topo)) return d->groups();
  throw ConfigError("traffic.pattern: " + name + " needs topology.type dragonfly or dragonflyplus");
}

const Dragonfly& need_dragonfly(const std::string& name, const Topology& topo) {
  const auto* d = dynamic_cast<const Dragonfly*>(&topo);
  if (!d) throw ConfigError("traffic.pattern: " + name + " needs topology.type dragonfly");
  return *d;
}

}  // namespace

std::unique_ptr<TrafficPattern> make_permutation(std::function<int(int)> f) {
  return std::make_unique<Permutation>(std::move(f));
}

void TrafficPattern::add_router_demand(int src, const Topology& topo, std::vector<double>& demand) const {
  // Patterns without a closed form: the empirical distribution of many draws.
  Rng rng(1, "demand");
  const int draws = 4096;
  for (int i = 0; i < draws; ++i) {
    int d = dest(src, rng);
    if (d >= 0) demand[topo.node_router(d)] += 1.0 / draws;
  }
}

void TrafficPattern::add_nodes_demand(int first, int count, const Topology& topo, std::vector<double>& sum,
                                      std::vector<double>& row) const {
  for (int n = first; n < first + count; ++n) {
    std::fill(row.begin(), row.end(), 0.0);
    add_router_demand(n, topo, row);
    for (size_t r = 0; r < row.size(); ++r) sum[r] += row[r];
  }
}

namespace {

// The dragonfly's adversarial patterns: whole groups send to other groups.
void register_group_patterns(PatternRegistry& reg) {
  reg.add("adv", {[](const Topology& t, const Config& cfg) -> Made {
            const int groups = need_groups("adv", t);
            const int offset = static_cast<int>(cfg.get_int("traffic.adv_offset"));
            // ADV+i names a group i away: 1 .. g-1 (an offset of g or more would repeat one below it).
            if (offset >= groups)
              throw ConfigError("traffic.adv_offset: " + std::to_string(offset) + " groups away; this " + t.name() +
                                " has " + std::to_string(groups) + " groups, so 1.." + std::to_string(groups - 1));
            return std::make_unique<GroupSet>(t, groups, [groups, offset](int g) {
              return std::vector<int>{(g + offset) % groups};
            });
          }});
  // The groups wired to R_out, the router owning the link to group g+1
  // (palm-tree: router a-1, groups g+1 .. g+h).
  reg.add("advc", {[](const Topology& topo, const Config&) -> Made {
            const Dragonfly& d = need_dragonfly("advc", topo);
            return std::make_unique<GroupSet>(d, d.g(), [&d](int g) {
              const int rout = g * d.a() + d.gateway(g, (g + 1) % d.g());
              std::vector<int> s;
              for (int m = 0; m < d.h(); ++m) {
                int t = d.global_target(rout, d.a() - 1 + m);
                if (t >= 0) s.push_back(t);
              }
              return s;
            });
          }});
}

// Permutations of a node's address bits (nodes a power of two).
void register_address_bit_patterns(PatternRegistry& reg) {
  reg.add("bitrev", {[](const Topology& t, const Config&) -> Made {
            const int b = address_bits("bitrev", t);
            return std::make_unique<Permutation>([b](int s) {
              int d = 0;
              for (int i = 0; i < b; ++i) d |= ((s >> i) & 1) << (b - 1 - i);
              return d;
            });
          }});
  reg.add("butterfly", {[](const Topology& t, const Config&) -> Made {
            return std::make_unique<Butterfly>(address_bits("butterfly", t));
          }});
  reg.add("shuffle", {[](const Topology& t, const Config&) -> Made {
            const int b = address_bits("shuffle", t), mask = t.nodes() - 1;
            return std::make_unique<Permutation>([b, mask](int s) { return ((s << 1) | (s >> (b - 1))) & mask; });
          }});
  reg.add("transpose", {[](const Topology& t, const Config&) -> Made {
            const int b = address_bits("transpose", t);
            if (b % 2 != 0)
              throw ConfigError("traffic.pattern: transpose needs an even number of address bits (nodes = 4^m), got " +
                                std::to_string(t.nodes()) + " nodes");
            const int h = b / 2, lo = (1 << h) - 1;
            return std::make_unique<Permutation>([h, lo](int s) { return ((s & lo) << h) | (s >> h); });
          }});
}

}  // namespace

void register_patterns(PatternRegistry& reg) {
  register_group_patterns(reg);
  register_address_bit_patterns(reg);
  reg.add("uniform", {[](const Topology& t, const Config&) -> Made { return std::make_unique<Uniform>(t.nodes()); }});
  // Task t sends to T - t - 1 (Prisacari); the bit complement when n is a power of two.
  reg.add("bitcomp", {[](const Topology& t, const Config&) -> Made {
            return std::make_unique<Permutation>([n = t.nodes()](int s) { return n - 1 - s; });
          }});
  reg.add("tornado", {[](const Topology& t, const Config&) {
            return coordinate_map("tornado", t, [](int x, int k) { return (x + (k + 1) / 2 - 1) % k; });
          }});
  reg.add("neighbor", {[](const Topology& t, const Config&) {
            return coordinate_map("neighbor", t, [](int x, int k) { return (x + 1) % k; });
          }});
  // Node (i, j) of an m x m arrangement of the N = m^2 nodes, index i*m + j,
  // sends to (j, i): on a 2-D m x m torus with one node per router, the
  // coordinate swap (docs/routing-torus.md, "Traffic for tori").
  reg.add("transposition", {[](const Topology& t, const Config&) -> Made {
            int m = 0;
            while ((m + 1) * (m + 1) <= t.nodes()) ++m;
            if (m * m != t.nodes())
              throw ConfigError("traffic.pattern: transposition needs a square node count N = m^2 (this network has " +
                                std::to_string(t.nodes()) + " nodes)");
            return std::make_unique<Permutation>([m](int s) { return (s % m) * m + s / m; });
          }});
  // (x, y, z) -> (y, z, x) on a 3-D torus or mesh with three equal sides.
  reg.add("transpose3d", {[](const Topology& topo, const Config&) -> Made {
            const auto* t = dynamic_cast<const Grid*>(&topo);
            if (!t || t->n() != 3 || t->k(0) != t->k(1) || t->k(1) != t->k(2))
              throw ConfigError("traffic.pattern: transpose3d needs a 3-D mesh, torus or hyperx with equal sides (k x k x k), got " +
                                topo.describe());
            const int c = t->concentration();
            return std::make_unique<Permutation>([t, c](int s) {
              const int r = s / c;
              return t->router_at({t->coord(r, 1), t->coord(r, 2), t->coord(r, 0)}) * c + s % c;
            });
          }});
  register_composed_patterns(reg);
}

std::unique_ptr<TrafficPattern> make_pattern(const std::string& name, const Topology& topo, const Config& cfg,
                                             uint64_t seed) {
  const PatternFactory& f = pattern_registry().at(name);
  return f.make_seeded ? f.make_seeded(topo, cfg, seed) : f.make(topo, cfg);
}

PatternRegistry& mutable_pattern_registry() {
  static PatternRegistry reg("traffic.pattern", register_patterns);
  return reg;
}

const PatternRegistry& pattern_registry() { return mutable_pattern_registry(); }

}  // namespace nocsim
