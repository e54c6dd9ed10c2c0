// The HyperX routings' registry entries (docs/routing-hyperx.md): dor, val
// and ugal-l beside the torus's and the dragonfly's of the same names, and
// dal; their VC needs are their reference sequences'.
#include "core/config.h"
#include "core/error.h"
#include "routing/hyperx/hyperx_routing.h"
#include "routing/routing_config.h"
#include "vc/buffer_config.h"

namespace nocsim {
namespace {

using Algorithm = HyperXRouting::Algorithm;

bool is_hyperx(const Topology& t) { return dynamic_cast<const HyperX*>(&t) != nullptr; }

void check(const std::string& name, Algorithm a, const Topology& t, const Config& cfg) {
  for (const char* key : {"routing.dateline", "routing.dateline_rule", "routing.tie"})
    if (cfg.given(key))
      throw ConfigError(std::string(key) + ": the torus's option; a hyperx has no rings (remove it for " + name + ")");
  const VcSequence seq = HyperXRouting::sequence(a, static_cast<const HyperX&>(t).n());
  const int vcs = BufferConfig::from(cfg).vcs, need = std::max(1, seq.size());
  if (vcs < need)
    throw ConfigError("router.vcs: " + name + " on this hyperx needs >= " + std::to_string(need) + " VCs per link (" +
                      (seq.size() ? "one class per position of " + seq.text() : std::string("one class")) + "), got " +
                      std::to_string(vcs));
}

void add(RoutingRegistry& reg, const std::string& name, Algorithm a) {
  RoutingFactory f;
  f.make = [a](const Topology& t, const Config& cfg, uint64_t seed, int router) -> std::unique_ptr<Routing> {
    return std::make_unique<HyperXRouting>(static_cast<const HyperX&>(t), a,
                                           RoutingConfig::from(cfg).ugal_threshold, seed, router);
  };
  f.validate = [name, a](const Topology& t, const Config& cfg) { check(name, a, t, cfg); };
  add_family_routing(reg, name, "hyperx", is_hyperx, f);
}

}  // namespace

void register_hyperx_routings(RoutingRegistry& reg) {
  add(reg, "dor", Algorithm::Dor);
  add(reg, "val", Algorithm::Valiant);
  add(reg, "ugal-l", Algorithm::UgalL);
  add(reg, "dal", Algorithm::Dal);
}

}  // namespace nocsim
