#pragma once
// The dragonfly routing classes, one per algorithm (docs/routing-dragonfly.md),
// built through DragonflyRouting::make().
#include <memory>

#include "routing/dragonfly/dragonfly_routing.h"
#include "vc/vc_policy.h"

namespace nocsim {


std::unique_ptr<DragonflyRouting> make_min(const Dragonfly& t, const DragonflyRouting::Options& o, uint64_t seed, int router);
// VAL (router), VAL-any (as VAL) and VAL-group.
std::unique_ptr<DragonflyRouting> make_valiant(const Dragonfly& t, DragonflyRouting::Kind kind,
                                               const DragonflyRouting::Options& o, uint64_t seed, int router);
// UGAL-L and UGAL-G.
std::unique_ptr<DragonflyRouting> make_ugal(const Dragonfly& t, DragonflyRouting::Kind kind,
                                            const DragonflyRouting::Options& o, uint64_t seed, int router);
std::unique_ptr<DragonflyRouting> make_pb(const Dragonfly& t, const DragonflyRouting::Options& o, uint64_t seed, int router);
std::unique_ptr<DragonflyRouting> make_par(const Dragonfly& t, const DragonflyRouting::Options& o, uint64_t seed, int router);
std::unique_ptr<DragonflyRouting> make_olm(const Dragonfly& t, const DragonflyRouting::Options& o, uint64_t seed, int router);

}  // namespace nocsim
