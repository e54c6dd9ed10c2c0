#pragma once
// Minimal, Valiant and UGAL-L routing over any topology's minimal paths
// (Topology::minimal_port, min_hops): one class for every family that
// numbers the routers carrying nodes first, the same number each, and
// whose minimal next hop the topology answers (HyperX:
// docs/routing-hyperx.md; graphs and SlimFly: docs/routing-graph.md;
// Dragonfly+: docs/routing-dragonfly-plus.md). Valiant's intermediate is
// one of those routers.
//   min     the topology's minimal port at every hop.
//   val     minimal to a random intermediate router, then to the destination.
//   ugal-l  at the source, Valiant iff UGAL's test prefers it on the first
//           hops' queues (routing/ugal_rule.h); otherwise minimal.
// VC classes (the reference sequence):
//   Any      none (min only: any VC at any hop; HyperX's DOR);
//   ByPhase  class 0 toward the intermediate and for minimal packets, class 1
//            after it (each phase acyclic on its own: HyperX's DOR);
//   ByHop    hop i takes class i, up to `max_hops` (any graph).
#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "routing/routing.h"

namespace nocsim {

class ValiantRouting : public Routing {
 public:
  enum class Mode : uint8_t { Min, Valiant, UgalL };
  enum class Classes : uint8_t { Any, ByPhase, ByHop };
  ValiantRouting(const Topology& t, Mode mode, Classes classes, int max_hops, int ugal_threshold, uint64_t seed,
                 int router);
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  bool adaptive() const override { return mode_ == Mode::UgalL; }
  bool deterministic() const override { return mode_ == Mode::Min; }
  bool reads_other_routers() const override { return false; }  // UGAL-L: its own first hops' queues
  const VcSequence& reference() const override { return ref_; }
  static VcSequence sequence(Classes classes, int max_hops);

 private:
  // The minimal hop from `router` toward router `target` at reference position `pos`.
  RouteCandidate hop(int router, int target, const RoutingHeader& h, int pos, bool nonminimal) const;
  void decide_at_source(const RouteContext& ctx, int dst, RoutingHeader& h);

  const Topology& t_;
  Mode mode_;
  Classes classes_;
  int threshold_;
  VcSequence ref_;
  Rng streams_[2];      // RouteContext::stream
  Rng* rng_ = nullptr;  // the stream of the call in progress
};

}  // namespace nocsim
