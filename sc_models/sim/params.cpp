// Configuration -> parameters (params.h).
#include "sim/params.h"

#include <algorithm>

#include "routing/routing.h"

namespace nocsim {

ClassParams class_params(const RunConfig& rc, PortClass c) {
  return {rc.buffers().vcs_of(c), rc.buffers().depth_of(c), rc.link.latency_of(c)};
}

std::vector<int> reply_vcs(const BufferConfig& b, const Topology& t) {
  std::vector<int> v;
  for (int port = 0; port < t.ports(); ++port) v.push_back(port < t.network_ports() ? b.reply_vcs_of(t.port_class(port)) : 0);
  return v;
}

SourceParams source_params(const RunConfig& rc, const Topology& t, int node, Cycle stop) {
  SourceParams p;
  p.node = node;
  p.seed = rc.sim.seed;
  p.load = rc.traffic.load_flits(t, rc.traffic.load) * rc.traffic.request_share();
  p.message_packets = rc.traffic.message_packets;
  p.message_rate = rc.traffic.to_flits(t, rc.traffic.message_rate);
  p.sizes = rc.traffic.packet_sizes;
  p.burst_length = rc.traffic.burst_length;
  p.stop = stop;
  return p;
}

int smallest_packet(const RunConfig& rc) {
  if (rc.workload.closed() || rc.traffic.packet_sizes.empty()) return 1;
  return std::max(1, rc.traffic.min_packet());
}

RouterParams router_params(const RunConfig& rc, const Topology& t) {
  RouterParams p;
  const RouterConfig& r = rc.router;
  const bool damq = r.buffers.damq;
  p.ports = t.ports();
  p.network_ports = t.network_ports();
  for (int port = 0; port < t.ports(); ++port) {
    ClassParams c = class_params(rc, t.port_class(port));
    // Links join ports of the same class, and the ejection sink takes any VC.
    p.in_vcs.push_back(c.vcs);
    p.in_depth.push_back(c.depth);
    p.in_latency.push_back(c.latency);
    p.out_vcs.push_back(c.vcs);
    p.out_depth.push_back(c.depth);
    p.vcs = std::max(p.vcs, c.vcs);
    p.global_port.push_back(t.port_class(port) == PortClass::Global);
    // DAMQ: the port's static memory (VCs x depth) as one pool, a reserve per
    // VC, the rest shared; a VC may hold its reserve plus the whole shared part.
    p.reserve.push_back(c.depth);
    p.shared.push_back(0);
    if (damq && port < t.network_ports()) {
      const int reserve = r.buffers.damq_reserve * rc.traffic.max_packet();
      p.reserve.back() = reserve;
      p.shared.back() = c.vcs * c.depth - c.vcs * reserve;
      p.in_depth.back() = p.out_depth.back() = reserve + p.shared.back();
    }
  }
  p.damq = damq;
  // Only a routing that marks kHopSlot hops asks for slots (unknown names
  // are the configuration check's to report).
  if (const RoutingFactory* f = routing_registry().find(rc.routing.algorithm); f && f->slot)
    p.slot = f->slot(t, smallest_packet(rc), rc.traffic.max_packet());
  p.credit_extras = damq || rc.vc.mincred || p.slot;
  p.output_buffer_depth = r.output_buffer_depth;
  p.speedup = r.speedup;
  p.in_transit_priority = r.in_transit_priority;
  p.va_arbiter = r.va_arbiter;
  p.va_algorithm = r.va_algorithm();
  p.va_iterations = r.va_iterations;
  p.sa_age = r.sa_arbiters.uses_age();
  p.hold_switch = r.hold_switch;
  p.vct = !r.buffers.wormhole();
  p.saf = r.buffers.switching == Switching::Saf;
  p.lat_rc = r.lat_rc;
  p.reevaluate = rc.routing.reevaluate;
  p.mincred = rc.vc.mincred;
  p.lat_va = r.lat_va;
  p.lat_sa = r.lat_sa;
  p.lat_st = r.lat_st;
  p.check = rc.sim.check;
  p.reverse_stages = rc.sim.reverse_stages;
  return p;
}

BlockShape block_shape(const RunConfig& rc, const Topology& t) {
  const RouterParams rp = router_params(rc, t);
  BlockShape s;
  s.ports = t.ports();
  s.vcs = rp.vcs;
  s.most_port_vcs = *std::max_element(rp.out_vcs.begin(), rp.out_vcs.end());
  s.most_credits = *std::max_element(rp.out_depth.begin(), rp.out_depth.end());
  s.most_packet = rc.traffic.max_packet();
  for (size_t p = 0; p < rp.out_vcs.size(); ++p)
    s.most_port_slots = std::max(s.most_port_slots, rp.out_vcs[p] * rp.out_depth[p]);
  s.speedup = rp.speedup;
  return s;
}

}  // namespace nocsim
