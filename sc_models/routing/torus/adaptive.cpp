#include "routing/torus/adaptive.h"

#include <algorithm>

#include "vc/vc_policy.h"

namespace nocsim {

bool TorusRouting::eject(const RouteContext& ctx, const RoutingHeader& next, std::vector<RouteCandidate>& out) const {
  if (t_.node_router(ctx.head.dst) != ctx.router) return false;
  out.push_back(eject_candidate(t_.node_port(ctx.head.dst), next));
  return true;
}

RouteCandidate TorusRouting::hop(const RouteContext& ctx, int port, int pos, RoutingHeader next) const {
  RouteCandidate c;
  c.out_port = static_cast<int16_t>(port);
  c.pos = static_cast<int8_t>(pos);
  if (t_.is_wrap(ctx.router, port)) next.dateline |= static_cast<uint8_t>(1u << (port / 2));
  next.seqpos = static_cast<uint8_t>(pos);
  c.next = next;
  return c;
}

void TorusRouting::add_adaptive(const RouteContext& ctx, uint64_t mask, int pos, const RoutingHeader& next, int room,
                                std::vector<RouteCandidate>& out) const {
  struct Option {
    RouteCandidate c;
    int credits;
  };
  Option opt[32];  // at most one productive port per dimension, and ports <= 64
  int n = 0;
  for (uint64_t m = mask; m; m &= m - 1) {
    const RouteCandidate h = hop(ctx, __builtin_ctzll(m), pos, next);
    opt[n++] = {h, ctx.view && ctx.vcs ? ctx.view->credits(ctx.router, h.out_port, ctx.vcs->range(h, ctx.at)) : 0};
  }
  std::stable_sort(opt, opt + n, [](const Option& a, const Option& b) { return a.credits > b.credits; });
  for (int i = 0; i < std::min(n, room); ++i) out.push_back(opt[i].c);
}

void TorusRouting::add_escape(const RouteContext& ctx, uint64_t mask, int pos, bool bubble, const RoutingHeader& next,
                              std::vector<RouteCandidate>& out) const {
  if (!mask) return;
  const int port = __builtin_ctzll(mask);
  RouteCandidate c = hop(ctx, port, pos, next);
  const bool stays = !injected(ctx) && ctx.in_port == (port ^ 1) && ctx.head.rh.seqpos == pos;
  if (bubble && !stays) c.hop |= kHopBubble;
  if (bubble) c.hop |= kHopSlot;
  out.push_back(c);
}

double TorusRouting::mean_used(const RouteContext& ctx, uint64_t mask) const {
  if (!mask) return 0;
  double sum = 0;
  for (uint64_t m = mask; m; m &= m - 1) sum += used(ctx, __builtin_ctzll(m));
  return sum / __builtin_popcountll(mask);
}

int TorusRouting::least_used(const RouteContext& ctx) const {
  int best = used(ctx, 0);
  for (int p = 1; p < t_.network_ports(); ++p) best = std::min(best, used(ctx, p));
  return best;
}

}  // namespace nocsim
