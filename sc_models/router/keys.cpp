// The router.* keys of the configuration schema (sim/schema.cpp
// assembles the sections, in the order of docs/user-guide.md's table).
#include "alloc/arbiter.h"
#include "alloc/sw_alloc_backend.h"
#include "blocks/block.h"
#include "core/config.h"
#include "core/error.h"
#include "router/router_config.h"
#include "router/router_state.h"

namespace nocsim {
namespace {

std::vector<std::string> sw_alloc_keys() { return sw_alloc_registry().keys(); }
std::vector<std::string> mode_keys() { return block_modes_built(); }
std::vector<std::string> arbiter_keys() { return arbiter_kind_names(); }

}  // namespace

void add_router_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"router.vcs", K::Int, "2", 1, 64, {}, "virtual channels per input port (network ports; dragonfly: local ports)"},
      {"router.buffer_depth", K::Int, "8", 1, 1 << 20, {}, "flits per input VC buffer (network ports; dragonfly: local ports)"},
      {"router.injection_vcs", K::Int, "0", 0, 64, {}, "VCs of injection ports; 0 = router.vcs"},
      {"router.global_vcs", K::Int, "0", 0, 64, {}, "dragonfly, dragonflyplus: VCs of global ports; 0 = router.vcs"},
      {"router.injection_vc", K::Enum, "rr", 0, 0, {"rr", "random"}, "which injection VC a NIC puts a packet on: rr (round-robin among the VCs with room for it: the whole packet under VCT, a flit under wormhole) or random (one VC drawn at random, drawn again each cycle it has no room, as BookSim2's dragonfly routings do); docs/architecture.md, \"Time and scheduling\""},
      {"router.injection_buffer_depth", K::Int, "0", 0, 1 << 20, {}, "flits per injection VC buffer; 0 = router.buffer_depth"},
      {"router.global_buffer_depth", K::Int, "0", 0, 1 << 20, {}, "dragonfly, dragonflyplus: flits per global VC buffer; 0 = router.buffer_depth"},
      {"router.output_buffer_depth", K::Int, "0", 0, 1 << 20, {}, "flits per output buffer; 0 = no output buffer (needs speedup 1)"},
      {"router.reply_vcs", K::Int, "0", 0, 64, {}, "traffic.request_reply: of router.vcs, the VCs of replies (the upper ones; the rest carry requests); 0 = half"},
      {"router.reply_global_vcs", K::Int, "0", 0, 64, {}, "traffic.request_reply, dragonfly: of the global VCs, those of replies; 0 = half"},
      {"router.speedup", K::Int, "1", 1, 8, {}, "switch allocations (crossbar passes) per cycle"},
      {"router.hold_switch", K::Bool, "false", 0, 0, {}, "switch allocation: an input VC granted a flit keeps its input-output connection for the next flit of its packet, skipping the allocator, until the tail leaves, its buffer runs dry or a flit cannot go (BookSim2's hold_switch_for_packet); needs router.speedup=1; docs/architecture.md, \"Allocators\""},
      {"router.in_transit_priority", K::Bool, "false", 0, 0, {}, "switch allocation: an injection input does not request an output that a packet already in the network requests (Fuentes' in-transit priority)"},
      {"router.arbiter.va", K::Enum, "rr", 0, 0, {}, "VA stage-2 arbiter (input VCs contending for one output VC): rr (round-robin), lrs (least recently served), age (oldest packet first, ties round-robin) or matrix (LRS as a matrix arbiter)", arbiter_keys},
      {"router.arbiter.sa_in", K::Enum, "rr", 0, 0, {}, "SA input arbiter (one VC per input port): rr, lrs, age or matrix", arbiter_keys},
      {"router.arbiter.sa_in_update", K::Enum, "request", 0, 0, {"request", "grant"}, "when an SA input arbiter of router.allocator.sa=sep_if moves past its winner VC: request (whenever that VC won the input stage, granted the output or not: Fuentes' rule and the Verilog twin's) or grant (only when the output granted it, as BookSim2's separable allocators; no Verilog twin, so rtl.sa=cpp); docs/architecture.md, \"Allocators\""},
      {"router.arbiter.sa_out", K::Enum, "rr", 0, 0, {}, "SA output arbiter (one input per output port): rr, lrs, age or matrix", arbiter_keys},
      {"router.buffer_model", K::Enum, "static", 0, 0, {"static", "damq"}, "input buffers of network ports: static (a FIFO of router.buffer_depth flits per VC) or damq (the same memory, VCs x depth, shared by the port's VCs, each VC keeping router.damq.reserve packets to itself; injection buffers stay static)"},
      {"router.damq.reserve", K::Int, "1", 0, 1 << 16, {}, "damq: packets (of the largest traffic.packet_size, or traffic.reply_size under request-reply) reserved per VC; 0 = all shared, which can deadlock"},
      {"router.switching", K::Enum, "vct", 0, 0, {"vct", "wormhole", "saf"}, "virtual cut-through, wormhole, or store-and-forward (saf: a packet is routed only once all its flits are in the input buffer, and needs room for all of them downstream)"},
      {"router.stage_latency.rc", K::Int, "1", 0, 1000, {}, "cycles of routing computation; 0 = lookahead routing (VA routes the head in its own cycle)"},
      {"router.stage_latency.va", K::Int, "1", 1, 1000, {}, "cycles of VC allocation"},
      {"router.stage_latency.sa", K::Int, "1", 1, 1000, {}, "cycles of switch allocation"},
      {"router.stage_latency.st", K::Int, "1", 1, 1000, {}, "cycles of switch traversal"},
      {"router.allocator.sa", K::Enum, "sep_if", 0, 0, {}, "the switch allocator's algorithm: sep_if (separable input-first, the twin of rtl_ref/sw_alloc_sep_if.sv; its arbiters are router.arbiter.sa_in and sa_out), sep_of (separable output-first: each output's router.arbiter.sa_out arbiter picks an input, each input's router.arbiter.sa_in arbiter accepts an output; rr, lrs or matrix), islip (McKeown's iSLIP, router.allocator.sa_iterations iterations), wavefront (Tamir and Chi's, rotating priority diagonal; the twin of rtl_ref/sw_alloc_wavefront.sv) or max_size (a maximum matching by augmenting paths); the last three keep their own priority (arbiters rr); user: your own Verilog block (a build with -DNOCSIM_USER_SA), in rtl or lockstep mode (rtl.sa) against router.allocator.sa_reference; docs/architecture.md, \"Allocators\", docs/cosim-your-rtl.md", sw_alloc_keys},
      {"router.allocator.sa_reference", K::Enum, "sep_if", 0, 0, {}, "router.allocator.sa=user (your Verilog switch allocator, a build with -DNOCSIM_USER_SA; docs/cosim-your-rtl.md): the C++ allocator it is checked against in lockstep, where that allocator decides and your block must agree (in rtl mode your block decides alone); any router.allocator.sa algorithm but user", sw_alloc_keys},
      {"router.allocator.sa_iterations", K::Int, "1", 1, 64, {}, "iSLIP's request-grant-accept iterations per allocation (router.allocator.sa=islip only)"},
      {"router.allocator.va", K::Enum, "sep_if", 0, 0, {"sep_if", "free_pool", "sep_of", "islip", "wavefront", "max_size", "user"}, "the VC allocator's algorithm: sep_if (separable input-first, the twin of rtl_ref/vc_alloc_sep_if.sv; its stage-2 arbiter is router.arbiter.va), free_pool (one router.arbiter.va arbiter per output port over every input VC; the winner takes the port's next free VC, round-robin: at most one VC per port per cycle, as Netmaker's routers allocate; no Verilog twin), the switch allocator's matchings on each output port's VCs: sep_of (each output VC's router.arbiter.va arbiter grants an input VC, each input VC accepts one grant round-robin), islip (router.allocator.va_iterations iterations), wavefront (the P*V square, rotating priority diagonal) or max_size (a maximum matching per port); the last three keep their own priority (router.arbiter.va=rr); or user (your own Verilog block, a build with -DNOCSIM_USER_VA; rtl or lockstep mode only, rtl.va, against router.allocator.va_reference; docs/cosim-your-rtl.md); docs/architecture.md, \"Allocators\""},
      {"router.allocator.va_reference", K::Enum, "sep_if", 0, 0, {"sep_if", "free_pool", "sep_of", "islip", "wavefront", "max_size"}, "router.allocator.va=user (your Verilog VC allocator): the C++ allocator it is checked against in lockstep, where that allocator decides and your block must agree (in rtl mode your block decides alone)"},
      {"router.allocator.va_iterations", K::Int, "1", 1, 64, {}, "iSLIP's grant-accept iterations per VC allocation (router.allocator.va=islip only)"},
      {"router.alloc", K::Enum, "cpp", 0, 0, {}, "how every block with a Verilog twin in rtl_ref/ runs (the switch and VC allocators; the contention and minCred counters and FlexVC's selection where the run has them; rtl.<block> sets one): cpp (the C++ logic), rtl (the Verilated block decides) or lockstep (both, compared on every use; the first mismatch ends the run, exit 4); rtl and lockstep only in builds with NOCSIM_RTL_COSIM=ON", mode_keys},
  });
}

void router_rules(const Config& cfg, ErrorList& errors) {
  const RouterConfig rc = RouterConfig::from(cfg);
  rc.validate(errors);
  if (cfg.given("router.allocator.sa_reference") && rc.allocator_sa != "user")
    errors.add({"router.allocator.sa_reference: only router.allocator.sa=user (your Verilog block) has a reference; "
                "got router.allocator.sa=" + rc.allocator_sa});
  if (cfg.given("router.allocator.va_reference") && rc.allocator_va != "user")
    errors.add({"router.allocator.va_reference: only router.allocator.va=user (your Verilog block) has a reference; "
                "got router.allocator.va=" + rc.allocator_va});
}

}  // namespace nocsim
