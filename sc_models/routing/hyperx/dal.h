#pragma once
// DAL, Ahn et al.'s dimensionally adaptive, load-balanced routing on a
// HyperX (docs/routing-hyperx.md): at every router any unaligned dimension,
// its minimal hop, or, once per dimension, a deroute to a random other
// router of the line when UGAL's test on that dimension prefers it (1 hop
// against 2, routing/ugal_rule.h); hop i takes VC class i, so 2L classes.
// HyperX's dor, val and ugal-l are ValiantRouting's (routing/valiant_routing.h).
#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "routing/routing.h"
#include "topologies/hyperx.h"

namespace nocsim {

class DalRouting : public Routing {
 public:
  DalRouting(const HyperX& t, int ugal_threshold, uint64_t seed, int router);
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  bool adaptive() const override { return true; }
  bool reads_other_routers() const override { return false; }  // its own candidates' queues
  const VcSequence& reference() const override { return ref_; }
  // 2L classes, one per hop a path may take.
  static VcSequence sequence(int dims);

 private:
  // The hop through `port` at reference position `pos`.
  RouteCandidate hop(int port, const RoutingHeader& h, int pos, bool nonminimal) const;

  const HyperX& t_;
  int threshold_;
  VcSequence ref_;
  Rng streams_[2];      // RouteContext::stream
  Rng* rng_ = nullptr;  // the stream of the call in progress
};

}  // namespace nocsim
