#pragma once
// The saturation bound of an oblivious dragonfly routing under a traffic
// pattern: the expected load of every channel per unit of injected load,
// summed over the routing's paths weighted by their probabilities on the
// actual topology; the bound is 1 / the largest (injection and ejection links
// included). What an architect checks a simulation against.
#include <string>

#include "topologies/dragonfly.h"
#include "traffic/pattern.h"

namespace nocsim {

struct ChannelBound {
  double bound = 0;      // phits/(node*cycle)
  double max_load = 0;   // of the busiest channel, per unit injection
  std::string channel;   // which one, e.g. "router 5 port 3 (global)"
};

// The paths of an oblivious routing: minimal, or Valiant through a random
// router or group (uniform over the allowed groups).
enum class BoundPaths { Min, ViaRouter, ViaGroup };

ChannelBound dragonfly_channel_bound(const Dragonfly& t, BoundPaths paths, bool exclude_destination,
                                     const TrafficPattern& pattern);

}  // namespace nocsim
