// The dragonfly routings' registry entries and options from the configuration.
#include "core/config.h"
#include "routing/dragonfly/algorithms.h"

namespace nocsim {
namespace {

using Kind = DragonflyRouting::Kind;
const std::pair<const char*, Kind> kKinds[] = {
    {"min", Kind::Min},      {"val", Kind::ValRouter}, {"val-any", Kind::ValRouter}, {"val-group", Kind::ValGroup},
    {"ugal-l", Kind::UgalL}, {"ugal-g", Kind::UgalG},  {"par", Kind::Par},          {"pb", Kind::Pb},
    {"olm", Kind::Olm}};

DragonflyRouting::Policy policy_of(const std::string& key) {
  using P = DragonflyRouting::Policy;
  return key == "crg" ? P::Crg : key == "nrg" ? P::Nrg : key == "mm" ? P::Mm : P::Rrg;
}

DragonflyRouting::Options options(const Config& cfg) {
  DragonflyRouting::Options o;
  o.exclude_destination = cfg.get_str("routing.valiant_exclude") == "source+destination";
  o.ugal_threshold = static_cast<int>(cfg.get_int("routing.ugal_threshold"));
  o.policy = policy_of(cfg.get_str("routing.global_misroute"));
  o.queue_only = cfg.get_str("routing.ugal_queue") == "output";
  o.local_threshold = static_cast<int>(cfg.get_int("routing.local_misroute_threshold"));
  o.pb_repick = cfg.get_bool("routing.pb_repick");
  const std::string trigger = cfg.get_str("routing.trigger");
  using T = DragonflyRouting::Trigger;
  o.trigger = trigger == "credits" ? T::Credits : trigger == "contention" ? T::Contention : T::Ugal;
  o.hybrid = cfg.get_str("routing.contention.variant") == "hybrid";
  o.ectn = cfg.get_str("routing.contention.variant") == "ectn";
  o.credit_percent = static_cast<int>(cfg.get_int("routing.contention.credit_threshold"));
  o.mincred = cfg.get_bool("vc.mincred");
  o.trigger_percent = static_cast<int>(cfg.get_int("routing.misroute_threshold"));
  return o;
}

void check(const std::string& name, Kind k, const Topology& t, const Config& cfg) {
  if (!dynamic_cast<const Dragonfly*>(&t)) throw ConfigError("routing.algorithm: " + name + " needs topology.type dragonfly");
  if (cfg.get_str("vc.policy") == "flexvc") return;  // FlexVC needs fewer VCs; its policy checks them
  const VcSequence s = DragonflyRouting::sequence(k);
  const int64_t local = cfg.get_int("router.vcs");
  const int64_t global = cfg.get_int("router.global_vcs") > 0 ? cfg.get_int("router.global_vcs") : local;
  if (local < s.count('L') || global < s.count('G'))
    throw ConfigError("router.vcs: " + name + " uses the VC sequence " + s.text() + " and needs " +
                      std::to_string(s.count('L')) + " local and " + std::to_string(s.count('G')) +
                      " global VCs (router.vcs, router.global_vcs); got " + std::to_string(local) + " and " +
                      std::to_string(global));
}

}  // namespace

std::unique_ptr<DragonflyRouting> DragonflyRouting::make(const Dragonfly& t, Kind kind, const Options& o,
                                                         uint64_t seed, int router) {
  switch (kind) {
    case Kind::Min: return make_min(t, o, seed, router);
    case Kind::ValRouter:
    case Kind::ValGroup: return make_valiant(t, kind, o, seed, router);
    case Kind::UgalL:
    case Kind::UgalG: return make_ugal(t, kind, o, seed, router);
    case Kind::Par: return make_par(t, o, seed, router);
    case Kind::Pb: return make_pb(t, o, seed, router);
    case Kind::Olm: return make_olm(t, o, seed, router);
  }
  return nullptr;
}

bool DragonflyRouting::kind_of(const std::string& key, Kind& kind) {
  for (const auto& [k, v] : kKinds)
    if (key == k) {
      kind = v;
      return true;
    }
  return false;
}

void register_dragonfly_routings(RoutingRegistry& reg) {
  for (const auto& [key, kind] : kKinds) {
    const Kind k = kind;
    const std::string name = key;
    RoutingFactory f;
    f.make = [k, name](const Topology& t, const Config& cfg, int router) -> std::unique_ptr<Routing> {
      check(name, k, t, cfg);
      return DragonflyRouting::make(dynamic_cast<const Dragonfly&>(t), k, options(cfg),
                                    static_cast<uint64_t>(cfg.get_int("sim.seed")), router);
    };
    f.validate = [k, name](const Topology& t, const Config& cfg) { check(name, k, t, cfg); };
    reg.add(name, f);
  }
}

}  // namespace nocsim
