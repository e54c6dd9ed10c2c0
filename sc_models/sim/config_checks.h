#pragma once
// The cross-key rules of a configuration: buffers against packets and
// switching, routing and VC policy against the topology, the RTL blocks'
// shapes, traces, link power, the workload. validate_config runs them all
// and reports every broken rule at once.
#include <memory>
#include <string>
#include <vector>

#include "core/config.h"
#include "topologies/topology.h"

namespace nocsim {

// Checks every cross-key rule (throws one ConfigError listing every broken
// one) and builds the topology.
std::unique_ptr<Topology> validate_config(const Config& cfg);
// Keys the file or an override set that do nothing in this run (a
// damq.reserve under static buffers, link.power.* under policy none, ...):
// one line each, for a warning.
std::vector<std::string> idle_keys(const Config& cfg, const Topology& topo);

}  // namespace nocsim
