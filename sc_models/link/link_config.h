#pragma once
// The links' latencies and bandwidths (link.latency, link.global_latency,
// link.nic_latency; link.cycles_per_flit, link.global_cycles_per_flit,
// link.nic_cycles_per_flit), read from the Config here and nowhere else
// (docs/architecture.md, "Configuration").
#include <algorithm>
#include <cstdint>

#include "core/port_class.h"
#include "link/pacer.h"

namespace nocsim {

class Config;

struct LinkConfig {
  int latency = 1;         // router-to-router (dragonfly: local) links
  int global_latency = 0;  // 0: latency
  int nic_latency = 1;     // injection and ejection links
  // Cycles per flit, in thousandths (LinkPacer::kUnit = a flit every cycle).
  uint64_t pace = LinkPacer::kUnit, global_pace = 0, nic_pace = LinkPacer::kUnit;  // global 0: pace

  // Throws ConfigError for a cycles_per_flit below 1 or finer than 0.001.
  static LinkConfig from(const Config& cfg);
  int latency_of(PortClass c) const {
    return c == PortClass::Nic ? nic_latency : c == PortClass::Global && global_latency > 0 ? global_latency : latency;
  }
  uint64_t pace_of(PortClass c) const {
    return c == PortClass::Nic ? nic_pace : c == PortClass::Global && global_pace > 0 ? global_pace : pace;
  }
  // Whether any link is slower than a flit per cycle.
  bool any_slow() const { return std::max({pace, global_pace, nic_pace}) > LinkPacer::kUnit; }
};

}  // namespace nocsim
