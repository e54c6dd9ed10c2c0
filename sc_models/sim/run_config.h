#pragma once
// Every component's typed configuration, parsed once per run (each key is
// read by its component's parser alone; docs/architecture.md,
// "Configuration"). The Config stays beside it for what a registry entry
// reads of its own keys (a topology's shape, a routing family's options, a
// pattern's parameters, the blocks' modes).
#include "link/link_config.h"
#include "power/power_config.h"
#include "router/router_config.h"
#include "routing/contention_config.h"
#include "routing/routing_config.h"
#include "sim/sim_config.h"
#include "trace/trace_probe.h"
#include "traffic/traffic_config.h"
#include "vc/vc_config.h"
#include "workload/workload_config.h"

namespace nocsim {

struct RunConfig {
  SimConfig sim;
  RouterConfig router;
  LinkConfig link;
  RoutingConfig routing;
  ContentionConfig contention;
  VcConfig vc;
  TrafficConfig traffic;
  WorkloadConfig workload;
  PowerConfig power;
  LinkPowerConfig link_power;
  TraceConfig trace;

  static RunConfig from(const Config& cfg) {
    RunConfig rc{SimConfig::from(cfg),     RouterConfig::from(cfg),    LinkConfig::from(cfg),
                 RoutingConfig::from(cfg), ContentionConfig::from(cfg), VcConfig::from(cfg),
                 TrafficConfig::from(cfg), WorkloadConfig::from(cfg), PowerConfig::from(cfg),     LinkPowerConfig::from(cfg),
                 TraceConfig::from(cfg)};
    // gamma0 follows the network links' bandwidth (docs/user-guide.md, "Link bandwidth").
    rc.traffic.network_link_rate = static_cast<double>(LinkPacer::kUnit) / static_cast<double>(rc.link.pace);
    return rc;
  }
  const BufferConfig& buffers() const { return router.buffers; }
};

}  // namespace nocsim
