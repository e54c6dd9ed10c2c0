#pragma once
// The open-loop workload's configuration (traffic.*: pattern, source, load
// and its unit, packet sizes, messages, request-reply), read from the
// Config here and nowhere else (docs/architecture.md, "Configuration").
// A pattern's own options (traffic.adv_offset) are read by its registration.
#include <string>
#include <vector>

#include "core/config.h"

namespace nocsim {

class Topology;

struct TrafficConfig {
  static constexpr size_t kMaxPhases = 1000;  // an input limit (docs/reliability.md)
  std::string pattern;     // a pattern registry key
  std::string source;      // a source registry key
  double load = 0;         // in load_unit
  bool gamma0 = false;     // traffic.load_unit=gamma0 (else flits)
  std::vector<int> packet_sizes;  // flits; one, or a list each packet draws from
  int message_packets = 1;
  double message_rate = 0;  // message source: hand-over rate of a message's packets, in load_unit; 0 = at once
  int source_queue = 1000;  // packets a NIC's source queue holds
  // traffic.phases: each record's fields (cycles, pattern, load) as text;
  // sim/workload.cpp builds them.
  std::vector<Record> phases;
  double burst_length = 5;
  bool request_reply = false;

  // Set by RunConfig from the links (LinkConfig): the network links' flits
  // per cycle (1 / link.cycles_per_flit). A load is bounded by one flit per
  // cycle whatever the injection link's rate: the source queue takes the rest.
  double network_link_rate = 1.0;

  static TrafficConfig from(const Config& cfg);
  // gamma0 in flits per node per cycle: the topology's bisection load at
  // one flit per link and cycle, scaled by the network links' rate (0 when
  // the topology has none).
  double gamma0_flits(const Topology& t) const;
  int max_packet() const;
  const char* load_unit() const { return gamma0 ? "gamma0" : "flits"; }
  // `load` (traffic.load or a phase's) in flits per node per cycle;
  // throws ConfigError above 1 or for gamma0 on a topology without it.
  double load_flits(const Topology& t, double load) const;
  // A rate in load_unit as flits per node per cycle, with no upper bound
  // (the message source's hand-over rate may exceed the link's).
  double to_flits(const Topology& t, double rate) const;
  // Request-reply: sources generate requests at half the offered load,
  // the replies make up the other half.
  double request_share() const { return request_reply ? 0.5 : 1.0; }
};

}  // namespace nocsim
