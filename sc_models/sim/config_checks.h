#pragma once
// The cross-key rules of a configuration: buffers against packets and
// switching, routing and VC policy against the topology, the RTL blocks'
// shapes, traces, link power, the workload. validate_config runs them all
// and reports every broken rule at once.
#include <memory>

#include "core/config.h"
#include "topologies/topology.h"

namespace nocsim {

// Checks every cross-key rule (throws one ConfigError listing every broken
// one) and builds the topology.
std::unique_ptr<Topology> validate_config(const Config& cfg);

}  // namespace nocsim
