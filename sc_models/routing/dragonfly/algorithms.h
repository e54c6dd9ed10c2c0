#pragma once
// The dragonfly routing classes, one per algorithm (docs/routing-dragonfly.md).
// Each maker builds its class with the traits of its registration
// (register.cpp), so one class may serve several keys (VAL, VAL-any,
// VAL-group).
#include <memory>

#include "routing/dragonfly/family.h"
#include "vc/vc_policy.h"

namespace nocsim {

DragonflyMaker make_min, make_valiant, make_ugal_l, make_ugal_g, make_pb, make_par, make_olm;

}  // namespace nocsim
