// The link.* latencies and bandwidths of the configuration schema (sim/schema.cpp
// assembles the sections, in the order of docs/user-guide.md's table).
#include "core/config.h"
#include "link/link.h"

namespace nocsim {

void add_link_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"link.latency", K::Int, "1", 1, 100000, {}, "cycles for a flit (and a credit) to cross a router-to-router link (dragonfly: local links)"},
      {"link.global_latency", K::Int, "0", 0, 100000, {}, "dragonfly, dragonflyplus: cycles across a global link; 0 = link.latency"},
      {"link.nic_latency", K::Int, "1", 1, 100000, {}, "cycles across the injection and ejection links"},
      {"link.cycles_per_flit", K::Double, "1", 1, 1000, {}, "bandwidth of a router-to-router link (dragonfly: local links): it starts a flit every this many cycles, fractional allowed to 0.001 (3.2: 5 flits every 16 cycles); 1 = the router's own rate"},
      {"link.global_cycles_per_flit", K::Double, "0", 0, 1000, {}, "dragonfly, dragonflyplus: the same for global links; 0 = link.cycles_per_flit"},
      {"link.nic_cycles_per_flit", K::Double, "1", 1, 1000, {}, "the same for the injection and ejection links"},
  });
}

}  // namespace nocsim
