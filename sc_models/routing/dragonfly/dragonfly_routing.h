#pragma once
// Shared path arithmetic of the dragonfly routings, one class per algorithm
// on top of it (min_valiant.cpp, ugal.cpp, par.cpp, olm.cpp), each registered
// with its traits in register.cpp (family.h). The rules, their
// sources and each one's reference sequence and deadlock-freedom argument:
// docs/routing-dragonfly.md.
//
// route() is the same walk for every algorithm: at the source router a packet
// leaving its group may be given an intermediate group or router
// (at_source()); PAR may decide once more at the next router (in_transit());
// a packet in phase 0 turns when it reaches its intermediate; then the
// minimal hop toward the current target, with candidates an algorithm adds
// before or after it (extra()). Candidates name the reference position each
// hop takes (VcSequence), never a VC: the VC policy maps positions to VCs,
// and congestion is read over the VCs the policy allows a candidate.
#include <memory>
#include <string>

#include "core/rng.h"
#include "routing/routing.h"
#include "topologies/dragonfly.h"

namespace nocsim {

// What sets one algorithm apart in the shared walk (its registration,
// family.h, gives them).
struct DragonflyTraits {
  VcSequence seq;               // the reference sequence (docs/routing-dragonfly.md)
  bool to_group = false;        // the Valiant intermediate is a group: turn at the first router reached there
  bool adaptive = false;        // decides by congestion (routing.reevaluate applies)
  bool credit_trigger = false;  // routing.trigger=credits applies (PAR, OLM); else the UGAL test decides
};

class DragonflyRouting : public Routing {
 public:
  enum class Policy { Rrg, Crg, Nrg, Mm };
  // When to misroute: the UGAL test, FOGSim's credit trigger (PAR, OLM) or
  // the contention counters (docs/routing-dragonfly.md).
  enum class Trigger { Ugal, Credits, Contention };
  struct Options {
    bool exclude_destination = false;
    int ugal_threshold = 0;
    Policy policy = Policy::Rrg;
    bool queue_only = false;  // UGAL's Q: output queue only, not downstream credits
    int local_threshold = 8;  // OLM: misroute locally when the minimal local output holds more flits
    bool pb_repick = true;    // PB: offer two more Valiant routers as fallbacks
    Trigger trigger = Trigger::Ugal;
    int trigger_percent = 50;     // credit trigger: minimal output VC occupancy, % of its buffer
    bool hybrid = false;          // contention trigger: also the minimal output VC credit_percent% full
    int credit_percent = 50;
    bool ectn = false;            // contention trigger at injection: the ECtN group counters
    bool mincred = false;         // UGAL's Q: minimally routed flits downstream plus the output queue
  };

  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) final;
  bool adaptive() const override { return adaptive_; }
  // Its congestion reads are the routing router's own (UGAL-G's and PB's are not: their classes say so).
  bool reads_other_routers() const override { return false; }
  const VcSequence& reference() const override { return seq_; }
  void granted(const RouteCandidate& c) override;
  // Packets that turned at this router (reached their intermediate group or
  // router) and left it over each local port: the "indirect" traffic of
  // Prisacari's analysis. Counted once per packet, when VA grants the hop.
  const std::vector<uint64_t>& indirect_by_port() const { return indirect_; }

 protected:
  DragonflyRouting(const Dragonfly& t, const DragonflyTraits& traits, const Options& o, uint64_t seed, int router);

  // At the source router of a packet leaving its group: h.phase is 1
  // (minimal); set h.inter and h.phase 0 to go through an intermediate.
  virtual void at_source(const RouteContext&, int /*dst*/, RoutingHeader&) {}
  // A packet in phase 2 (PAR's second chance): h.phase is 1 on entry.
  virtual void in_transit(const RouteContext&, int /*dst*/, RoutingHeader&) {}
  // More candidates around the minimal hop out.back() (e.g. OLM's misroute
  // first, PB's re-picks after). h: the header the hop was computed from.
  virtual void extra(const RouteContext&, const RoutingHeader& /*h*/, int /*dst*/, bool /*at_source*/,
                     std::vector<RouteCandidate>& /*out*/) {}
  // UGAL's choice at the source (UGAL-G and PB refine it): go toward the
  // Valiant router `via` instead of minimally?
  virtual bool prefers_valiant(const RouteContext& ctx, int dst, int via, const RoutingHeader& h) const;

  // Draws an intermediate by the configured policy and takes it when `test`
  // is false or prefers_valiant() agrees; true when taken.
  bool try_valiant(const RouteContext& ctx, int dst, RoutingHeader& h, bool test);
  // Candidate for the minimal hop toward router `target` (not the current one).
  RouteCandidate hop(int router, int target, const RoutingHeader& h) const;
  // The header of h's packet sent through the Valiant router `via` (phase 0;
  // the intermediate is via's group when the routing turns at a group): what
  // FlexVC reads a Valiant hop's VCs with before the packet takes it.
  RoutingHeader through(const RoutingHeader& h, int via) const;
  // An intermediate group (to_group_) or router, drawn at `router` by the policy.
  int pick_intermediate(int router, int dst_group, bool in_transit);
  int pick_group_or_router(int router, int dst_group, Policy p, bool exclude_destination);
  // Misroute from the minimal first hop `m` to `n` (both at the deciding
  // router)? The UGAL-L test with the paths' lengths, or the trigger.
  bool prefers_misroute(const RouteContext& ctx, const RouteCandidate& m, const RouteCandidate& n, long h_min,
                        long h_val) const;
  // Credit trigger: the candidate's VCs at least trigger_percent% full and unable to take the packet now.
  bool congested(const RouteContext& ctx, const RouteCandidate& c) const;
  // Contention trigger: the candidate's output counter above its threshold
  // (hybrid: or its VCs at least credit_percent% full).
  bool contended(const RouteContext& ctx, const RouteCandidate& c) const;
  // The trigger's test of the minimal hop m; true for the UGAL test, which compares paths instead.
  bool triggered(const RouteContext& ctx, const RouteCandidate& m) const;
  // Room for the whole packet on one of the candidate's VCs and its link idle.
  bool can_take(const RouteContext& ctx, const RouteCandidate& c) const;
  // The local position an opportunistic hop reuses: the packet's last local
  // position (the first of the sequence before any).
  int reuse_position(const RoutingHeader& h) const;
  // The VCs the policy allows candidate c of `router` (with its path shapes
  // when the policy reads them): what congestion reads go over.
  VcRange vcs(const RouteContext& ctx, int router, const RouteCandidate& c) const;
  // c's intended rest of path and minimal escape from `router` toward router `dst`.
  void fill_shapes(int router, int dst, RouteCandidate& c) const;
  // FlexVC: fills out[first..]'s path shapes, adds a minimal fallback (dragonfly_routing.cpp).
  void fill_paths(const RouteContext& ctx, int dst, const RoutingHeader& h, size_t first,
                  std::vector<RouteCandidate>& out) const;
  // UGAL's Q of candidate c (over the VCs the policy allows it).
  long q(const RouteContext& ctx, int router, const RouteCandidate& c) const;
  // Q of the path's global channel leaving group gs toward group gt; h: the
  // header the packet carries on that path (phase 1: minimal to the
  // destination; phase 0: through intermediate h.inter).
  long global_q(const RouteContext& ctx, int gs, int gt, const RoutingHeader& h) const;

  const Dragonfly& t_;
  Options o_;
  VcSequence seq_;
  bool to_group_;       // the intermediate is a group (VAL-group, OLM), else a router
  bool adaptive_;
  Rng streams_[2];      // RouteContext::stream
  Rng* rng_ = nullptr;  // the stream of the call in progress

 private:
  std::vector<int> cand_;  // scratch: candidate groups
  std::vector<uint64_t> indirect_;
};

}  // namespace nocsim
