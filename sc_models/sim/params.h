#pragma once
// A configuration turned into the parameters the network is built from:
// each port class's VCs, depth and latency, the routers' parameters, reply
// VCs, a source's parameters. Plain functions of the typed configuration
// and the topology; nothing here builds a module (docs/architecture.md, "Building a network").
#include <string>
#include <vector>

#include "router/router_state.h"
#include "blocks/block.h"
#include "sim/run_config.h"
#include "topologies/topology.h"
#include "traffic/source.h"

namespace nocsim {

// VCs, flits per VC and link latency of one class of port. Per-class keys
// set to 0 fall back to the network-port key.
struct ClassParams {
  int vcs, depth, latency;
};
ClassParams class_params(const RunConfig& rc, PortClass c);
// The smallest packet the network may carry, in flits: 1 under a
// closed-loop application (a message's last packet is shorter, control
// packets are 1 flit, workload/engine_messages.cpp), else traffic's smallest.
int smallest_packet(const RunConfig& rc);
RouterParams router_params(const RunConfig& rc, const Topology& t);
// What the RTL blocks' checks read of the routers (BlockModes).
BlockShape block_shape(const RunConfig& rc, const Topology& t);
// Reply VCs of each port (traffic.request_reply; none on ejection ports).
std::vector<int> reply_vcs(const BufferConfig& b, const Topology& t);
// Node `node`'s source parameters; injection stops at cycle `stop`.
SourceParams source_params(const RunConfig& rc, const Topology& t, int node, Cycle stop);

}  // namespace nocsim
