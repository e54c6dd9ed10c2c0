#pragma once
// HyperX routings (docs/routing-hyperx.md): dimension order, Valiant, UGAL-L
// and DAL (Ahn et al., SC'09), one class with the algorithm as a parameter
// because they share the hop arithmetic and the source decision.
//   dor     the lowest unaligned dimension first, one hop each; any VC.
//   val     DOR to a random intermediate router (class 0), then DOR to the
//           destination (class 1).
//   ugal-l  at the source, Valiant iff UGAL's test prefers it on the first
//           hops' queues (routing/ugal_rule.h); a minimal packet stays in
//           class 0.
//   dal     at every router, any unaligned dimension: its minimal hop, or,
//           once per dimension, a deroute to a random other router of the
//           line when UGAL's test prefers it (1 hop against 2); VC class =
//           hops taken, so 2L classes.
#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "routing/routing.h"
#include "topologies/hyperx.h"

namespace nocsim {

class HyperXRouting : public Routing {
 public:
  enum class Algorithm : uint8_t { Dor, Valiant, UgalL, Dal };
  HyperXRouting(const HyperX& t, Algorithm a, int ugal_threshold, uint64_t seed, int router);
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  bool adaptive() const override { return alg_ == Algorithm::UgalL || alg_ == Algorithm::Dal; }
  bool deterministic() const override { return alg_ == Algorithm::Dor; }
  const VcSequence& reference() const override { return ref_; }
  // The reference sequence of algorithm `a` on `dims` dimensions: its VC
  // classes, in the order every path takes them.
  static VcSequence sequence(Algorithm a, int dims);

 private:
  // The hop from `router` through `port` at reference position `pos`.
  RouteCandidate hop(int port, const RoutingHeader& h, int pos, bool nonminimal) const;
  // Flits queued toward the VCs the router's policy allows candidate c.
  long queue(const RouteContext& ctx, const RouteCandidate& c) const;
  // Val and UGAL-L: at the source, draws the intermediate and decides.
  void decide_at_source(const RouteContext& ctx, int dst, RoutingHeader& h);
  void route_dal(const RouteContext& ctx, int dst, std::vector<RouteCandidate>& out);

  const HyperX& t_;
  Algorithm alg_;
  int threshold_;
  VcSequence ref_;
  Rng streams_[2];      // RouteContext::stream
  Rng* rng_ = nullptr;  // the stream of the call in progress
};

}  // namespace nocsim
