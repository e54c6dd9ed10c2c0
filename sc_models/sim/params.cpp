// Configuration -> parameters (params.h).
#include "sim/params.h"

#include <algorithm>

#include "core/error.h"
#include "vc/vc_config.h"

namespace nocsim {

std::vector<int> packet_sizes(const Config& cfg) {
  std::vector<int> v;
  for (int64_t s : cfg.get_int_list("traffic.packet_size")) v.push_back(static_cast<int>(s));
  return v;
}

int max_packet_size(const Config& cfg) {
  const auto v = packet_sizes(cfg);
  return *std::max_element(v.begin(), v.end());
}

ArbiterKind arbiter_kind(const Config& cfg, const std::string& key) {
  const auto& names = arbiter_kind_names();
  const std::string v = cfg.get_str(key);
  return static_cast<ArbiterKind>(std::find(names.begin(), names.end(), v) - names.begin());
}

SaArbiters sa_arbiters(const Config& cfg) {
  return {arbiter_kind(cfg, "router.arbiter.sa_in"), arbiter_kind(cfg, "router.arbiter.sa_out")};
}

ClassParams class_params(const Config& cfg, PortClass c) {
  auto pick = [&](const char* specific, const char* base) {
    int64_t v = specific ? cfg.get_int(specific) : 0;
    return static_cast<int>(v > 0 ? v : cfg.get_int(base));
  };
  switch (c) {
    case PortClass::Nic:
      return {pick("router.injection_vcs", "router.vcs"), pick("router.injection_buffer_depth", "router.buffer_depth"),
              static_cast<int>(cfg.get_int("link.nic_latency"))};
    case PortClass::Global:
      return {pick("router.global_vcs", "router.vcs"), pick("router.global_buffer_depth", "router.buffer_depth"),
              pick("link.global_latency", "link.latency")};
    default:
      return {pick(nullptr, "router.vcs"), pick(nullptr, "router.buffer_depth"), pick(nullptr, "link.latency")};
  }
}

double load_flits(const Config& cfg, const Topology& t, double load) {
  double flits = load;
  if (cfg.get_str("traffic.load_unit") == "gamma0") {
    if (t.bisection_load() <= 0)
      throw ConfigError("traffic.load_unit: gamma0 is defined for mesh and torus, not " + t.name() + "; use flits");
    flits = load * t.bisection_load();
  }
  if (flits > 1.0 + 1e-12)
    throw ConfigError("traffic.load: " + std::to_string(load) + " " + cfg.get_str("traffic.load_unit") + " is " +
                      std::to_string(flits) + " flits/(node*cycle), more than the injection link carries (1)");
  return flits;
}

double request_share(const Config& cfg) { return cfg.get_bool("traffic.request_reply") ? 0.5 : 1.0; }

int reply_vcs_of(const Config& cfg, PortClass c) {
  const bool global = c == PortClass::Global;
  if (c == PortClass::Nic) return 0;
  const int64_t set = cfg.get_int(global ? "router.reply_global_vcs" : "router.reply_vcs");
  return static_cast<int>(set > 0 ? set : class_params(cfg, c).vcs / 2);
}

std::vector<int> reply_vcs(const Config& cfg, const Topology& t) {
  std::vector<int> v;
  for (int port = 0; port < t.ports(); ++port) v.push_back(port < t.network_ports() ? reply_vcs_of(cfg, t.port_class(port)) : 0);
  return v;
}

SourceParams source_params(const Config& cfg, const Topology& t, int node, Cycle stop) {
  SourceParams p;
  p.node = node;
  p.seed = static_cast<uint64_t>(cfg.get_int("sim.seed"));
  p.load = load_flits(cfg, t, cfg.get_double("traffic.load")) * request_share(cfg);
  p.message_packets = static_cast<int>(cfg.get_int("traffic.message_packets"));
  p.sizes = packet_sizes(cfg);
  p.burst_length = cfg.get_double("traffic.burst_length");
  p.stop = stop;
  return p;
}

RouterParams router_params(const Config& cfg, const Topology& t) {
  RouterParams p;
  const bool damq = cfg.get_str("router.buffer_model") == "damq";
  p.ports = t.ports();
  p.network_ports = t.network_ports();
  for (int port = 0; port < t.ports(); ++port) {
    ClassParams c = class_params(cfg, t.port_class(port));
    // Links join ports of the same class, and the ejection sink takes any VC.
    p.in_vcs.push_back(c.vcs);
    p.in_depth.push_back(c.depth);
    p.out_vcs.push_back(c.vcs);
    p.out_depth.push_back(c.depth);
    p.vcs = std::max(p.vcs, c.vcs);
    p.global_port.push_back(t.port_class(port) == PortClass::Global);
    // DAMQ: the port's static memory (VCs x depth) as one pool, a reserve per
    // VC, the rest shared; a VC may hold its reserve plus the whole shared part.
    p.reserve.push_back(c.depth);
    p.shared.push_back(0);
    if (damq && port < t.network_ports()) {
      const int reserve = static_cast<int>(cfg.get_int("router.damq.reserve") * max_packet_size(cfg));
      p.reserve.back() = reserve;
      p.shared.back() = c.vcs * c.depth - c.vcs * reserve;
      p.in_depth.back() = p.out_depth.back() = reserve + p.shared.back();
    }
  }
  p.damq = damq;
  p.credit_extras = damq || VcConfig::from(cfg).mincred;
  p.output_buffer_depth = static_cast<int>(cfg.get_int("router.output_buffer_depth"));
  p.speedup = static_cast<int>(cfg.get_int("router.speedup"));
  p.in_transit_priority = cfg.get_bool("router.in_transit_priority");
  p.va_arbiter = arbiter_kind(cfg, "router.arbiter.va");
  p.sa_age = sa_arbiters(cfg).uses_age();
  p.vct = cfg.get_str("router.switching") != "wormhole";
  p.saf = cfg.get_str("router.switching") == "saf";
  p.lat_rc = static_cast<int>(cfg.get_int("router.stage_latency.rc"));
  p.reevaluate = cfg.get_bool("routing.reevaluate");
  p.mincred = VcConfig::from(cfg).mincred;
  p.lat_va = static_cast<int>(cfg.get_int("router.stage_latency.va"));
  p.lat_sa = static_cast<int>(cfg.get_int("router.stage_latency.sa"));
  p.lat_st = static_cast<int>(cfg.get_int("router.stage_latency.st"));
  p.check = cfg.get_bool("sim.check");
  p.reverse_stages = cfg.get_str("sim.stage_order") == "reverse";
  return p;
}

BlockShape block_shape(const Config& cfg, const Topology& t) {
  const RouterParams rp = router_params(cfg, t);
  BlockShape s;
  s.ports = t.ports();
  s.vcs = rp.vcs;
  s.most_port_vcs = *std::max_element(rp.out_vcs.begin(), rp.out_vcs.end());
  s.most_credits = *std::max_element(rp.out_depth.begin(), rp.out_depth.end());
  s.most_packet = max_packet_size(cfg);
  for (size_t p = 0; p < rp.out_vcs.size(); ++p)
    s.most_port_slots = std::max(s.most_port_slots, rp.out_vcs[p] * rp.out_depth[p]);
  s.speedup = rp.speedup;
  return s;
}

}  // namespace nocsim
