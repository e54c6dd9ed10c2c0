#pragma once
// Dimension-order (e-cube) routing on meshes and tori (Dally & Seitz).
// Dimensions are corrected in order 0, 1, ..., each in its minimal direction
// (the + direction on a tie at distance k/2; KAryNCube::dor_port).
// Reference sequence: none on a mesh or without the dateline (every VC at
// every hop); on a torus with the dateline, per dimension two positions with
// the VCs split between them (VcSequence::Share::Split): a packet takes
// position 0 (lower half) in a dimension until it crosses that dimension's
// wrap link and position 1 (upper half) from that hop on.
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
  DimensionOrder(const KAryNCube& topo, bool dateline);
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  const VcSequence& reference() const override { return ref_; }
  bool deterministic() const override { return true; }

 private:
  const KAryNCube& topo_;
  bool dateline_;
  VcSequence ref_;
};

}  // namespace nocsim
