#pragma once
// Oblivious dragonfly routings with distance-based VCs.
//
// MIN (Fuentes §1.4.1.1): at most local, global, local hop (l0-g1-l2): 2 local
//   VCs, 1 global.
// VAL (Valiant, Fuentes §1.4.1.2): minimal to a random intermediate router,
//   then minimal to the destination: l0-g1-l2-l3-g4-l5, 4 local / 2 global.
// VAL-group (Prisacari's Valiant): minimal to a random intermediate group;
//   the first router reached there ends the first phase: l0-g1-l2-g3-l4,
//   3 local / 2 global.
// VAL-any (Prisacari's "Valiant Any"): any router of a random intermediate
//   group is the turning point; that is the same distribution as VAL's random
//   router, so it is VAL under Prisacari's name.
// UGAL-L / UGAL-G (Kim et al.; Fuentes Eq. 1.2, in the seed simulator's
//   hop-weighted form): at the source router draw a Valiant intermediate
//   router and go non-minimally iff Q_min*H_min > Q_val*H_val + T, with H the
//   path lengths and Q the occupancy of the output VC each path's first hop
//   would use (UGAL-L); UGAL-G adds the occupancy of each path's global
//   channel at its gateway router. T = routing.ugal_threshold flits. Decided
//   once, in RC at the source router. VCs as VAL.
// The intermediate is drawn at the source router. Packets within one group go
// minimally. routing.valiant_exclude: `source` (the intermediate may not be
// in the source group; the seed simulator's choice) or `source+destination`
// (strict Valiant). Deadlock freedom: every hop takes a later position of the
// reference sequence (VcSequence), so channel dependencies follow a total order.
#include <memory>

#include "core/rng.h"
#include "routing/dragonfly/vc_sequence.h"
#include "routing/routing.h"
#include "topologies/dragonfly.h"

namespace nocsim {

class DragonflyRouting : public Routing {
 public:
  enum class Kind { Min, ValRouter, ValGroup, UgalL, UgalG };
  DragonflyRouting(const Dragonfly& t, Kind kind, bool exclude_destination, uint64_t seed, int router,
                   int ugal_threshold = 0);
  // Oblivious kinds have a closed-form channel-load bound.
  static bool oblivious(Kind k) { return k == Kind::Min || k == Kind::ValRouter || k == Kind::ValGroup; }
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  static VcSequence sequence(Kind kind);
  // The kind registered under a routing.algorithm key; false for other keys.
  static bool kind_of(const std::string& key, Kind& kind);

 private:
  // Candidate for the hop toward router `target` (not the current one).
  RouteCandidate hop(int router, int target, const RoutingHeader& h) const;
  int pick_intermediate(int src_group, int dst_group);
  // UGAL: true when the path through `inter` looks less loaded than the minimal one.
  bool ugal_prefers_valiant(const RouteContext& ctx, int dst, int inter, const RoutingHeader& h) const;
  // Occupancy of the path's global channel leaving group gs toward group gt.
  int global_occupancy(const CongestionView& v, int gs, int gt, const RoutingHeader& h) const;

  const Dragonfly& t_;
  Kind kind_;
  bool exclude_dst_;
  VcSequence seq_;
  Rng rng_;
  int threshold_;
};

}  // namespace nocsim
