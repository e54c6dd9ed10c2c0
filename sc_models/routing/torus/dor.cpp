#include "routing/torus/dor.h"

#include "core/rng.h"

namespace nocsim {

DimensionOrder::DimensionOrder(const KAryNCube& topo, DorOptions opt)
    : topo_(topo), opt_(opt), ref_() {
  opt_.dateline = opt.dateline && topo.wrap();
  opt_.tie_random = opt.tie_random && topo.wrap();
  if (opt_.dateline) ref_ = VcSequence("LL", VcSequence::Share::Split);
}

int DimensionOrder::port_toward(int router, int dst_router, uint64_t pkt) const {
  const int port = topo_.dor_port(router, dst_router);
  if (port < 0 || !opt_.tie_random) return port;
  const int d = port / 2;
  if (2 * topo_.ring_distance(topo_.coord(router, d), topo_.coord(dst_router, d), d) != topo_.k(d)) return port;
  uint64_t h = opt_.seed ^ (pkt * 0x9E3779B97F4A7C15ull) ^ static_cast<uint64_t>(d);
  return splitmix64(h) & 1u ? 2 * d + 1 : port;
}

int DimensionOrder::dateline_class(const RouteContext& ctx, int port, int dst_router) const {
  const int d = port / 2;
  const bool crossed = (ctx.head.rh.dateline >> d & 1u) || topo_.is_wrap(ctx.router, port);
  if (opt_.rule == DorOptions::Rule::Crossing || crossed) return crossed ? 1 : 0;
  // Route: the rest of the path in d moves one way; it crosses the wrap
  // link when the destination lies behind the packet in that direction.
  const int x = topo_.coord(ctx.router, d), t = topo_.coord(dst_router, d);
  return (port & 1) ? (t > x ? 1 : 0) : (t < x ? 1 : 0);
}

void DimensionOrder::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  RouteCandidate c;
  c.next = ctx.head.rh;
  const int dst_router = topo_.node_router(ctx.head.dst);
  const int port = port_toward(ctx.router, dst_router, ctx.head.pkt());
  if (port < 0) {
    c.out_port = static_cast<int16_t>(topo_.node_port(ctx.head.dst));
    c.hop = kHopEject;
    out.push_back(c);
    return;
  }
  c.out_port = static_cast<int16_t>(port);
  if (topo_.is_wrap(ctx.router, port)) c.next.dateline |= static_cast<uint8_t>(1u << (port / 2));
  if (opt_.dateline) c.pos = static_cast<int8_t>(dateline_class(ctx, port, dst_router));
  out.push_back(c);
}

}  // namespace nocsim
