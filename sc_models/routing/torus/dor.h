#pragma once
// Dimension-order (e-cube) routing on meshes and tori (Dally & Seitz).
// Dimensions are corrected in order 0, 1, ..., each in its minimal direction.
// A torus tie (distance k/2, even k) goes + (`routing.tie=plus`) or, per
// packet, either way (`random`: a hash of the run's seed, the packet id and
// the dimension, so a head routed twice takes the same way). A tie only
// arises where the packet enters the dimension: after one hop the rest is
// shorter than k/2 and its direction unique, so no state is kept.
// Reference sequence: none on a mesh or without the dateline (every VC at
// every hop); on a torus with the dateline, per dimension two classes with
// the VCs split between them (VcSequence::Share::Split), chosen by
// `routing.dateline_rule` (docs/routing-torus.md, "Dimension order"):
//   crossing  the lower class until the packet crosses the dimension's wrap
//             link, the upper from that hop on (Dally & Seitz);
//   route     the upper class for the whole dimension when its path there
//             crosses the wrap link, else the lower (BookSim2's dim_order_torus).
// Deadlock freedom: dimension order makes inter-dimension dependencies
// acyclic; within a ring, under `crossing` no lower-class VC is used on the
// wrap link and no upper-class VC before it; under `route` lower-class
// packets never use the wrap link, and upper-class packets (at most k/2 hops,
// through the wrap) never use the link from k/2 - 1 to k/2 (+) or from k/2
// to k/2 - 1 (-): neither class's dependency chain closes.
// Without the dateline (routing.dateline=false) a torus can deadlock; that is
// kept on purpose so the watchdog can be shown to catch it.
#include <cstdint>

#include "routing/routing.h"
#include "topologies/kary_ncube.h"

namespace nocsim {

struct DorOptions {
  enum class Rule : uint8_t { Crossing, Route };
  bool dateline = true;
  Rule rule = Rule::Crossing;
  bool tie_random = false;
  uint64_t seed = 0;  // the run's seed: random ties differ per seed
};

class DimensionOrder : public Routing {
 public:
  DimensionOrder(const KAryNCube& topo, DorOptions opt);
  DimensionOrder(const KAryNCube& topo, bool dateline) : DimensionOrder(topo, DorOptions{dateline}) {}
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  const VcSequence& reference() const override { return ref_; }
  bool deterministic() const override { return true; }
  bool reads_other_routers() const override { return false; }

 private:
  // The output port toward `dst_router` (-1: there), the tie rule applied.
  int port_toward(int router, int dst_router, uint64_t pkt) const;
  // The VC class (0 lower, 1 upper) of a hop through `port` of dimension d.
  int dateline_class(const RouteContext& ctx, int port, int dst_router) const;

  const KAryNCube& topo_;
  DorOptions opt_;
  VcSequence ref_;
};

}  // namespace nocsim
