#include "routing/fat_tree/fat_tree_routing.h"

#include <algorithm>


namespace nocsim {

void FatTreeRouting::route(const RouteContext& ctx, std::vector<RouteCandidate>& out) {
  const int dst = ctx.head.dst, l = t_.stage(ctx.router);
  if (t_.covers(ctx.router, dst)) {
    if (l == 0) return out.push_back(eject_candidate(t_.down_port(ctx.router, dst), ctx.head.rh));
    RouteCandidate c;
    c.out_port = static_cast<int16_t>(t_.down_port(ctx.router, dst));
    c.next = ctx.head.rh;
    return out.push_back(c);
  }
  const int u = t_.up();
  const int first = up_ == Up::SourceDigit ? t_.mod_port(ctx.head.src, l) : t_.mod_port(dst, l);
  RouteCandidate c;
  c.next = ctx.head.rh;
  if (up_ != Up::LeastOccupied || !ctx.view) {
    c.out_port = static_cast<int16_t>(first);
    return out.push_back(c);
  }
  // The u up ports from dmodk's on, cyclically, least occupied first.
  int order[64], q[64];
  for (int i = 0; i < u; ++i) {
    order[i] = (first + i) % u;
    c.out_port = static_cast<int16_t>(order[i]);
    q[order[i]] = static_cast<int>(candidate_queue(ctx, c));
  }
  std::stable_sort(order, order + u, [&](int a, int b) { return q[a] < q[b]; });
  for (int i = 0; i < u && i < kMaxCandidates; ++i) {
    c.out_port = static_cast<int16_t>(order[i]);
    out.push_back(c);
  }
}

}  // namespace nocsim
