// The dragonfly routings' registry entries: each algorithm's traits, its
// options from the configuration, the family's start-up checks and the
// channel-load bound of the oblivious ones.
#include "core/config.h"
#include "core/error.h"
#include "routing/contention_config.h"
#include "routing/routing_config.h"
#include "vc/buffer_config.h"
#include "routing/dragonfly/algorithms.h"
#include "vc/vc_config.h"
#include "core/json_writer.h"

namespace nocsim {
namespace {

// The built-in algorithms (docs/routing-dragonfly.md): sequence, traits, bound, class.
const std::vector<std::pair<std::string, DragonflyAlgorithm>>& builtins() {
  using B = BoundPaths;
  static const std::vector<std::pair<std::string, DragonflyAlgorithm>> kAll = {
      {"min", {{VcSequence("LGL")}, B::Min, make_min}},
      {"val", {{VcSequence("LGLLGL")}, B::ViaRouter, make_valiant}},
      {"val-any", {{VcSequence("LGLLGL")}, B::ViaRouter, make_valiant}},
      {"val-group", {{VcSequence("LGLGL"), true}, B::ViaGroup, make_valiant}},
      {"ugal-l", {{VcSequence("LGLLGL"), false, true}, std::nullopt, make_ugal_l}},
      {"ugal-g", {{VcSequence("LGLLGL"), false, true}, std::nullopt, make_ugal_g}},
      {"par", {{VcSequence("LLGLLGL"), false, true, true}, std::nullopt, make_par}},
      {"pb", {{VcSequence("LGLLGL"), false, true}, std::nullopt, make_pb}},
      {"olm", {{VcSequence("LGLGL"), true, true, true}, std::nullopt, make_olm}},
  };
  return kAll;
}

DragonflyRouting::Policy policy_of(const std::string& key) {
  using P = DragonflyRouting::Policy;
  return key == "crg" ? P::Crg : key == "nrg" ? P::Nrg : key == "mm" ? P::Mm : P::Rrg;
}

const Dragonfly& dragonfly(const std::string& name, const Topology& t) {
  const auto* d = dynamic_cast<const Dragonfly*>(&t);
  if (!d) throw ConfigError("routing.algorithm: " + name + " needs topology.type dragonfly");
  return *d;
}

void check(const std::string& name, const VcSequence& s, const Topology& t, const Config& cfg) {
  dragonfly(name, t);
  if (VcConfig::from(cfg).flexvc()) return;  // FlexVC needs fewer VCs; its policy checks them
  const BufferConfig b = BufferConfig::from(cfg);
  const int local = b.vcs_of(PortClass::Local), global = b.vcs_of(PortClass::Global);
  if (local < s.count('L') || global < s.count('G'))
    throw ConfigError("router.vcs: " + name + " uses the VC sequence " + s.text() + " and needs " +
                      std::to_string(s.count('L')) + " local and " + std::to_string(s.count('G')) +
                      " global VCs (router.vcs, router.global_vcs); got " + std::to_string(local) + " and " +
                      std::to_string(global));
}

// The closed-form channel-load bound of an oblivious routing under the run's
// pattern (null without one).
class BoundReport : public RoutingStats {
 public:
  BoundReport(BoundPaths paths, bool exclude_destination) : paths_(paths), exclude_(exclude_destination) {}
  void write(JsonWriter& j, const RoutingReport& r) const override {
    j.open("bound");
    if (!r.pattern) {  // no one pattern to bound
      j.null("channel_load");
      j.null("busiest_channel");
      j.close();
      return;
    }
    const ChannelBound b =
        dragonfly_channel_bound(dynamic_cast<const Dragonfly&>(r.topology), paths_, exclude_, *r.pattern);
    j.num("channel_load", b.bound);
    j.str("busiest_channel", b.channel);
    j.close();
  }

 private:
  BoundPaths paths_;
  bool exclude_;
};

}  // namespace

DragonflyRouting::Options dragonfly_options(const Config& cfg) {
  DragonflyRouting::Options o;
  o.exclude_destination = cfg.get_str("routing.valiant_exclude") == "source+destination";
  o.ugal_threshold = RoutingConfig::from(cfg).ugal_threshold;
  o.policy = policy_of(cfg.get_str("routing.global_misroute"));
  o.queue_only = cfg.get_str("routing.ugal_queue") == "output";
  o.local_threshold = static_cast<int>(cfg.get_int("routing.local_misroute_threshold"));
  o.pb_repick = cfg.get_bool("routing.pb_repick");
  using T = DragonflyRouting::Trigger;
  const MisrouteTrigger trigger = RoutingConfig::from(cfg).trigger;
  o.trigger = trigger == MisrouteTrigger::Credits      ? T::Credits
              : trigger == MisrouteTrigger::Contention ? T::Contention
                                                       : T::Ugal;
  const ContentionConfig contention = ContentionConfig::from(cfg);
  o.hybrid = contention.variant == ContentionVariant::Hybrid;
  o.ectn = contention.variant == ContentionVariant::Ectn;
  o.credit_percent = contention.credit_percent;
  o.mincred = VcConfig::from(cfg).mincred;
  o.trigger_percent = static_cast<int>(cfg.get_int("routing.misroute_threshold"));
  return o;
}

void add_dragonfly_routing(RoutingRegistry& reg, const std::string& name, const DragonflyAlgorithm& a) {
  RoutingFactory f;
  f.make = [name, a](const Topology& t, const Config& cfg, uint64_t seed, int router) -> std::unique_ptr<Routing> {
    check(name, a.traits.seq, t, cfg);
    return a.build(dragonfly(name, t), dragonfly_options(cfg), seed, router);
  };
  f.validate = [name, a](const Topology& t, const Config& cfg) { check(name, a.traits.seq, t, cfg); };
  // The closed form draws intermediates uniformly (rrg); MIN has none to draw.
  if (a.bound)
    f.stats = [paths = *a.bound](const Topology&, const Config& cfg) -> std::unique_ptr<RoutingStats> {
      const DragonflyRouting::Options o = dragonfly_options(cfg);
      if (paths != BoundPaths::Min && o.policy != DragonflyRouting::Policy::Rrg) return nullptr;
      return std::make_unique<BoundReport>(paths, o.exclude_destination);
    };
  reg.add(name, f);
}

const DragonflyAlgorithm& dragonfly_algorithm(const std::string& name) {
  for (const auto& [key, a] : builtins())
    if (key == name) return a;
  throw ConfigError("routing.algorithm: " + name + " is not a built-in dragonfly routing");
}

void register_dragonfly_routings(RoutingRegistry& reg) {
  for (const auto& [name, a] : builtins()) add_dragonfly_routing(reg, name, a);
}

}  // namespace nocsim
