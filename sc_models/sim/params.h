#pragma once
// A configuration turned into the parameters the network is built from:
// each port class's VCs, depth and latency, the routers' parameters and
// arbiters, packet sizes, loads in flits, reply VCs, a source's parameters.
// Plain functions of the Config and the topology; nothing here builds a
// module (docs/architecture.md, "Building a network").
#include <string>
#include <vector>

#include "alloc/arbiter.h"
#include "alloc/sw_alloc_backend.h"
#include "core/config.h"
#include "router/router_state.h"
#include "blocks/block.h"
#include "topologies/topology.h"
#include "traffic/source.h"

namespace nocsim {

// VCs, flits per VC and link latency of one class of port. Per-class keys
// set to 0 fall back to the network-port key.
struct ClassParams {
  int vcs, depth, latency;
};
ClassParams class_params(const Config& cfg, PortClass c);
// The arbiter kind a router.arbiter.* key names.
ArbiterKind arbiter_kind(const Config& cfg, const std::string& key);
SaArbiters sa_arbiters(const Config& cfg);
RouterParams router_params(const Config& cfg, const Topology& t);
// What the RTL blocks' checks read of the routers (BlockModes).
BlockShape block_shape(const Config& cfg, const Topology& t);

// traffic.packet_size: one size, or a list each packet draws from.
std::vector<int> packet_sizes(const Config& cfg);
int max_packet_size(const Config& cfg);
// traffic.load (or a phase's load; -1 there: traffic.load's) in flits per node
// per cycle, converted from traffic.load_unit; throws ConfigError above 1.
double load_flits(const Config& cfg, const Topology& t, double load);
// Request-reply traffic: sources generate requests at half the offered
// load, the replies make up the other half.
double request_share(const Config& cfg);
// Reply VCs of each port's class (traffic.request_reply).
int reply_vcs_of(const Config& cfg, PortClass c);
std::vector<int> reply_vcs(const Config& cfg, const Topology& t);
// Node `node`'s source parameters; injection stops at cycle `stop`.
SourceParams source_params(const Config& cfg, const Topology& t, int node, Cycle stop);

}  // namespace nocsim
