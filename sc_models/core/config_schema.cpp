// Every configuration key, its default and what is allowed. docs/user-guide.md
// is checked against this table by a test, so the two cannot drift. Values
// served by a registry (topology, switch allocator, routing, VC policy,
// selection, traffic pattern and source) are taken from it when a value is
// checked.
#include "alloc/sw_alloc_backend.h"
#include "core/config.h"
#include "routing/routing.h"
#include "power/link_power.h"
#include "power/tech.h"
#include "topologies/dragonfly.h"
#include "topologies/topology.h"
#include "traffic/pattern.h"
#include "traffic/source.h"
#include "vc/selection.h"
#include "vc/vc_policy.h"

namespace nocsim {
namespace {
std::vector<std::string> topology_keys() { return topology_registry().keys(); }
std::vector<std::string> pattern_keys() { return pattern_registry().keys(); }
std::vector<std::string> sw_alloc_keys() { return sw_alloc_registry().keys(); }
// rtl.sa: auto or any switch allocator; the other blocks: auto or a mode this build has.
std::vector<std::string> sa_mode_keys() {
  std::vector<std::string> k{"auto"};
  for (const auto& a : sw_alloc_keys()) k.push_back(a);
  return k;
}
std::vector<std::string> block_mode_keys() {
  std::vector<std::string> k{"auto"};
  for (const auto& a : sw_alloc_keys())
    if (a == "cpp" || a == "rtl" || a == "lockstep") k.push_back(a);
  return k;
}
std::vector<std::string> arbiter_keys() { return arbiter_kind_names(); }
std::vector<std::string> routing_keys() { return routing_registry().keys(); }
std::vector<std::string> vc_policy_keys() { return vc_policy_registry().keys(); }
std::vector<std::string> selection_keys() { return selection_registry().keys(); }
std::vector<std::string> source_keys() { return source_registry().keys(); }
std::vector<std::string> tech_keys() { return tech_node_names(); }
std::vector<std::string> link_policies() { return link_policy_names(); }
std::vector<std::string> phase_pattern_keys() {
  std::vector<std::string> k{"same"};
  for (const auto& p : pattern_keys()) k.push_back(p);
  return k;
}
}  // namespace

const std::vector<KeySpec>& config_schema() {
  using K = KeyType;
  static const std::vector<KeySpec> schema = {
      {"topology.type", K::Enum, "mesh", 0, 0, {}, "network shape", topology_keys},
      {"topology.k", K::IntList, "8", 2, 1 << 20, {}, "routers per dimension: one value for all dimensions or a list of n"},
      {"topology.n", K::Int, "2", 1, 8, {}, "mesh/torus: dimensions"},
      {"topology.concentration", K::Int, "1", 1, 64, {}, "mesh/torus: nodes per router"},
      {"topology.p", K::Int, "2", 1, 64, {}, "dragonfly: nodes per router"},
      {"topology.a", K::Int, "4", 1, 256, {}, "dragonfly: routers per group"},
      {"topology.h", K::Int, "2", 1, 64, {}, "dragonfly: global links per router"},
      {"topology.groups", K::Int, "0", 0, 1 << 16, {}, "dragonfly: groups; 0 = a*h+1 (the maximum)"},
      {"topology.arrangement", K::Enum, "palmtree", 0, 0, {}, "dragonfly: global link wiring", Dragonfly::arrangements},
      {"router.vcs", K::Int, "2", 1, 64, {}, "virtual channels per input port (network ports; dragonfly: local ports)"},
      {"router.buffer_depth", K::Int, "8", 1, 1 << 20, {}, "flits per input VC buffer (network ports; dragonfly: local ports)"},
      {"router.injection_vcs", K::Int, "0", 0, 64, {}, "VCs of injection ports; 0 = router.vcs"},
      {"router.global_vcs", K::Int, "0", 0, 64, {}, "dragonfly: VCs of global ports; 0 = router.vcs"},
      {"router.injection_buffer_depth", K::Int, "0", 0, 1 << 20, {}, "flits per injection VC buffer; 0 = router.buffer_depth"},
      {"router.global_buffer_depth", K::Int, "0", 0, 1 << 20, {}, "dragonfly: flits per global VC buffer; 0 = router.buffer_depth"},
      {"router.output_buffer_depth", K::Int, "0", 0, 1 << 20, {}, "flits per output buffer; 0 = no output buffer (needs speedup 1)"},
      {"router.reply_vcs", K::Int, "0", 0, 64, {}, "traffic.request_reply: of router.vcs, the VCs of replies (the upper ones; the rest carry requests); 0 = half"},
      {"router.reply_global_vcs", K::Int, "0", 0, 64, {}, "traffic.request_reply, dragonfly: of the global VCs, those of replies; 0 = half"},
      {"router.speedup", K::Int, "1", 1, 8, {}, "switch allocations (crossbar passes) per cycle"},
      {"router.in_transit_priority", K::Bool, "false", 0, 0, {}, "switch allocation: an injection input does not request an output that a packet already in the network requests (Fuentes' in-transit priority)"},
      {"router.arbiter.va", K::Enum, "rr", 0, 0, {}, "VA stage-2 arbiter (input VCs contending for one output VC): rr (round-robin), lrs (least recently served), age (oldest packet first, ties round-robin) or matrix (LRS as a matrix arbiter)", arbiter_keys},
      {"router.arbiter.sa_in", K::Enum, "rr", 0, 0, {}, "SA input arbiter (one VC per input port): rr, lrs, age or matrix", arbiter_keys},
      {"router.arbiter.sa_out", K::Enum, "rr", 0, 0, {}, "SA output arbiter (one input per output port): rr, lrs, age or matrix", arbiter_keys},
      {"router.buffer_model", K::Enum, "static", 0, 0, {"static", "damq"}, "input buffers of network ports: static (a FIFO of router.buffer_depth flits per VC) or damq (the same memory, VCs x depth, shared by the port's VCs, each VC keeping router.damq.reserve packets to itself; injection buffers stay static)"},
      {"router.damq.reserve", K::Int, "1", 0, 1 << 16, {}, "damq: packets (of the largest traffic.packet_size) reserved per VC; 0 = all shared, which can deadlock"},
      {"router.switching", K::Enum, "vct", 0, 0, {"vct", "wormhole", "saf"}, "virtual cut-through, wormhole, or store-and-forward (saf: a packet is routed only once all its flits are in the input buffer, and needs room for all of them downstream)"},
      {"router.stage_latency.rc", K::Int, "1", 0, 1000, {}, "cycles of routing computation; 0 = lookahead routing (VA routes the head in its own cycle)"},
      {"router.stage_latency.va", K::Int, "1", 1, 1000, {}, "cycles of VC allocation"},
      {"router.stage_latency.sa", K::Int, "1", 1, 1000, {}, "cycles of switch allocation"},
      {"router.stage_latency.st", K::Int, "1", 1, 1000, {}, "cycles of switch traversal"},
      {"router.alloc", K::Enum, "cpp", 0, 0, {}, "how every block with a Verilog twin in rtl_ref/ runs (the switch and VC allocators; the contention counters and FlexVC's selection where the run has them): cpp (the C++ logic), rtl (the Verilated block decides) or lockstep (both, compared on every use; the first mismatch ends the run, exit 4); rtl and lockstep only in builds with NOCSIM_RTL_COSIM=ON", sw_alloc_keys},
      {"rtl.sa", K::Enum, "auto", 0, 0, {}, "the switch allocator's mode (cpp, rtl, lockstep); auto = router.alloc", sa_mode_keys},
      {"rtl.va", K::Enum, "auto", 0, 0, {}, "the VC allocator's mode (cpp, rtl, lockstep; rtl and lockstep need router.arbiter.va=rr); auto = router.alloc", block_mode_keys},
      {"rtl.contention", K::Enum, "auto", 0, 0, {}, "the contention counters' mode (cpp, rtl, lockstep; needs routing.trigger=contention, Base or Filtered counters; ECtN's group board has no twin); auto = router.alloc where the run has counters", block_mode_keys},
      {"rtl.mincred", K::Enum, "auto", 0, 0, {}, "the minCred counters' mode (cpp, rtl, lockstep; needs vc.mincred=true); auto = router.alloc where the run has them", block_mode_keys},
      {"rtl.vc_select", K::Enum, "auto", 0, 0, {}, "FlexVC's output-VC selection's mode (cpp, rtl, lockstep; needs vc.select jsq, highest or lowest); auto = router.alloc where the run has such a selection", block_mode_keys},
      {"link.latency", K::Int, "1", 1, 100000, {}, "cycles for a flit (and a credit) to cross a router-to-router link (dragonfly: local links)"},
      {"link.global_latency", K::Int, "0", 0, 100000, {}, "dragonfly: cycles across a global link; 0 = link.latency"},
      {"link.nic_latency", K::Int, "1", 1, 100000, {}, "cycles across the injection and ejection links"},
      {"link.power.policy", K::Enum, "none", 0, 0, {}, "router-to-router link power states (docs/power-model.md): none (always high), onoff (off after an idle timer, trains up on demand), highlow (low after the timer, up at the break-even backlog), awake (highlow, and a message ahead of each head larger than the break-even size trains its path's links at once; needs routing dor or min), threshold (low/high by the utilisation of windows of the idle timer's length)", link_policies},
      {"link.power.t_train_ns", K::Double, "1000", 0.001, 1e9, {}, "link training time t_t, ns: the link carries nothing while it trains up (power.freq_ghz turns it into cycles)"},
      {"link.power.rho", K::Double, "0.1", 0.0001, 1, {}, "tolerated performance loss rho, a fraction: the idle timer (and the threshold policy's window) is t_t/rho"},
      {"link.power.low_state", K::Int, "10", 1, 64, {}, "the low state: a row of sc_models/power/link_states.txt (10: one lane at 10 GHz, 1/12 of state 9)"},
      {"link.power.high_state", K::Int, "9", 1, 64, {}, "the high state (the simulated link's full bandwidth): a row of sc_models/power/link_states.txt (9: 12 lanes at 10 GHz)"},
      {"link.power.threshold_low", K::Double, "0.15", 0, 1, {}, "threshold policy: a high link whose busier direction used less than this share of a window's cycles goes low (if that load is at most threshold_high of the low rate)"},
      {"link.power.threshold_high", K::Double, "0.9", 0, 1, {}, "threshold policy: a low link whose busier direction used more than this share of the low state's capacity in a window trains up"},
      {"routing.algorithm", K::Enum, "dor", 0, 0, {}, "routing function: dor (mesh/torus); star, smart-dor, abr, por, ofr (torus); min, val, val-group, val-any, ugal-l, ugal-g, par, pb, olm (dragonfly)", routing_keys},
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
      {"routing.dateline", K::Bool, "true", 0, 0, {}, "torus: move to the upper VC half after the wrap link (needs vcs >= 2)"},
      {"vc.policy", K::Enum, "distance", 0, 0, {}, "which output VCs a hop may take: distance = the rank of its position in the routing's reference sequence (dragonfly distance-based VCs; torus dateline halves); flexvc = FlexVC (dragonfly, VCT): any VC up to the highest from which the rest of the path, or a minimal escape (then only with room for the whole packet), still climbs (docs/vc-flexvc.md)", vc_policy_keys},
      {"vc.select", K::Enum, "auto", 0, 0, {}, "VA selection among a head's candidates and VCs: the first (best) candidate with a usable VC, requesting all its usable VCs (first; the VC allocator's round-robin picks) or one of them (FlexVC's: jsq = the most credits, ties to the highest; highest; lowest; random); auto = jsq with vc.policy=flexvc, else first", selection_keys},
      {"vc.mincred", K::Bool, "false", 0, 0, {}, "minCred (FlexVC, docs/vc-flexvc.md): credits say whether the flit they free was routed minimally; UGAL-style tests (UGAL-L/G, PB, PAR, OLM) and PB's saturation flags read each port's downstream occupancy by minimally routed flits (plus its output queue) instead of per-VC occupancy"},
      {"traffic.pattern", K::Enum, "uniform", 0, 0, {}, "destination pattern", pattern_keys},
      {"traffic.adv_offset", K::Int, "1", 1, 1 << 16, {}, "dragonfly adv: destination group offset i of ADV+i"},
      {"traffic.load", K::Double, "0.1", 0, 64, {}, "offered load in traffic.load_unit; at most 1 flit/(node*cycle), the injection link"},
      {"traffic.load_unit", K::Enum, "flits", 0, 0, {"flits", "gamma0"}, "unit of traffic.load: flits (= phits) per node per cycle, or gamma0 (mesh/torus: 1 = the uniform load that saturates the bisection, Versaci)"},
      {"traffic.message_packets", K::Int, "1", 1, 1 << 20, {}, "packets per message: a source sends this many consecutive packets to one destination (Versaci: 96); bernoulli source only"},
      {"traffic.packet_size", K::IntList, "8", 1, 65535, {}, "flits per packet (flit = phit); a list: each packet draws its size uniformly from it"},
      {"traffic.request_reply", K::Bool, "false", 0, 0, {}, "each delivered packet (a request) makes its destination send a reply of its size back; sources generate requests at half traffic.load, replies are the other half. Requests and replies take separate VC sets (router.reply_vcs); with vc.policy=flexvc replies may also use the request VCs (Theorem 2)"},
      {"traffic.source", K::Enum, "bernoulli", 0, 0, {}, "when packets are generated: bernoulli (independent per cycle) or onoff (bursts at the link rate, then silence)", source_keys},
      {"traffic.burst_length", K::Double, "5", 1, 1e6, {}, "onoff: mean packets per ON period (geometric)"},
      {"traffic.phases", K::Records, "[]", 0, 0, {}, "workload phases in order from cycle 0, each lasting its cycles (the last runs on to the end of the run): its pattern (same = traffic.pattern) and load (-1 = traffic.load); [] = one phase of traffic.pattern at traffic.load", nullptr,
       {{"cycles", K::Int, "", 1, 1e12},
        {"pattern", K::Enum, "same", 0, 0, {}, "", phase_pattern_keys},
        {"load", K::Double, "-1", -1, 1}}},
      {"sim.warmup", K::Int, "1000", 0, 1e12, {}, "cycles before statistics start"},
      {"sim.cycles", K::Int, "10000", 1, 1e12, {}, "measured cycles"},
      {"sim.drain", K::Int, "-1", -1, 1e12, {}, "max cycles after the window to wait for measured packets; -1 = sim.cycles"},
      {"sim.stop_injection", K::Bool, "false", 0, 0, {}, "stop generating packets when the window ends and run until every packet is delivered (or sim.drain cycles)"},
      {"sim.seed", K::Int, "1", 0, 9.2e18, {}, "global random seed"},
      {"sim.mode", K::Enum, "per-stage", 0, 0, {"per-stage", "per-router"}, "one SystemC process per pipeline stage, or one per router calling its stages"},
      {"sim.memory_limit_mb", K::Int, "0", 0, 1e12, {}, "refuse a network whose structure needs more than this many MiB to build (an estimate); 0 = the memory available (MemAvailable, cgroup memory.max, ulimit -v)"},
      {"sim.huge_pages", K::Bool, "true", 0, 0, {}, "back the heap with transparent huge pages where the kernel grants them on request (speed only: results do not depend on it)"},
      {"sim.stage_order", K::Enum, "forward", 0, 0, {"forward", "reverse"}, "per-router mode: evaluate RC, VA, SA, ST (forward) or ST, SA, VA, RC (reverse); results must not depend on it (a check of the two-phase cycle)"},
      {"sim.check", K::Bool, "true", 0, 0, {}, "check invariants (flits lost, duplicated or out of order; credit bounds)"},
      {"sim.watchdog", K::Int, "5000", 0, 1e12, {}, "cycles without any flit moving, with flits in the network, before a deadlock is reported; 0 = off"},
      {"sim.progress", K::Bool, "true", 0, 0, {}, "progress on stderr (cycles, rate, ETA); --quiet sets false"},
      {"stats.series_period", K::Int, "0", 0, 1e12, {}, "cycles per interval of the JSON time series (series.*): packets delivered and misrouted by the interval they were injected in, contention counters sampled at each interval's end; 0 = off"},
      {"stats.per_router", K::Bool, "false", 0, 0, {}, "results: add per-router arrays of the activity counters (activity.per_router) and one record per router-to-router link (activity.per_link)"},
      {"power.tech_nm", K::Enum, "45", 0, 0, {}, "technology node of the power/area model, nm (a data file sc_models/power/tech/<nm>nm.tech each)", tech_keys},
      {"power.vdd", K::Double, "0", 0, 5, {}, "supply voltage, V; 0 = the node's nominal (vdd_v of its data file)"},
      {"power.freq_ghz", K::Double, "1", 0.001, 100, {}, "router clock, GHz: turns cycles into seconds for power"},
      {"power.flit_bits", K::Int, "64", 1, 4096, {}, "flit (= phit) width in bits: buffers, crossbar and link wires"},
      {"power.buffer", K::Enum, "dff", 0, 0, {"dff", "sram"}, "input buffers built of flip-flops (dff) or an SRAM array per port (sram)"},
      {"power.crossbar", K::Enum, "matrix", 0, 0, {"matrix", "mux"}, "crossbar as a matrix of tri-state crosspoints or as one mux tree per output"},
      {"power.link_mm", K::Double, "1", 0, 1e6, {}, "length of a router-to-router link's repeated wires, mm (dragonfly: global links too)"},
      {"power.tech.gate_area_um2", K::Double, "0", 0, 1e9, {}, "overrides the node's gate_area_um2 (docs/power-model.md); 0 = the data file's"},
      {"power.tech.dff_area_um2", K::Double, "0", 0, 1e9, {}, "overrides the node's dff_area_um2 (docs/power-model.md); 0 = the data file's"},
      {"power.tech.sram_cell_um2", K::Double, "0", 0, 1e9, {}, "overrides the node's sram_cell_um2 (docs/power-model.md); 0 = the data file's"},
      {"power.tech.gate_cap_ff", K::Double, "0", 0, 1e9, {}, "overrides the node's gate_cap_ff (docs/power-model.md); 0 = the data file's"},
      {"power.tech.dff_data_cap_ff", K::Double, "0", 0, 1e9, {}, "overrides the node's dff_data_cap_ff (docs/power-model.md); 0 = the data file's"},
      {"power.tech.dff_clock_cap_ff", K::Double, "0", 0, 1e9, {}, "overrides the node's dff_clock_cap_ff (docs/power-model.md); 0 = the data file's"},
      {"power.tech.wire_cap_ff_per_um", K::Double, "0", 0, 1e9, {}, "overrides the node's wire_cap_ff_per_um (docs/power-model.md); 0 = the data file's"},
      {"power.tech.wire_pitch_um", K::Double, "0", 0, 1e9, {}, "overrides the node's wire_pitch_um (docs/power-model.md); 0 = the data file's"},
      {"power.tech.repeater_spacing_um", K::Double, "0", 0, 1e9, {}, "overrides the node's repeater_spacing_um (docs/power-model.md); 0 = the data file's"},
      {"power.tech.gate_leak_nw", K::Double, "0", 0, 1e9, {}, "overrides the node's gate_leak_nw (docs/power-model.md); 0 = the data file's"},
      {"power.tech.dff_leak_nw", K::Double, "0", 0, 1e9, {}, "overrides the node's dff_leak_nw (docs/power-model.md); 0 = the data file's"},
      {"power.tech.sram_leak_nw", K::Double, "0", 0, 1e9, {}, "overrides the node's sram_leak_nw (docs/power-model.md); 0 = the data file's"},
      {"power.tech.sram_bitline_cap_ff", K::Double, "0", 0, 1e9, {}, "overrides the node's sram_bitline_cap_ff (docs/power-model.md); 0 = the data file's"},
      {"power.tech.sram_wordline_cap_ff", K::Double, "0", 0, 1e9, {}, "overrides the node's sram_wordline_cap_ff (docs/power-model.md); 0 = the data file's"},
      {"power.tech.sense_amp_fj", K::Double, "0", 0, 1e9, {}, "overrides the node's sense_amp_fj (docs/power-model.md); 0 = the data file's"},
      {"trace.file", K::Str, "", 0, 0, {}, "waveform file, .vcd (or .fst in builds with Verilator's FST library), of the routers trace.routers over cycles [trace.start, trace.start + trace.cycles): their stages' events, input and output units' state and their Verilated blocks' ports (user guide: Waveforms); empty = none"},
      {"trace.routers", K::IntList, "0", 0, 1 << 20, {}, "routers whose signals trace.file holds"},
      {"trace.start", K::Int, "0", 0, 1e12, {}, "first cycle trace.file holds"},
      {"trace.cycles", K::Int, "1000", 1, 1e12, {}, "cycles trace.file holds (fewer when the run ends first)"},
  };
  return schema;
}

}  // namespace nocsim
