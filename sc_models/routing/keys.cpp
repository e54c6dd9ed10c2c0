// The routing.* keys of the configuration schema (sim/schema.cpp
// assembles the sections, in the order of docs/user-guide.md's table).
#include "core/config.h"
#include "routing/routing.h"

namespace nocsim {
namespace {

std::vector<std::string> routing_keys() { return routing_registry().keys(); }

}  // namespace

void add_routing_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"routing.algorithm", K::Enum, "dor", 0, 0, {}, "routing function: dor (mesh/torus); star, smart-dor, abr, por, ofr (torus); min, val, val-group, val-any, ugal-l, ugal-g, par, pb, olm (dragonfly); dor, val, ugal-l, dal (hyperx, docs/routing-hyperx.md); dmodk, smodk, adaptive-up (fattree, docs/routing-fat-tree.md); min, val, ugal-l (graph, slimfly: docs/routing-graph.md; dragonflyplus: docs/routing-dragonfly-plus.md)", routing_keys},
      {"routing.trigger", K::Enum, "ugal", 0, 0, {"ugal", "credits", "contention"}, "adaptive dragonfly routings: when to misroute: the UGAL test (ugal; UGAL and PB always), FOGSim's credit trigger for PAR/OLM: the minimal output VC at least misroute_threshold% full and unable to take the packet now (credits), or the contention counters of routing.contention.* for UGAL-L/G, PB, PAR and OLM (contention)"},
      {"routing.contention.variant", K::Enum, "base", 0, 0, {"base", "filtered", "hybrid", "ectn"}, "contention counters: base (per output port, packets whose minimal output it is), filtered (their alpha-average), hybrid (base, or the minimal output VC at least credit_threshold% full), ectn (per destination group, exchanged in the group every ectn_period cycles, at injection; base in transit)"},
      {"routing.contention.threshold", K::Int, "6", 0, 1 << 20, {}, "contention counters: misroute when the counter of the minimal output exceeds it (packets)"},
      {"routing.contention.alpha", K::Double, "0.5", 0, 0.99609375, {}, "filtered: weight of the previous value, rounded to a multiple of 1/256 (8-bit fixed point)"},
      {"routing.contention.credit_threshold", K::Int, "50", 0, 100, {}, "hybrid: occupancy of the minimal output VC, % of its buffer, that also triggers"},
      {"routing.contention.ectn_period", K::Int, "100", 1, 1 << 20, {}, "ectn: cycles between exchanges of the partial counters within a group"},
      {"routing.contention.ectn_exchange", K::Enum, "ideal", 0, 0, {"ideal", "messages"}, "ectn: how the routers of a group exchange their partial counters: ideal (a side-band, read the cycle of the exchange) or messages (over the local links: read link.latency cycles later; the link cycles they take are not modelled)"},
      {"routing.contention.ectn_threshold", K::Int, "10", 0, 14, {}, "ectn: misroute at injection when the combined counter of the destination group exceeds it (4-bit counters: at most 14)"},
      {"routing.misroute_threshold", K::Int, "50", 0, 100, {}, "credit trigger: occupancy of the minimal output VC, in % of its buffer, from which misrouting is considered"},
      {"routing.local_misroute_threshold", K::Int, "8", 0, 1 << 20, {}, "OLM: flits in the minimal local output above which a local misroute is offered"},
      {"routing.pb_period", K::Int, "1", 1, 1 << 20, {}, "PiggyBack: cycles between saturation-flag updates (they arrive link.latency later)"},
      {"routing.pb_coef", K::Int, "200", 0, 100000, {}, "PiggyBack: a global port is saturated above pb_coef% of its router's mean global occupancy ..."},
      {"routing.reevaluate", K::Bool, "true", 0, 0, {}, "adaptive dragonfly routings: decide again at every VC-allocation attempt after the first (FOGSim; false: once per router)"},
      {"routing.pb_repick", K::Bool, "true", 0, 0, {}, "PiggyBack: offer two more Valiant routers when the first one's output has no usable VC"},
      {"routing.pb_threshold", K::Int, "8", 0, 1 << 20, {}, "PiggyBack: ... plus this many flits"},
      {"routing.global_misroute", K::Enum, "rrg", 0, 0, {"rrg", "crg", "nrg", "mm"}, "dragonfly: how the intermediate group is drawn (random, current router's, another router's, mixed)"},
      {"routing.ugal_queue", K::Enum, "credits", 0, 0, {"credits", "output"}, "UGAL/PAR/PB Q: downstream VC occupancy from credits plus the output queue (FOGSim), or the output queue alone (Fuentes Eq. 1.2)"},
      {"routing.ugal_threshold", K::Int, "8", 0, 1 << 20, {}, "UGAL: flits of extra weighted occupancy the minimal path may have before misrouting"},
      {"routing.valiant_exclude", K::Enum, "source", 0, 0, {"source", "source+destination"}, "dragonfly Valiant: groups the intermediate may not be in"},
      {"routing.dateline", K::Bool, "true", 0, 0, {}, "torus: split the VCs into a lower and an upper class by the wrap link (needs vcs >= 2; routing.dateline_rule says how)"},
      {"routing.dateline_rule", K::Enum, "crossing", 0, 0, {"crossing", "route"}, "dor on a torus: crossing = the lower class until the wrap link, the upper from it on (Dally & Seitz); route = the upper class for the whole dimension when the path there crosses the wrap link (BookSim2)"},
      {"routing.occupancy", K::Enum, "downstream", 0, 0, {"downstream", "queued"}, "por and ofr: the used slots u of an output at the source: downstream = what its VCs hold downstream and on the way (depth - credits) plus the output queue; queued = also the packets at the source that hold an output VC of it and have not crossed the switch (the queue before a slow link)"},
      {"routing.tie", K::Enum, "plus", 0, 0, {"plus", "random"}, "dor on a torus: the direction of a ring distance of exactly k/2: always + (plus) or either, per packet and dimension (random, as BookSim2)"},
  });
}

}  // namespace nocsim
