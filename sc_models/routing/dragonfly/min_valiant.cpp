// MIN and Valiant (router, any, group) dragonfly routings: oblivious.
#include "routing/dragonfly/algorithms.h"

namespace nocsim {
namespace {

// MIN (Fuentes §1.4.1.1): the minimal path, at most l0-g1-l2.
class MinRouting : public DragonflyRouting {
 public:
  MinRouting(const Dragonfly& t, const DragonflyTraits& traits, const Options& o, uint64_t seed, int router)
      : DragonflyRouting(t, traits, o, seed, router) {}
  bool deterministic() const override { return true; }
};

// VAL (Fuentes §1.4.1.2): minimal to a random intermediate router, then
// minimal to the destination. VAL-group (Prisacari): to a random
// intermediate group, turning at the first router reached there. VAL-any:
// any router of a random group, the same distribution as VAL.
class DragonflyValiant : public DragonflyRouting {
 public:
  DragonflyValiant(const Dragonfly& t, const DragonflyTraits& traits, const Options& o, uint64_t seed, int router)
      : DragonflyRouting(t, traits, o, seed, router) {}

 protected:
  void at_source(const RouteContext& ctx, int dst, RoutingHeader& h) override { try_valiant(ctx, dst, h, false); }
};

}  // namespace

std::unique_ptr<DragonflyRouting> make_min(const Dragonfly& t, const DragonflyTraits& traits,
                                           const DragonflyRouting::Options& o, uint64_t seed, int router) {
  return std::make_unique<MinRouting>(t, traits, o, seed, router);
}

std::unique_ptr<DragonflyRouting> make_valiant(const Dragonfly& t, const DragonflyTraits& traits,
                                               const DragonflyRouting::Options& o, uint64_t seed, int router) {
  return std::make_unique<DragonflyValiant>(t, traits, o, seed, router);
}

}  // namespace nocsim
