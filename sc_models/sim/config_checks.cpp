#include "sim/config_checks.h"

#include <algorithm>
#include <tuple>

#include "blocks/block.h"
#include "blocks/block_run.h"
#include "core/error.h"
#include "routing/contention_config.h"
#include "routing/routing.h"
#include "sim/link_power_net.h"
#include "sim/memory.h"
#include "sim/params.h"
#include "sim/workload.h"
#include "traffic/pattern.h"
#include "trace/trace_probe.h"
#include "vc/request_reply.h"
#include "vc/selection.h"
#include "vc/vc_config.h"
#include "vc/vc_policy.h"

namespace nocsim {
namespace {

// Each class keeps VCs for both sets; separate sets (distance) must each
// cover the routing's sequence, FlexVC's replies its minimal path.
void check_request_reply(const RunConfig& rc, const VcSequence& ref, const Topology& t) {
  const bool chain = vc_policy_registry().at(rc.vc.policy).shared_chain;
  for (PortClass c : {PortClass::Local, PortClass::Global}) {
    bool present = false;
    for (int port = 0; port < t.network_ports(); ++port) present |= t.port_class(port) == c;
    if (!present) continue;
    const bool global = c == PortClass::Global;
    const std::string key = global ? "router.reply_global_vcs" : "router.reply_vcs";
    const int total = rc.buffers().vcs_of(c), rep = rc.buffers().reply_vcs_of(c), req = total - rep;
    const std::string vcs = std::to_string(total) + (global ? " global" : " local") + " VCs";
    if (req < 1)
      throw ConfigError(key + ": " + std::to_string(rep) + " reply VCs of the " + vcs + " leave none for requests; " +
                        (total > 1 ? "at most " + std::to_string(total - 1) : "raise router.vcs"));
    // FlexVC's policy checks its own minimum for requests.
    const int need = chain ? 1 : ref.count(global ? 'G' : 'L');
    const int rep_need = chain ? (global ? 1 : 2) : need;  // FlexVC: a safe minimal path, L G L
    if (req < std::max(1, need) || rep < std::max(1, rep_need))
      throw ConfigError(key + ": traffic.request_reply splits the " + vcs + " into " + std::to_string(req) +
                        " for requests and " + std::to_string(rep) + " for replies; needs at least " +
                        std::to_string(std::max(1, need)) + " and " + std::to_string(std::max(1, rep_need)) +
                        (ref.text().empty() ? "" : " (the sequence " + ref.text() + ")") +
                        (chain ? " (FlexVC replies: a minimal path)" : ""));
  }
}

// Switching and buffer organisation against packet sizes and the topology's ports.
void check_buffers(const RunConfig& rc, const Topology& topo, ErrorList& errors) {
  const BufferConfig& b = rc.buffers();
  const int64_t psize = rc.traffic.max_packet();
  if (!b.wormhole()) {
    const std::pair<const char*, int> depths[] = {
        {"router.buffer_depth", b.depth}, {"router.injection_buffer_depth", b.injection_depth},
        {"router.global_buffer_depth", b.global_depth}};
    for (const auto& [key, depth] : depths)
      if (depth != 0 && depth < psize)
        errors.add({std::string(key) + ": " +
                    (b.switching == Switching::Saf ? "store-and-forward" : "virtual cut-through") +
                    " needs room for a whole packet (>= the largest " + rc.traffic.max_packet_key() + "=" +
                    std::to_string(psize) + "), got " + std::to_string(depth)});
  }
  if (b.damq && rc.vc.flexvc())
    errors.add({"router.buffer_model: damq with vc.policy=flexvc is not offered (FlexVC's opportunistic hops "
                "need the whole packet's room held, which a shared pool does not guarantee); use static"});
  if (b.damq)
    for (int port = 0; port < topo.network_ports(); ++port) {
      const ClassParams c = class_params(rc, topo.port_class(port));
      const int64_t reserve = b.damq_reserve * psize;
      if (reserve * c.vcs > static_cast<int64_t>(c.vcs) * c.depth)
        errors.add({"router.damq.reserve: " + std::to_string(b.damq_reserve) + " packets of " +
                    std::to_string(psize) + " flits per VC exceed a port's pool of " + std::to_string(c.depth) +
                    " flits per VC (at most " + std::to_string(c.depth / psize) + ")"});
    }
}

// The watchdog (docs/reliability.md, "Deadlock") hears of a flit that left
// or entered an input buffer, a credit that came back and anything still on
// a link. Between those a flit that nothing blocks spends at most
// rc + va + sa cycles in its input VC, or sa + st in the output queue: a
// shorter watchdog would call that wait a deadlock.
void check_watchdog(const RunConfig& rc, ErrorList& errors) {
  const RouterConfig& r = rc.router;
  // A slow link holds the next flit up to its cycles per flit, rounded up.
  const LinkConfig& l = rc.link;
  const uint64_t pace = std::max({l.pace, l.global_pace, l.nic_pace});
  const Cycle link_wait = LinkPacer::ceil_cycle(pace) - 1;
  const Cycle least = static_cast<Cycle>(r.lat_rc + r.lat_va + r.lat_sa + r.lat_st) + 1 + link_wait;
  if (rc.sim.watchdog > 0 && rc.sim.watchdog < least)
    errors.add({"sim.watchdog: " + std::to_string(rc.sim.watchdog) + " cycles is shorter than a flit may wait in a "
                "router here with nothing moving (router.stage_latency rc + va + sa + st = " +
                std::to_string(r.lat_rc + r.lat_va + r.lat_sa + r.lat_st) +
                (link_wait ? ", plus " + std::to_string(link_wait) + " for the slowest link's cycles per flit" : "") +
                "); set it >= " + std::to_string(least) + ", or 0 to turn it off"});
}

// Routing, VC policy and selection against the topology and each other.
void check_routing(const Config& cfg, const RunConfig& rc, const Topology& topo, ErrorList& errors) {
  bool valid = false;
  errors.check([&] {
    if (const auto& f = routing_registry().at(rc.routing.algorithm); f.validate) f.validate(topo, cfg);
    valid = true;
  });
  const ContentionConfig& contention = rc.contention;
  contention.validate(rc.link.latency_of(PortClass::Local), errors);
  if (contention.on && topo.minimal_port(0, 0) < 0)
    errors.add({"routing.trigger: contention counters need a topology with minimal ports (dragonfly); " + topo.name() +
                " has none"});
  const VcConfig& vc = rc.vc;
  errors.check([&] { vc_policy_registry().at(vc.policy); });
  if (vc.flexvc() && topo.name() != "dragonfly")
    errors.add({"vc.policy: flexvc needs the path shapes only dragonfly routings give; " + topo.name() +
                " has none (use distance)"});
  errors.check([&] { selection_registry().at(vc.select); });
  const bool awake = rc.link_power.policy == LinkPolicy::Awake;
  if (!valid || !(rc.traffic.request_reply || awake)) return;
  // What the rules below read of the routing: router 0's stands for all.
  std::unique_ptr<Routing> routing;
  errors.check([&] { routing = routing_registry().at(rc.routing.algorithm).make(topo, cfg, rc.sim.seed, 0); });
  if (!routing) return;
  if (rc.traffic.request_reply) errors.check([&] { check_request_reply(rc, routing->reference(), topo); });
  if (awake && !routing->deterministic())
    errors.add({"link.power.policy: awake needs a deterministic routing (routing.algorithm dor or min), not " +
                rc.routing.algorithm});
}

// sim.threads > 1 runs the routers of a cycle on several threads; what
// they would share with no order between them is refused (one line each,
// naming the key to change; docs/user-guide.md, "Parallel cycles").
void check_threads(const Config& cfg, const RunConfig& rc, const Topology& topo, ErrorList& errors) {
  if (rc.sim.threads <= 1) return;
  const std::string more = "sim.threads: " + std::to_string(rc.sim.threads) + " threads ";
  try {
    const BlockModes modes(cfg, block_shape(rc, topo));
    for (const std::string& name : block_registry().keys())
      if (modes[name] != BlockMode::Cpp)
        errors.add({more + "run C++ blocks only; rtl." + name + " is " + block_mode_name(modes[name]) +
                    ", and Verilated blocks share one context between routers (set rtl." + name +
                    "=cpp or sim.threads=1)"});
  } catch (const ConfigError&) {
    // validate_config reports the rtl.* keys' own errors.
  }
  if (rc.link_power.policy != LinkPolicy::None)
    errors.add({more + "are not offered with link.power.policy (a link's power state is shared by the routers at "
                       "both ends); set link.power.policy=none or sim.threads=1"});
  if (rc.contention.on && rc.contention.variant == ContentionVariant::Ectn)
    errors.add({more + "are not offered with routing.contention.variant=ectn (a group's routers share its "
                       "counters); use another variant or sim.threads=1"});
}

// A closed-loop application cuts its messages into packets of one size and
// answers its own messages.
void check_workload(const RunConfig& rc, const Topology& t, ErrorList& errors) {
  if (!rc.workload.closed()) {
    // Open-loop sources send only to other nodes: one node would run idle at
    // any load, and butterfly would have no address bit to flip.
    if (t.nodes() < 2)
      errors.add({"traffic.pattern: " + rc.traffic.pattern + " needs at least two nodes (this network has " +
                  std::to_string(t.nodes()) + ")"});
    return;
  }
  if (rc.traffic.packet_sizes.size() != 1)
    errors.add({"traffic.packet_size: workload.type=" + rc.workload.type +
                " cuts messages into packets of one size; give one size, not a list"});
  if (rc.traffic.request_reply)
    errors.add({"traffic.request_reply: workload.type=" + rc.workload.type +
                " sends the application's own messages; request-reply traffic is for open-loop sources"});
}

}  // namespace

std::unique_ptr<Topology> validate_config(const Config& cfg) {
  // Every rule reads the topology: its own errors stop here. Its sizes come
  // first, from its keys: nothing is built that the machine cannot hold.
  const TopologyFactory& family = topology_registry().at(topology_type(cfg));
  const RunConfig rc = RunConfig::from(cfg);
  std::unique_ptr<Topology> topo;
  const TopologyShape shape = family.shape ? family.shape(cfg) : (topo = family.make(cfg))->shape();
  if (shape.ports > 64)
    throw ConfigError("topology: routers with " + std::to_string(shape.ports) +
                      " ports; the allocators support at most 64 (reduce concentration, p, a or h)");
  check_memory(shape, rc);
  if (!topo) topo = family.make(cfg);
  ErrorList errors;
  for (const ConfigSection& s : config_sections())
    if (s.rules) errors.check([&] { s.rules(cfg, errors); });
  check_buffers(rc, *topo, errors);
  check_watchdog(rc, errors);
  check_routing(cfg, rc, *topo, errors);
  check_workload(rc, *topo, errors);
  check_threads(cfg, rc, *topo, errors);
  errors.check([&] { BlockModes(cfg, block_shape(rc, *topo)); });
  rc.trace.validate(topo->routers(), errors);
  if (!rc.trace.file.empty() && rc.trace.start >= rc.sim.drain_limit())
    errors.add({"trace.start: cycle " + std::to_string(rc.trace.start) + " is past the run's last cycle " +
                std::to_string(rc.sim.drain_limit()) + " (sim.warmup + sim.cycles + the drain): the waveform would be empty"});
  if (!rc.workload.closed()) errors.check([&] {
    const auto base = make_base_pattern(cfg, rc, *topo);
    make_source(rc, *topo, 0, kNeverCycle, base.get(), make_phases(cfg, rc, *topo));
  });
  errors.raise();
  return topo;
}

std::vector<std::string> idle_keys(const Config& cfg, const Topology& topo) {
  const RunConfig rc = RunConfig::from(cfg);
  const bool contention = rc.contention.on;
  const bool closed = rc.workload.closed();
  const bool pattern_read = base_pattern_read(rc);
  // A pattern is in use when traffic.pattern (where read) or some phase
  // names it, or a part of a mix in use does.
  const auto names = [&](const std::string& pattern) {
    if (closed) return false;
    if (pattern_read && rc.traffic.pattern == pattern) return true;
    for (const Record& r : rc.traffic.phases)
      if (r.at("pattern") == pattern) return true;
    return false;
  };
  const auto uses = [&](const std::string& pattern) { return names(pattern) || (names("mix") && mix_names(cfg, pattern)); };
  const bool no_global = topo.network_ports() == topo.local_ports();
  // Key (or prefix ending in '.'), whether it does nothing here, and why.
  const std::tuple<const char*, bool, const char*> rules[] = {
      {"router.global_vcs", no_global, "a topology without global links"},
      {"router.global_buffer_depth", no_global, "a topology without global links"},
      {"link.global_latency", no_global, "a topology without global links"},
      {"link.global_cycles_per_flit", no_global, "a topology without global links"},
      {"routing.global_misroute", topo.name() != "dragonfly", "only the dragonfly's routings read it"},
      {"router.damq.reserve", !rc.buffers().damq, "router.buffer_model=static"},
      {"router.reply_vcs", !rc.traffic.request_reply, "traffic.request_reply=false"},
      {"traffic.reply_size", !rc.traffic.request_reply, "traffic.request_reply=false"},
      {"router.reply_global_vcs", !rc.traffic.request_reply, "traffic.request_reply=false"},
      {"link.power.", rc.link_power.policy == LinkPolicy::None, "link.power.policy=none"},
      {"routing.contention.", !contention, "routing.trigger other than contention"},
      {"trace.", rc.trace.file.empty(), "no trace.file"},
      {"traffic.burst_length", rc.traffic.source != "onoff", "traffic.source other than onoff"},
      {"traffic.message_rate", rc.traffic.source != "message", "traffic.source other than message"},
      {"routing.tie", rc.routing.algorithm != "dor", "routing.algorithm other than dor"},
      {"routing.occupancy", rc.routing.algorithm != "por" && rc.routing.algorithm != "ofr", "routing.algorithm other than por and ofr"},
      {"routing.dateline_rule", rc.routing.algorithm != "dor", "routing.algorithm other than dor"},
      {"workload.trace_file", rc.workload.type != "trace" && rc.workload.type != "otf2", "workload.type other than trace and otf2"},
      {"workload.mapping", !closed, "workload.type=open"},
      {"workload.collectives", rc.workload.type != "trace" && rc.workload.type != "otf2", "workload.type other than trace and otf2"},
      {"workload.nbc_progress",
       rc.workload.type != "trace" &&
           !(rc.workload.type == "otf2" && rc.workload.nonblocking_collectives == NonblockingCollectives::Overlap),
       "no non-blocking collective runs beside its program: workload.type other than trace, or otf2 without "
       "workload.nonblocking_collectives=overlap"},
      {"workload.eager_limit", !closed, "workload.type=open"},
      {"workload.message_delay_ns", !closed, "workload.type=open"},
      {"workload.send_overhead_ns", !closed, "workload.type=open"},
      {"workload.recv_overhead_ns", !closed, "workload.type=open"},
      {"workload.overhead_per_byte_ns", !closed, "workload.type=open"},
      {"workload.mapping_file", rc.workload.mapping != "file", "workload.mapping other than file"},
      {"workload.graph500.", rc.workload.type != "graph500", "workload.type other than graph500"},
      {"workload.dpsnn.", rc.workload.type != "dpsnn", "workload.type other than dpsnn"},
      {"workload.dpsnn.iterations", !rc.workload.dpsnn.spike_file.empty(), "workload.dpsnn.spike_file: one iteration per line"},
      {"traffic.pattern", closed || !pattern_read,
       closed ? "a closed-loop workload" : "every phase of traffic.phases names its own pattern"},
      {"traffic.hotspot.", !uses("hotspot"), closed ? "a closed-loop workload" : "no hotspot pattern"},
      {"traffic.mix", !uses("mix"), closed ? "a closed-loop workload" : "no mix pattern"},
      {"traffic.randperm.", !uses("randperm"), closed ? "a closed-loop workload" : "no randperm pattern"},
      {"traffic.load", closed, "a closed-loop workload"},
      {"traffic.load_unit", closed, "a closed-loop workload"},
      {"traffic.source", closed, "a closed-loop workload"},
      {"traffic.source_queue", closed, "a closed-loop workload: its packets are never dropped"},
      {"traffic.phases", closed, "a closed-loop workload"},
      {"traffic.message_packets", closed, "a closed-loop workload"},
      {"traffic.adv_offset", closed, "a closed-loop workload"},
      {"sim.stop_injection", closed, "a closed-loop workload ends with its program"},
      {"sim.drain", closed, "a closed-loop workload ends with its program"},
  };
  std::vector<std::string> out;
  for (const auto& [key, idle, why] : rules) {
    if (!idle) continue;
    const std::string k = key;
    for (const auto& [name, value] : cfg.values()) {
      const bool match = k.back() == '.' ? name.compare(0, k.size(), k) == 0 : name == k;
      if (!match || !cfg.given(name) || name == "link.power.policy" || name == "trace.file") continue;
      out.push_back(name + "=" + value + " does nothing in this run (" + why + ")");
    }
  }
  return out;
}

}  // namespace nocsim
