// The Dragonfly+ routings (topology.type dragonflyplus;
// docs/routing-dragonfly-plus.md): min, val and ugal-l as ValiantRouting
// over the topology's minimal paths, beside the dragonfly's, HyperX's and
// the graphs' of the same names. min needs no VC classes (up, global and
// down channels follow each other in that order on every minimal path);
// val and ugal-l take class 0 toward the intermediate leaf and class 1
// after it, on every port, global ones included.
#include <algorithm>
#include <string>

#include "core/config.h"
#include "core/error.h"
#include "routing/routing_config.h"
#include "routing/valiant_routing.h"
#include "topologies/dragonfly_plus.h"
#include "vc/buffer_config.h"

namespace nocsim {
namespace {

using Mode = ValiantRouting::Mode;
using Classes = ValiantRouting::Classes;

bool is_dragonfly_plus(const Topology& t) { return dynamic_cast<const DragonflyPlus*>(&t) != nullptr; }

void check(const std::string& name, Mode mode, const Config& cfg) {
  for (const char* key : {"routing.dateline", "routing.dateline_rule", "routing.tie"})
    if (cfg.given(key))
      throw ConfigError(std::string(key) + ": the torus's option; a dragonflyplus has no rings (remove it for " +
                        name + ")");
  const BufferConfig b = BufferConfig::from(cfg);
  const int need = mode == Mode::Min ? 1 : 2;
  for (PortClass c : {PortClass::Local, PortClass::Global})
    if (b.vcs_of(c) < need)
      throw ConfigError(std::string(c == PortClass::Global ? "router.global_vcs" : "router.vcs") + ": " + name +
                        " on a dragonflyplus needs >= " + std::to_string(need) +
                        " VCs per link (one class toward the intermediate, one after), got " +
                        std::to_string(b.vcs_of(c)));
}

void add_plus(RoutingRegistry& reg, const std::string& name, Mode mode) {
  RoutingFactory f;
  f.make = [mode](const Topology& t, const Config& cfg, uint64_t seed, int router) -> std::unique_ptr<Routing> {
    return std::make_unique<ValiantRouting>(t, mode, mode == Mode::Min ? Classes::Any : Classes::ByPhase, 0,
                                            RoutingConfig::from(cfg).ugal_threshold, seed, router);
  };
  f.validate = [name, mode](const Topology&, const Config& cfg) { check(name, mode, cfg); };
  add_family_routing(reg, name, "dragonflyplus", is_dragonfly_plus, f);
}

}  // namespace

void register_dragonfly_plus_routings(RoutingRegistry& reg) {
  add_plus(reg, "min", Mode::Min);
  add_plus(reg, "val", Mode::Valiant);
  add_plus(reg, "ugal-l", Mode::UgalL);
}

}  // namespace nocsim
