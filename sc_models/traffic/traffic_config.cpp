#include "traffic/traffic_config.h"

#include <algorithm>

#include "core/config.h"
#include "core/error.h"
#include "topologies/topology.h"

namespace nocsim {

TrafficConfig TrafficConfig::from(const Config& cfg) {
  TrafficConfig t;
  t.pattern = cfg.get_str("traffic.pattern");
  t.source = cfg.get_str("traffic.source");
  t.load = cfg.get_double("traffic.load");
  t.gamma0 = cfg.get_str("traffic.load_unit") == "gamma0";
  for (int64_t s : cfg.get_int_list("traffic.packet_size")) t.packet_sizes.push_back(static_cast<int>(s));
  t.message_packets = static_cast<int>(cfg.get_int("traffic.message_packets"));
  t.message_rate = cfg.get_double("traffic.message_rate");
  t.source_queue = static_cast<int>(cfg.get_int("traffic.source_queue"));
  t.phases = cfg.get_records("traffic.phases");
  t.burst_length = cfg.get_double("traffic.burst_length");
  t.request_reply = cfg.get_bool("traffic.request_reply");
  t.reply_size = static_cast<int>(cfg.get_int("traffic.reply_size"));
  return t;
}

int TrafficConfig::max_packet() const {
  const int most = *std::max_element(packet_sizes.begin(), packet_sizes.end());
  return request_reply ? std::max(most, reply_size) : most;
}

const char* TrafficConfig::max_packet_key() const {
  const int most = *std::max_element(packet_sizes.begin(), packet_sizes.end());
  return request_reply && reply_size > most ? "traffic.reply_size" : "traffic.packet_size";
}

int TrafficConfig::min_packet() const {
  const int fewest = *std::min_element(packet_sizes.begin(), packet_sizes.end());
  return request_reply && reply_size > 0 ? std::min(fewest, reply_size) : fewest;
}

double TrafficConfig::request_share() const {
  if (!request_reply) return 1.0;
  if (reply_size == 0) return 0.5;
  double mean = 0;  // a request draws its size uniformly from the list
  for (int s : packet_sizes) mean += s;
  mean /= static_cast<double>(packet_sizes.size());
  return mean / (mean + reply_size);
}

double TrafficConfig::gamma0_flits(const Topology& t) const { return t.bisection_load() * network_link_rate; }

double TrafficConfig::to_flits(const Topology& t, double rate) const {
  if (!gamma0) return rate;
  if (t.bisection_load() <= 0)
    throw ConfigError("traffic.load_unit: gamma0 is defined for mesh, torus, hyperx, fattree and dragonflyplus, not " +
                      t.name() + "; use flits");
  return rate * gamma0_flits(t);
}

double TrafficConfig::load_flits(const Topology& t, double at) const {
  const double flits = to_flits(t, at);
  if (flits > 1.0 + 1e-12)
    throw ConfigError("traffic.load: " + std::to_string(at) + " " + load_unit() + " is " + std::to_string(flits) +
                      " flits/(node*cycle), more than the injection link carries (1)");
  return flits;
}

}  // namespace nocsim
