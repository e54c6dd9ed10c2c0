#pragma once
// Delivery statistics: each NIC's sink reports every delivered packet here
// (its tail flit and the cycle it arrived); the collector adds it to the run's
// counters (latency, hops, misrouting), which report.cpp turns into the summary
// and the JSON. The NIC itself keeps no statistics of delivered packets.
// It holds the packets' generation and injection cycles from the injector
// to the tail (core/packet_times.h).
#include "core/flit.h"
#include "core/packet_times.h"
#include "stats/stats.h"
#include "topologies/topology.h"

namespace nocsim {

class DeliveryCollector {
 public:
  DeliveryCollector(const Topology& topo, NetStats& stats) : topo_(topo), stats_(stats), times_(topo.nodes()) {}
  void delivered(const Flit& tail, Cycle at);
  PacketTimes& times() { return times_; }
  const PacketTimes& times() const { return times_; }

 private:
  const Topology& topo_;
  NetStats& stats_;
  PacketTimes times_;
};

}  // namespace nocsim
