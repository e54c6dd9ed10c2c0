#pragma once
// Destination patterns. dest() returns the destination node for a packet from
// src, or -1 when the pattern maps src onto itself (that node then generates
// nothing; uniform never does, it excludes the source).
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"

namespace nocsim {

class Topology;

class TrafficPattern {
 public:
  virtual ~TrafficPattern() = default;
  virtual int dest(int src, Rng& rng) const = 0;
  // Adds to demand[router] the probability that a packet from src goes to a
  // node of that router (analytical bounds). Permutations by default.
  virtual void add_router_demand(int src, const Topology& topo, std::vector<double>& demand) const;
};

// Throws ConfigError for an unknown name or a pattern the topology cannot
// carry (bit permutations need a power-of-two node count, transpose an even
// number of address bits, tornado and neighbor a mesh or torus).
// adv_offset: i of ADV+i.
std::unique_ptr<TrafficPattern> make_pattern(const std::string& name, const Topology& topo, int adv_offset = 1);

}  // namespace nocsim
