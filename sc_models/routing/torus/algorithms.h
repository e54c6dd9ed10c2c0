#pragma once
// The torus adaptive routings (docs/routing-torus.md). VC classes, in the
// order of their reference sequence (split evenly, the last class taking
// the remainder):
//   star       e-cube low (before the wrap), e-cube high, "*" adaptive
//   smart-dor  e-cube low, e-cube high (as dor)
//   abr, por   escape (bubble), adaptive
//   ofr        escape VS1 (toward the IDN), escape VS2 (toward t), adaptive
#include <array>
#include <vector>

#include "parallel/outbox.h"
#include "routing/torus/adaptive.h"
#include "routing/torus/outflank.h"

namespace nocsim {

// Star-channel (Gravano; Duato's protocol): a free "*" VC on any minimal
// direction, else the e-cube escape with the dateline.
class StarChannel : public TorusRouting {
 public:
  explicit StarChannel(const KAryNCube& t) : TorusRouting(t, "LLL") {}
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
};

// Smart dimension-order (Pisani §2.7.3): e-cube; at the first router only,
// when the e-cube output has no usable VC, one hop in another dimension on
// a VC class no e-cube route uses on that link.
class SmartDor : public TorusRouting {
 public:
  explicit SmartDor(const KAryNCube& t);
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  // The e-cube class (0 low, 1 high) unused on the link leaving coordinate
  // x of dimension d in direction `minus`, -1 when both are used.
  int unused_class(int d, bool minus, int x) const { return unused_[static_cast<size_t>(d)][minus][static_cast<size_t>(x)]; }

 private:
  std::vector<std::array<std::vector<int>, 2>> unused_;
};

// Adaptive Bubble Routing (Puente et al.; Versaci §2), and the base of POR
// and OFR: an adaptive VC on any productive port of the packet's current
// target and fixed directions, else the escape: dimension order with the
// bubble rule.
class BubbleRouting : public TorusRouting {
 public:
  explicit BubbleRouting(const KAryNCube& t, const char* classes = "LL") : TorusRouting(t, classes) {}
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override;
  void attach_stats(RoutingStats* s) override { stats_ = dynamic_cast<TorusDeroutes*>(s); }

 protected:
  // Where the head goes next, in which directions (bit d: -), on which escape class.
  struct Leg {
    int target;
    uint32_t minus;
    int escape;
  };
  // Decides at injection (writing `next`) and returns the leg; ABR: minimal to the destination.
  virtual Leg leg(const RouteContext& ctx, RoutingHeader& next);
  int adaptive_class() const { return ref_.size() - 1; }
  // POR and OFR: a measured packet's decision at its source (RC's call) goes
  // to the run's statistics; `minimal`: the ports u0 averages over.
  void record(const RouteContext& ctx, int dst, uint64_t minimal, int u_star, double u0, const ProfitView& view) const {
    if (!stats_ || ctx.stream != 0 || !ctx.head.measured) return;
    const ProfitSample s = sample(ctx, dst, minimal, u_star, u0, view);
    // On a worker thread (sim.threads) the shared sums take it in router order.
    if (Outbox* o = Outbox::current()) return o->later([t = stats_, s] { t->decided(s); });
    stats_->decided(s);
  }

 private:
  [[gnu::noinline]] ProfitSample sample(const RouteContext& ctx, int dst, uint64_t minimal, int u_star, double u0,
                                        const ProfitView& view) const;
  TorusDeroutes* stats_ = nullptr;
};

// POR (pick-orthant): at injection, the orthant (a direction per dimension
// that differs) of highest profit, eta = 1.0; then only those directions.
class PickOrthant : public BubbleRouting {
 public:
  explicit PickOrthant(const KAryNCube& t, double eta = 1.0) : BubbleRouting(t), eta_(eta) {}

 protected:
  Leg leg(const RouteContext& ctx, RoutingHeader& next) override;

 private:
  double eta_;
};

// OFR (OutFlank): at injection, an intermediate destination node (WIDN or
// OIDN, Delta = 2) of highest profit, eta = 2.0, or none; minimal ABR to it
// on escape VS1, then to the destination on VS2.
class OutFlank : public BubbleRouting {
 public:
  explicit OutFlank(const KAryNCube& t, double eta = 2.0, int delta = 2) : BubbleRouting(t, "LLL"), eta_(eta), delta_(delta) {}

 protected:
  Leg leg(const RouteContext& ctx, RoutingHeader& next) override;

 private:
  double eta_;
  int delta_;
};

}  // namespace nocsim
