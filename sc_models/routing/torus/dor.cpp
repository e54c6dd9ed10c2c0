#include "routing/torus/dor.h"

namespace nocsim {

DimensionOrder::DimensionOrder(const KAryNCube& topo, bool dateline)
    : topo_(topo),
      dateline_(dateline && topo.wrap()),
      ref_(dateline_ ? VcSequence("LL", VcSequence::Share::Split) : VcSequence()) {}

void DimensionOrder::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  RouteCandidate c;
  c.next = ctx.head.rh;
  const int port = topo_.dor_port(ctx.router, topo_.node_router(ctx.head.dst));
  if (port < 0) {
    c.out_port = static_cast<int16_t>(topo_.node_port(ctx.head.dst));
    c.hop = kHopEject;
    out.push_back(c);
    return;
  }
  c.out_port = static_cast<int16_t>(port);
  const int d = port / 2;
  const bool wrap = topo_.is_wrap(ctx.router, port);
  if (wrap) c.next.dateline |= static_cast<uint8_t>(1u << d);
  if (dateline_) c.pos = (ctx.head.rh.dateline >> d & 1u) || wrap ? 1 : 0;
  out.push_back(c);
}

}  // namespace nocsim
