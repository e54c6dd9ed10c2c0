#pragma once
// The dragonfly routing family: an algorithm is a DragonflyRouting subclass
// plus its traits, registered by name with add_dragonfly_routing(), which
// gives it the family's start-up checks (topology, VCs for its sequence),
// its options from the configuration and, for oblivious routings with a
// closed form, the channel-load bound in the JSON ("bound").
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "routing/dragonfly/channel_bound.h"
#include "routing/dragonfly/dragonfly_routing.h"

namespace nocsim {

using DragonflyMaker = std::unique_ptr<DragonflyRouting>(const Dragonfly& t, const DragonflyTraits& traits,
                                                         const DragonflyRouting::Options& o, uint64_t seed,
                                                         int router);

struct DragonflyAlgorithm {
  DragonflyTraits traits;
  // An oblivious routing's paths, for the closed-form bound (none: no bound).
  std::optional<BoundPaths> bound;
  std::function<DragonflyMaker> make;
  std::unique_ptr<DragonflyRouting> build(const Dragonfly& t, const DragonflyRouting::Options& o, uint64_t seed,
                                          int router) const {
    return make(t, traits, o, seed, router);
  }
};

// The options every dragonfly routing reads (routing.*, vc.mincred).
DragonflyRouting::Options dragonfly_options(const Config& cfg);
// Adds `name` to the routing registry (routing.algorithm).
void add_dragonfly_routing(RoutingRegistry& reg, const std::string& name, const DragonflyAlgorithm& a);
// A built-in algorithm by its routing.algorithm key (tests build routings
// from it directly); throws ConfigError for other keys.
const DragonflyAlgorithm& dragonfly_algorithm(const std::string& name);

}  // namespace nocsim
