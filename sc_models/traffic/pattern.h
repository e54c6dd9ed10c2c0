#pragma once
// Destination patterns. dest() returns the destination node for a packet from
// src, or -1 when the pattern maps src onto itself (that node then generates
// nothing; uniform never does, it excludes the source).
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/registry.h"
#include "core/rng.h"

namespace nocsim {

class Config;
class Topology;

class TrafficPattern {
 public:
  virtual ~TrafficPattern() = default;
  virtual int dest(int src, Rng& rng) const = 0;
  // The destination of src's message number `message` (0, 1, ...): patterns
  // that change with the message (butterfly) override it; the rest ignore it.
  virtual int message_dest(int src, Rng& rng, uint64_t /*message*/) const { return dest(src, rng); }
  // Adds to demand[router] the probability that a packet from src goes to a
  // node of that router (analytical bounds). Permutations by default.
  virtual void add_router_demand(int src, const Topology& topo, std::vector<double>& demand) const;
  // Adds to sum[router] the demand of the source nodes first .. first+count-1:
  // each node's add_router_demand row, started from zero, added in node order.
  // A pattern may override it with the same sums made faster (uniform, whose
  // rows differ in one entry); `row` is scratch of topo.routers() entries.
  virtual void add_nodes_demand(int first, int count, const Topology& topo, std::vector<double>& sum,
                                std::vector<double>& row) const;
};

struct PatternFactory {
  // Reads the pattern's traffic.* keys (adv: traffic.adv_offset). Throws
  // ConfigError for a pattern the topology cannot carry (bit permutations
  // and butterfly need a power-of-two node count, transpose an even number of
  // address bits, transposition a square node count, tornado, neighbor and
  // transpose3d a mesh, torus or hyperx (transpose3d: three equal sides), adv and
  // advc a dragonfly).
  std::function<std::unique_ptr<TrafficPattern>(const Topology&, const Config&)> make;
  // Instead of make, for a pattern that draws a choice of nodes once
  // (hotspot, mix, randperm): from the run's seed (sim.seed).
  std::function<std::unique_ptr<TrafficPattern>(const Topology&, const Config&, uint64_t seed)> make_seeded = nullptr;
};
using PatternRegistry = Registry<PatternFactory>;

// Explicit registration (static self-registration is dropped by the linker).
void register_patterns(PatternRegistry& reg);
// hotspot, mix and randperm (hotspot_mix.cpp), called by register_patterns.
void register_composed_patterns(PatternRegistry& reg);
// Whether a part of traffic.mix names `pattern` (hotspot_mix.cpp).
bool mix_names(const Config& cfg, const std::string& pattern);
// A fixed permutation: src sends to f(src), nothing where f(src) == src.
std::unique_ptr<TrafficPattern> make_permutation(std::function<int(int)> f);
// Pattern `name` of the registry on topo, seeded with the run's seed.
std::unique_ptr<TrafficPattern> make_pattern(const std::string& name, const Topology& topo, const Config& cfg,
                                             uint64_t seed);
// Every pattern of the build (traffic.pattern); a test may add its own.
const PatternRegistry& pattern_registry();
PatternRegistry& mutable_pattern_registry();

struct KeySpec;
// The traffic.* keys of the configuration schema (sim/schema.cpp).
void add_traffic_keys(std::vector<KeySpec>& schema);

}  // namespace nocsim
