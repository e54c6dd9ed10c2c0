#pragma once
// The keys every routing family shares (routing.algorithm, routing.trigger,
// routing.reevaluate), read from the Config here and nowhere else
// (docs/architecture.md, "Configuration"). A family's own options are read
// by its registration (routing/<family>/register.cpp), the contention
// counters' by ContentionConfig.
#include <string>

namespace nocsim {

class Config;

enum class MisrouteTrigger { Ugal, Credits, Contention };

struct RoutingConfig {
  std::string algorithm;  // a routing registry key
  MisrouteTrigger trigger = MisrouteTrigger::Ugal;
  bool reevaluate = true;  // adaptive routings re-route a blocked head
  int ugal_threshold = 8;  // UGAL's T, flits (the dragonfly's and HyperX's UGAL-L, HyperX's DAL)

  static RoutingConfig from(const Config& cfg);
};

}  // namespace nocsim
