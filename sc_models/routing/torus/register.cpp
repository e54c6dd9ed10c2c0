// The torus routings' registry entries and their start-up checks.
#include <algorithm>

#include "core/config.h"
#include "core/error.h"
#include "routing/torus/algorithms.h"
#include "routing/torus/deroutes.h"
#include "routing/torus/dor.h"
#include "traffic/traffic_config.h"
#include "vc/buffer_config.h"

namespace nocsim {
namespace {

const KAryNCube& kary(const Topology& t, const std::string& name, bool torus) {
  const auto* k = dynamic_cast<const KAryNCube*>(&t);
  if (!k || (torus && !k->wrap()))
    throw ConfigError("routing.algorithm: " + name + " needs topology.type " + (torus ? "torus" : "mesh or torus") +
                      (k ? "" : " (dragonfly: min, val, ...)"));
  return *k;
}

// The torus family's options of its own: the dateline for every e-cube,
// the rule and the tie for dor alone.
bool dateline(const Config& cfg) { return cfg.get_bool("routing.dateline"); }

DorOptions dor_options(const Config& cfg, uint64_t seed) {
  DorOptions o;
  o.dateline = dateline(cfg);
  o.rule = cfg.get_str("routing.dateline_rule") == "route" ? DorOptions::Rule::Route : DorOptions::Rule::Crossing;
  o.tie_random = cfg.get_str("routing.tie") == "random";
  o.seed = seed;
  return o;
}

// The adaptive routings break ties + and keep the crossing rule: their
// escapes and path sets are built on it (docs/routing-torus.md).
void check_dor_only_options(const std::string& name, const Config& cfg) {
  const DorOptions o = dor_options(cfg, 0);
  if (o.tie_random)
    throw ConfigError("routing.tie: random is implemented for dor only; " + name + " breaks ties at k/2 the + way (use plus)");
  if (o.rule != DorOptions::Rule::Crossing)
    throw ConfigError("routing.dateline_rule: route is implemented for dor only; " + name + "'s e-cube escape uses crossing");
}

// VC classes, and for the bubble escapes VCT or SAF with room for two packets.
void check_adaptive(const std::string& name, const Topology& t, const Config& cfg, int classes, bool bubble) {
  kary(t, name, true);
  const BufferConfig b = BufferConfig::from(cfg);
  if (b.vcs < classes)
    throw ConfigError("router.vcs: " + name + " needs >= " + std::to_string(classes) + " VCs per link (got " +
                      std::to_string(b.vcs) + ")");
  if (!bubble) return;
  if (b.wormhole())
    throw ConfigError("router.switching: " + name + "'s bubble escape needs whole packets buffered (vct or saf), not wormhole");
  // A free packet slot must be a whole packet's room in the VC itself: a
  // shared pool leaves every ring buffer short of a slot while each looks
  // part free. Packets of several sizes each hold the largest one's room
  // on the ring instead (RoutingFactory::slot).
  if (b.damq)
    throw ConfigError("router.buffer_model: " + name + "'s bubble rule needs static buffers (each VC its own packet slots), not " +
                      b.buffer_model_name());
  const int psize = TrafficConfig::from(cfg).max_packet();
  if (b.depth < 2 * psize)
    throw ConfigError("router.buffer_depth: " + name + "'s bubble rule needs room for two packets per VC (>= " +
                      std::to_string(2 * psize) + " flits), got " + std::to_string(b.depth));
}

// Every torus routing reports the packets derouted at injection (none for DOR).
std::unique_ptr<RoutingStats> deroutes(const Topology&, const Config&) { return std::make_unique<TorusDeroutes>(false); }

// `profit`: the routing decides by the profit rule at injection (POR, OFR),
// weighing outputs by their used slots as routing.occupancy says.
template <class R>
void add_adaptive(RoutingRegistry& reg, const std::string& name, int classes, bool bubble, bool profit = false) {
  RoutingFactory f;
  f.make = [name, profit](const Topology& t, const Config& cfg, uint64_t, int) -> std::unique_ptr<Routing> {
    auto r = std::make_unique<R>(kary(t, name, true));
    if (profit) r->count_queued(cfg.get_str("routing.occupancy") == "queued");
    return r;
  };
  f.validate = [name, classes, bubble](const Topology& t, const Config& cfg) {
    check_adaptive(name, t, cfg, classes, bubble);
    check_dor_only_options(name, cfg);
  };
  f.stats = [profit](const Topology&, const Config&) -> std::unique_ptr<RoutingStats> {
    return std::make_unique<TorusDeroutes>(profit);
  };
  if (bubble) f.slot = [](const Topology&, int least, int most) { return least == most ? 0 : most; };
  reg.add(name, f);
}

}  // namespace

void register_torus_routings(RoutingRegistry& reg) {
  RoutingFactory f;
  f.make = [](const Topology& t, const Config& cfg, uint64_t seed, int) -> std::unique_ptr<Routing> {
    return std::make_unique<DimensionOrder>(kary(t, "dor", false), dor_options(cfg, seed));
  };
  f.validate = [](const Topology& t, const Config& cfg) {
    const int vcs = BufferConfig::from(cfg).vcs;
    if (kary(t, "dor", false).wrap() && dateline(cfg) && vcs < 2)
      throw ConfigError("router.vcs: dor on a torus with the dateline needs >= 2 VCs (got " + std::to_string(vcs) +
                        "); set router.vcs=2 or routing.dateline=false");
  };
  f.stats = deroutes;
  reg.add("dor", f);
  add_adaptive<StarChannel>(reg, "star", 3, false);
  add_adaptive<SmartDor>(reg, "smart-dor", 2, false);
  add_adaptive<BubbleRouting>(reg, "abr", 2, true);
  add_adaptive<PickOrthant>(reg, "por", 2, true, true);
  add_adaptive<OutFlank>(reg, "ofr", 3, true, true);
}

}  // namespace nocsim
