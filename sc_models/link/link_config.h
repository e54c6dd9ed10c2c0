#pragma once
// The links' latencies (link.latency, link.global_latency, link.nic_latency),
// read from the Config here and nowhere else (docs/architecture.md,
// "Configuration").
#include "core/port_class.h"

namespace nocsim {

class Config;

struct LinkConfig {
  int latency = 1;         // router-to-router (dragonfly: local) links
  int global_latency = 0;  // 0: latency
  int nic_latency = 1;     // injection and ejection links

  static LinkConfig from(const Config& cfg);
  int latency_of(PortClass c) const {
    return c == PortClass::Nic ? nic_latency : c == PortClass::Global && global_latency > 0 ? global_latency : latency;
  }
};

}  // namespace nocsim
