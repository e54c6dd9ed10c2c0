#pragma once
// Dimension-order (e-cube) routing on meshes and tori (Dally & Seitz).
// Dimensions are corrected in order 0, 1, ..., each in its minimal direction
// (the + direction on a tie at distance k/2).
// VCs: on a mesh every VC is allowed. On a torus with the dateline the VCs are
// split in two halves: a packet uses the lower half in a dimension until it
// takes that dimension's wrap link and the upper half from that hop on.
// Deadlock freedom: dimension order makes inter-dimension dependencies acyclic;
// within a ring no lower-half VC is ever used on the wrap link and the upper
// half is never used before it, so neither half's dependency chain closes.
// Without the dateline (routing.dateline=false) a torus can deadlock; that is
// kept on purpose so the watchdog can be shown to catch it.
#include "routing/routing.h"
#include "topologies/kary_ncube.h"

namespace nocsim {

class DimensionOrder : public Routing {
 public:
  DimensionOrder(const KAryNCube& topo, int vcs, bool dateline) : topo_(topo), vcs_(vcs), dateline_(dateline) {}
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  // The network port DOR takes from router toward dst_router, or -1 when there.
  int next_port(int router, int dst_router) const;

 private:
  const KAryNCube& topo_;
  int vcs_;
  bool dateline_;
};

}  // namespace nocsim
