// The configuration schema, assembled from each component's section in the
// order of docs/user-guide.md's key table (a test checks the guide against
// it). Core declares config_schema() and defines none of it, so it knows no
// feature; each folder owns its keys, defaults, ranges and help text.
#include "core/config.h"
#include "core/error.h"
#include "link/link.h"
#include "power/link_power.h"
#include "power/tech.h"
#include "router/router_state.h"
#include "routing/routing.h"
#include "sim/sim_config.h"
#include "blocks/block.h"
#include "topologies/topology.h"
#include "trace/trace_probe.h"
#include "traffic/pattern.h"
#include "vc/vc_policy.h"
#include "workload/workload_config.h"

namespace nocsim {
namespace {

// The sim.* and stats.* keys: run control and what the results hold.
void add_sim_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"sim.warmup", K::Int, "1000", 0, 1e12, {}, "cycles before statistics start"},
      {"sim.cycles", K::Int, "10000", 1, 1e12, {}, "measured cycles"},
      {"sim.drain", K::Int, "-1", -1, 1e12, {}, "max cycles after the window to wait for measured packets; -1 = sim.cycles"},
      {"sim.stop_injection", K::Bool, "false", 0, 0, {}, "stop generating packets when the window ends and run until every packet is delivered (or sim.drain cycles)"},
      {"sim.seed", K::Int, "1", 0, 9.2e18, {}, "global random seed"},
      {"sim.mode", K::Enum, "per-router", 0, 0, {"per-stage", "per-router"}, "one SystemC process calling each router with work, which calls its stages with work, or one process per pipeline stage (the same results; per-router faster: docs/performance.md)"},
      {"sim.memory_limit_mb", K::Int, "0", 0, 1e12, {}, "refuse a network whose structure (with a closed-loop application's program) needs more than this many MiB to build (an estimate); 0 = the memory available (MemAvailable, cgroup memory.max, ulimit -v)"},
      {"sim.huge_pages", K::Bool, "true", 0, 0, {}, "back the heap with transparent huge pages where the kernel grants them on request (speed only: results do not depend on it)"},
      {"sim.threads", K::Int, "1", 1, 64, {}, "threads that evaluate and commit the routers and run the NICs within each cycle (per-router mode); the results are those of 1 thread. Refused with Verilated blocks, link power and ECtN: docs/user-guide.md, Parallel cycles"},
      {"sim.batch", K::Int, "0", 0, 256, {}, "per-router mode: the network runs up to this many cycles at a time, each router and its NICs at most the shortest router-to-router link latency in a row before the next router, clusters of routers joined by the shortest links one after another for at most the shortest link between them; 0 = as many as that allows, up to 128, clusters only on networks of 16,384 input VCs or more; 1 = cycle by cycle. The same results, fewer cache misses on large networks: docs/architecture.md, Batches of cycles"},
      {"sim.stage_order", K::Enum, "forward", 0, 0, {"forward", "reverse"}, "per-router mode: evaluate RC, VA, SA, ST (forward) or ST, SA, VA, RC (reverse); results must not depend on it (a check of the two-phase cycle)"},
      {"sim.one_pass", K::Enum, "auto", 0, 0, {"auto", "off"}, "per-router mode: auto commits each router's stages right after its evaluate, in one pass, where nothing reads a router in between (no routing that reads other routers, no congestion provider, contention counters, link gate or waveform trace: docs/architecture.md, One pass per router), and takes what its links brought at the start of its run (from the routers' clock's arrival logs, on any number of threads); off commits them after every router has evaluated and pulls in the update phase. The same results; auto faster"},
      {"sim.direct_st", K::Enum, "auto", 0, 0, {"auto", "off"}, "auto: SA's commit puts each granted flit onto its output link itself, timed for the cycle ST would send it, where the ST queue only delays (one SA round a cycle, no link gate, no DAMQ, vc.mincred or bubble slots, SA + ST latency below 64, no waveform trace: docs/architecture.md, Direct ST); off: every flit waits in the ST queue for ST. The same results; auto faster"},
      {"sim.check", K::Bool, "true", 0, 0, {}, "check invariants (flits lost, duplicated or out of order; credit bounds)"},
      {"sim.watchdog", K::Int, "5000", 0, 1e12, {}, "cycles without any flit moving, with flits in the network, before a deadlock is reported; 0 = off"},
      {"sim.progress", K::Bool, "true", 0, 0, {}, "progress on stderr (cycles, rate, ETA); --quiet sets false"},
      {"stats.series_period", K::Int, "0", 0, 1e12, {}, "cycles per interval of the JSON time series (series.*): packets delivered and misrouted by the interval they were injected in, contention counters sampled at each interval's end; 0 = off"},
      {"stats.per_router", K::Bool, "false", 0, 0, {}, "results: add per-router arrays of the activity counters (activity.per_router) and one record per router-to-router link (activity.per_link)"},
  });
}

void sim_rules(const Config& cfg, ErrorList& errors) { SimConfig::from(cfg).validate(errors); }

std::vector<ConfigSection>& sections() {
  static std::vector<ConfigSection> list{
      {"topology", add_topology_keys, topology_rules},
      {"router", add_router_keys, router_rules},
      {"rtl", add_rtl_keys, nullptr},
      {"link", add_link_keys, nullptr},
      {"link.power", add_link_power_keys, link_power_rules},
      {"routing", add_routing_keys, nullptr},
      {"vc", add_vc_keys, nullptr},
      {"traffic", add_traffic_keys, nullptr},
      {"workload", add_workload_keys, workload_rules},
      {"sim", add_sim_keys, sim_rules},
      {"power", add_power_keys, nullptr},
      {"trace", add_trace_keys, nullptr},
  };
  return list;
}

std::vector<KeySpec>& schema() {
  static std::vector<KeySpec> s = [] {
    std::vector<KeySpec> keys;
    for (const auto& section : sections()) section.keys(keys);
    return keys;
  }();
  return s;
}

}  // namespace

const std::vector<ConfigSection>& config_sections() { return sections(); }

void add_config_section(ConfigSection section) {
  section.keys(schema());
  sections().push_back(std::move(section));
}

const std::vector<KeySpec>& config_schema() { return schema(); }

}  // namespace nocsim
