#pragma once
// Delivery statistics: each NIC's sink reports every delivered packet here
// (its tail flit and the cycle it arrived); the collector adds it to the run's
// counters (latency, hops, misrouting), which report.cpp turns into the summary
// and the JSON. The NIC itself keeps no statistics of delivered packets.
#include "core/flit.h"
#include "stats/stats.h"
#include "topologies/topology.h"

namespace nocsim {

class DeliveryCollector {
 public:
  DeliveryCollector(const Topology& topo, NetStats& stats) : topo_(topo), stats_(stats) {}
  void delivered(const Flit& tail, Cycle at);

 private:
  const Topology& topo_;
  NetStats& stats_;
};

}  // namespace nocsim
