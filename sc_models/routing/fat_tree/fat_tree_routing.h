#pragma once
// k-ary n-tree routings (docs/routing-fat-tree.md): up to the first switch
// that covers the destination, then down its one path. The up port is the
// only choice:
//   dmodk        digit l of the destination at stage l (D-mod-K; DESTRO's
//                rule: every destination gets its own down path)
//   smodk        digit l of the source (S-mod-K: every source its own up path)
//   adaptive-up  the least occupied up port (ties: dmodk's, then the next ones)
// One VC class: every path is ups then downs, so channels ordered up by
// stage, then down by stage, make every dependency point forward.
#include <cstdint>
#include <vector>

#include "routing/routing.h"
#include "topologies/fat_tree.h"

namespace nocsim {

class FatTreeRouting : public Routing {
 public:
  enum class Up : uint8_t { DestinationDigit, SourceDigit, LeastOccupied };
  FatTreeRouting(const FatTree& t, Up up) : t_(t), up_(up) {}
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  bool adaptive() const override { return up_ == Up::LeastOccupied; }
  bool deterministic() const override { return up_ != Up::LeastOccupied; }
  bool reads_other_routers() const override { return false; }  // adaptive-up: its own up ports
  const VcSequence& reference() const override { return ref_; }

 private:
  const FatTree& t_;
  Up up_;
  VcSequence ref_;  // empty: any VC at any hop
};

}  // namespace nocsim
