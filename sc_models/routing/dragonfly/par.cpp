// PAR (progressive adaptive routing, Fuentes §1.4.2).
#include "routing/dragonfly/algorithms.h"

namespace nocsim {
namespace {

using Policy = DragonflyRouting::Policy;

// The UGAL-L test at the source router and, if the packet went minimally over
// a local hop, once more at the next router of the source group (phase 2).
// That router is the gateway: its minimal hop is global, so the second test
// draws among the gateway's other global links (CRG; NRG with
// routing.global_misroute nrg or mm), as FOGSim's PAR does: both sides of the
// comparison are then global channels (docs/validation.md).
class ParRouting : public DragonflyRouting {
 public:
  ParRouting(const Dragonfly& t, const DragonflyTraits& traits, const Options& o, uint64_t seed, int router)
      : DragonflyRouting(t, traits, o, seed, router) {}

 protected:
  void at_source(const RouteContext& ctx, int dst, RoutingHeader& h) override {
    if (!try_valiant(ctx, dst, h, true) && t_.port_class(t_.min_port(ctx.router, dst)) == PortClass::Local)
      h.phase = 2;
  }
  void in_transit(const RouteContext& ctx, int dst, RoutingHeader& h) override {
    const bool nrg = o_.policy == Policy::Nrg || o_.policy == Policy::Mm;
    const int inter = pick_group_or_router(ctx.router, t_.group(dst), nrg ? Policy::Nrg : Policy::Crg, true);
    if (inter >= 0 && prefers_valiant(ctx, dst, inter, h)) h = through(h, inter);
  }
};

}  // namespace

std::unique_ptr<DragonflyRouting> make_par(const Dragonfly& t, const DragonflyTraits& traits,
                                           const DragonflyRouting::Options& o, uint64_t seed, int router) {
  return std::make_unique<ParRouting>(t, traits, o, seed, router);
}

}  // namespace nocsim
