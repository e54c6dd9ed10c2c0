#pragma once
// Dragonfly routings with distance-based VCs (VcSequence).
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
//   channel at its gateway router. T = routing.ugal_threshold flits. VCs as VAL.
// PAR (progressive adaptive, Fuentes §1.4.2): the UGAL-L test at the source
//   router and, if the packet went minimally over a local hop, once more at
//   the next router of the source group: l0-l1-g2-l3-l4-g5-l6, 5 local / 2 global.
//   That router is the gateway: its minimal hop is global, so the second test
//   draws the Valiant group among the gateway's other global links (CRG; NRG
//   with routing.global_misroute nrg or mm), as the seed simulator's PAR
//   does. Both sides of the comparison are then global channels whose credit
//   occupancy counts the same link round trip; against a local first hop the
//   minimal global link always looked fuller (docs/validation.md).
// PB (PiggyBack, Jiang et al.; Fuentes §1.4.2): UGAL-L at the source router,
//   also misrouting when the minimal path's global port is flagged saturated
//   in the group (PiggybackBoard). VCs as VAL. With routing.pb_repick, RC
//   also offers two other random Valiant routers, which VA takes when the
//   first one's output has no usable VC (Fuentes ch. 5's re-pick).
// OLM (opportunistic local misrouting, García et al.; Fuentes §1.4.2): the
//   UGAL-L test at the source router picks a Valiant intermediate group (as
//   VAL-group); outside the source group, when the minimal next hop is local
//   and its output holds more than routing.local_misroute_threshold flits, a
//   hop to a random other router of the group is offered first, once per
//   group. In the source group, at the router a packet reached minimally over
//   a local link (the injection router decides global misrouting), the
//   UGAL-L test may instead send it over a local hop to another router whose
//   global link leads to an NRG intermediate group; that router's next hop is
//   then that non-minimal global link, forced (two local hops in the source
//   group force a global misroute). Local misroutes are opportunistic: they
//   reuse the local VC of the packet's last local position (0 before any)
//   without moving along the sequence and need room for the whole packet; VA
//   falls back to the minimal hop when it cannot have it. Sequence
//   l0-l0-g1 | l0-l2-g3 | l4 in the spec's notation: LGLGL, 3 local /
//   2 global. Deadlock freedom rests on the escape path: from every buffer the
//   non-opportunistic hops left are strictly increasing (Fuentes ch. 5).
//   VA tries the misroute first and the minimal hop after.
// PAR's and OLM's decisions take, instead of the UGAL-L test, the seed
//   simulator's credit trigger with routing.misroute_trigger=credits: misroute
//   when the minimal output VC is at least routing.misroute_threshold% full
//   and cannot take the packet now (fewer credits than its flits, or its link
//   busy), to a candidate that can (spec/dragonfly.md).
// Adaptive kinds (UGAL, PAR, PB, OLM) are routed again before every VA
// attempt after the first with routing.reevaluate (the seed simulator's
// behaviour, default); otherwise once per router, when RC routes the head.
// The intermediate group is drawn by routing.global_misroute (Fuentes §1.4.3):
//   rrg any allowed group; crg a group wired to the deciding router; nrg a
//   group wired to another router of its group; mm crg at the source router,
//   nrg in transit. An empty choice falls back to rrg.
// Packets within one group go minimally. routing.valiant_exclude: `source`
// (the intermediate may not be in the source group; the seed simulator's
// choice) or `source+destination` (strict Valiant). Deadlock freedom: every hop
// takes a later position of the reference sequence, so channel dependencies
// follow a total order.
#include <memory>

#include "core/rng.h"
#include "routing/dragonfly/vc_sequence.h"
#include "routing/routing.h"
#include "topologies/dragonfly.h"

namespace nocsim {

class DragonflyRouting : public Routing {
 public:
  enum class Kind { Min, ValRouter, ValGroup, UgalL, UgalG, Par, Pb, Olm };
  enum class Policy { Rrg, Crg, Nrg, Mm };
  struct Options {
    bool exclude_destination = false;
    int ugal_threshold = 0;
    Policy policy = Policy::Rrg;
    bool queue_only = false;  // UGAL's Q: output queue only, not downstream credits
    int local_threshold = 8;  // OLM: misroute locally when the minimal local output holds more flits
    bool pb_repick = true;    // PB: offer two more Valiant routers as fallbacks
    bool credit_trigger = false;  // PAR/OLM: the credit trigger instead of the UGAL test
    int trigger_percent = 50;     // credit trigger: minimal output VC occupancy, % of its buffer
  };
  DragonflyRouting(const Dragonfly& t, Kind kind, const Options& o, uint64_t seed, int router);
  // Oblivious kinds have a closed-form channel-load bound.
  static bool oblivious(Kind k) { return k == Kind::Min || k == Kind::ValRouter || k == Kind::ValGroup; }
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  bool adaptive() const override {
    return kind_ == Kind::UgalL || kind_ == Kind::UgalG || kind_ == Kind::Par || kind_ == Kind::Pb ||
           kind_ == Kind::Olm;
  }
  static VcSequence sequence(Kind kind);
  // The kind registered under a routing.algorithm key; false for other keys.
  static bool kind_of(const std::string& key, Kind& kind);
  // Packets that turned at this router (reached their intermediate group or
  // router) and left it over each local port: the "indirect" traffic of
  // Prisacari's analysis.
  const std::vector<uint64_t>& indirect_by_port() const { return indirect_; }

 private:
  // Candidate for the hop toward router `target` (not the current one).
  RouteCandidate hop(int router, int target, const RoutingHeader& h) const;
  // An intermediate group (VAL-group) or router, drawn at `router` by the policy.
  int pick_intermediate(int router, int dst_group, bool in_transit);
  // The same for an explicit policy and exclusion of the destination group.
  int pick_group_or_router(int router, int dst_group, Policy p, bool exclude_destination);
  // UGAL (or PAR/OLM's trigger): go toward the Valiant router `via` instead
  // of minimally? PB also when the minimal global link is flagged.
  bool prefers_valiant(const RouteContext& ctx, int dst, int via, const RoutingHeader& h) const;
  // Misroute from the minimal first hop `m` to `n` (both at the deciding
  // router)? The UGAL-L test with the paths' lengths h_min and h_val, or
  // PAR/OLM's credit trigger (routing.misroute_trigger=credits).
  bool prefers_misroute(const RouteContext& ctx, const RouteCandidate& m, const RouteCandidate& n, long h_min,
                        long h_val) const;
  // Credit trigger: the output VC is at least trigger_percent% full and cannot take the packet now.
  bool congested(const RouteContext& ctx, const RouteCandidate& c) const;
  // Room for the whole packet on the candidate's VC and its link idle.
  bool can_take(const RouteContext& ctx, const RouteCandidate& c) const;
  // OLM: a local misroute candidate when the minimal local hop is congested
  // (outside the source group, once per group).
  bool olm_local(const RouteContext& ctx, const RouteCandidate& minimal, RouteCandidate& misroute);
  // OLM in the source group, at a router reached over a local link while still
  // minimal: a local hop toward another router's global link when the UGAL-L
  // test prefers it over the minimal global hop.
  bool olm_source_local(const RouteContext& ctx, const RoutingHeader& h, int dst, const RouteCandidate& minimal,
                        RouteCandidate& misroute);
  // The local VC an opportunistic hop reuses: that of the packet's last local position.
  int reuse_vc(const RoutingHeader& h) const;
  // UGAL's Q of output VC `vc` of `port` at `router`.
  long q(const CongestionView& v, int router, int port, int vc) const {
    return o_.queue_only ? v.output_queue(router, port) : v.occupancy(router, port, vc);
  }
  // Occupancy of the path's global channel leaving group gs toward group gt.
  int global_occupancy(const CongestionView& v, int gs, int gt, const RoutingHeader& h) const;

  const Dragonfly& t_;
  Kind kind_;
  Options o_;
  VcSequence seq_;
  Rng streams_[2];    // RouteContext::stream
  Rng* rng_ = nullptr;  // the stream of the call in progress
  std::vector<int> cand_;  // scratch: candidate groups
  std::vector<uint64_t> indirect_;
};

}  // namespace nocsim
