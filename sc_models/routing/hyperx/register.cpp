// The HyperX routings' registry entries (docs/routing-hyperx.md): dor, val
// and ugal-l (ValiantRouting over DOR's minimal paths, beside the torus's
// and the dragonfly's of the same names) and dal; their VC needs are their
// reference sequences'.
#include "core/config.h"
#include "core/error.h"
#include "routing/hyperx/dal.h"
#include "routing/routing_config.h"
#include "routing/valiant_routing.h"
#include "vc/buffer_config.h"

namespace nocsim {
namespace {

using Mode = ValiantRouting::Mode;
using Classes = ValiantRouting::Classes;

bool is_hyperx(const Topology& t) { return dynamic_cast<const HyperX*>(&t) != nullptr; }

// DAL, or a ValiantRouting mode.
struct Kind {
  bool dal = false;
  Mode mode = Mode::Min;
};

VcSequence sequence(Kind k, const HyperX& t) {
  if (k.dal) return DalRouting::sequence(t.n());
  return ValiantRouting::sequence(k.mode == Mode::Min ? Classes::Any : Classes::ByPhase, 0);
}

void check(const std::string& name, Kind kind, const Topology& t, const Config& cfg) {
  for (const char* key : {"routing.dateline", "routing.dateline_rule", "routing.tie"})
    if (cfg.given(key))
      throw ConfigError(std::string(key) + ": the torus's option; a hyperx has no rings (remove it for " + name + ")");
  const VcSequence seq = sequence(kind, static_cast<const HyperX&>(t));
  const int vcs = BufferConfig::from(cfg).vcs, need = std::max(1, seq.size());
  if (vcs < need)
    throw ConfigError("router.vcs: " + name + " on this hyperx needs >= " + std::to_string(need) + " VCs per link (" +
                      (seq.size() ? "one class per position of " + seq.text() : std::string("one class")) + "), got " +
                      std::to_string(vcs));
}

void add_hyperx(RoutingRegistry& reg, const std::string& name, Kind kind) {
  RoutingFactory f;
  f.make = [kind](const Topology& t, const Config& cfg, uint64_t seed, int router) -> std::unique_ptr<Routing> {
    const int threshold = RoutingConfig::from(cfg).ugal_threshold;
    if (kind.dal) return std::make_unique<DalRouting>(static_cast<const HyperX&>(t), threshold, seed, router);
    return std::make_unique<ValiantRouting>(t, kind.mode, kind.mode == Mode::Min ? Classes::Any : Classes::ByPhase, 0,
                                            threshold, seed, router);
  };
  f.validate = [name, kind](const Topology& t, const Config& cfg) { check(name, kind, t, cfg); };
  add_family_routing(reg, name, "hyperx", is_hyperx, f);
}

}  // namespace

void register_hyperx_routings(RoutingRegistry& reg) {
  add_hyperx(reg, "dor", {false, Mode::Min});
  add_hyperx(reg, "val", {false, Mode::Valiant});
  add_hyperx(reg, "ugal-l", {false, Mode::UgalL});
  add_hyperx(reg, "dal", {true, Mode::Min});
}

}  // namespace nocsim
