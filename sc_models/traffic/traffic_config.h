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
  int reply_size = 0;  // flits of a reply; 0 = its request's size

  // Set by RunConfig from the links (LinkConfig): the network links' flits
  // per cycle (1 / link.cycles_per_flit). A load is bounded by one flit per
  // cycle whatever the injection link's rate: the source queue takes the rest.
  double network_link_rate = 1.0;

  static TrafficConfig from(const Config& cfg);
  // gamma0 in flits per node per cycle: the topology's bisection load at
  // one flit per link and cycle, scaled by the network links' rate (0 when
  // the topology has none).
  double gamma0_flits(const Topology& t) const;
  // The most and fewest flits an open-loop packet has, replies included.
  int max_packet() const;
  int min_packet() const;
  // The key that sets max_packet(): traffic.reply_size when replies are the
  // largest, else traffic.packet_size.
  const char* max_packet_key() const;
  const char* load_unit() const { return gamma0 ? "gamma0" : "flits"; }
  // `load` (traffic.load or a phase's) in flits per node per cycle;
  // throws ConfigError above 1 or for gamma0 on a topology without it.
  double load_flits(const Topology& t, double load) const;
  // A rate in load_unit as flits per node per cycle, with no upper bound
  // (the message source's hand-over rate may exceed the link's).
  double to_flits(const Topology& t, double rate) const;
  // Request-reply: the share of the offered load the sources generate as
  // requests; the replies make up the rest. Half when a reply is its
  // request's size, else the requests' mean size over the mean of both.
  double request_share() const;
};

}  // namespace nocsim
