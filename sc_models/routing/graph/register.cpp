// The graph family's routings (topology.type graph and slimfly;
// docs/routing-graph.md): min, val and ugal-l as ValiantRouting over the
// shortest-path tables, hop i on VC class i, beside the dragonfly's and
// HyperX's of the same names.
#include <algorithm>

#include "core/config.h"
#include "core/error.h"
#include "core/json_writer.h"
#include "traffic/pattern.h"
#include "routing/routing_config.h"
#include "routing/valiant_routing.h"
#include "topologies/graph.h"
#include "vc/buffer_config.h"

namespace nocsim {
namespace {

using Mode = ValiantRouting::Mode;
using Classes = ValiantRouting::Classes;

bool is_graph(const Topology& t) { return dynamic_cast<const GraphTopology*>(&t) != nullptr; }

// The hops a path may take: the diameter, twice it through an intermediate.
int max_hops(Mode m, const Topology& t) {
  const int d = static_cast<const GraphTopology&>(t).diameter();
  return m == Mode::Min ? d : 2 * d;
}

// min's channel-load bound under the run's pattern: every source node's
// demand (TrafficPattern::add_router_demand) walked along the table's
// shortest paths; the busiest link saturates at 1 / its load per unit of
// injection. Skipped (null) past 10^7 node-router pairs, or without one pattern.
class MinBound : public RoutingStats {
 public:
  void write(JsonWriter& j, const RoutingReport& r) const override {
    const auto& t = static_cast<const GraphTopology&>(r.topology);
    const int routers = t.routers(), ports = t.network_ports();
    j.open("bound");
    if (!r.pattern || static_cast<double>(t.nodes()) * routers > 1e7) {
      j.null("channel_load");
      j.close();
      return;
    }
    std::vector<double> load(static_cast<size_t>(routers) * static_cast<size_t>(ports)), demand;
    for (int s = 0; s < t.nodes(); ++s) {
      demand.assign(static_cast<size_t>(routers), 0.0);
      r.pattern->add_router_demand(s, t, demand);
      for (int d = 0; d < routers; ++d)
        for (int at = t.node_router(s); demand[static_cast<size_t>(d)] > 0 && at != d;) {
          const int p = t.next_port(at, d);
          load[static_cast<size_t>(at) * static_cast<size_t>(ports) + static_cast<size_t>(p)] +=
              demand[static_cast<size_t>(d)];
          at = t.peer(at, p).router;
        }
    }
    const double busiest = load.empty() ? 0 : *std::max_element(load.begin(), load.end());
    j.num("channel_load", busiest > 0 ? 1.0 / busiest : 0.0);
    j.close();
  }
};

void add_graph(RoutingRegistry& reg, const std::string& name, Mode mode) {
  RoutingFactory f;
  f.make = [mode](const Topology& t, const Config& cfg, uint64_t seed, int router) -> std::unique_ptr<Routing> {
    return std::make_unique<ValiantRouting>(t, mode, Classes::ByHop, max_hops(mode, t),
                                            RoutingConfig::from(cfg).ugal_threshold, seed, router);
  };
  f.validate = [name, mode](const Topology& t, const Config& cfg) {
    const int need = std::max(1, max_hops(mode, t)), vcs = BufferConfig::from(cfg).vcs;
    if (vcs < need)
      throw ConfigError("router.vcs: " + name + " on this " + t.name() + " needs >= " + std::to_string(need) +
                        " VCs per link (one class per hop: diameter " +
                        std::to_string(static_cast<const GraphTopology&>(t).diameter()) +
                        (mode == Mode::Min ? "" : ", twice through an intermediate") + "), got " + std::to_string(vcs));
  };
  if (mode == Mode::Min)
    f.stats = [](const Topology&, const Config&) -> std::unique_ptr<RoutingStats> { return std::make_unique<MinBound>(); };
  add_family_routing(reg, name, "graph or slimfly", is_graph, f);
}

}  // namespace

void register_graph_routings(RoutingRegistry& reg) {
  add_graph(reg, "min", Mode::Min);
  add_graph(reg, "val", Mode::Valiant);
  add_graph(reg, "ugal-l", Mode::UgalL);
}

}  // namespace nocsim
