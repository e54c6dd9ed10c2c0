#pragma once
// Which blocks of every router run on their Verilog twins: router.alloc sets
// the mode of every block that has a twin in this configuration, and
// rtl.<block> (auto by default) overrides it per block. Resolved and checked
// once, before any router is built.
#include <string>

#include "alloc/sw_alloc_backend.h"
#include "rtl/block_twins.h"

namespace nocsim {

class Config;

struct BlockModes {
  std::string sa = "cpp";  // the switch allocator's key in the router.alloc registry
  BlockMode va = BlockMode::Cpp, contention = BlockMode::Cpp, mincred = BlockMode::Cpp, vc_select = BlockMode::Cpp;
  std::string pick;  // vc_select: FlexVC's pick (jsq, highest, lowest)
};

// What the checks read of the routers (the widest of the network).
struct BlockShape {
  int ports = 0, vcs = 0;     // the allocators' width
  int most_port_vcs = 0;      // the most VCs of one output port
  int most_credits = 0;       // the deepest downstream buffer (credits)
  int most_packet = 0;        // the largest packet (flits)
  int most_port_slots = 0;    // the most downstream slots of one output port (VCs x depth)
  int speedup = 1;
  ArbiterKind va_arbiter = ArbiterKind::Rr;
  SaArbiters sa;
};

// Throws ConfigError naming the rtl.* key (or router.alloc) when a block
// asked for explicitly has no twin here, or its twin was not verilated for
// this shape.
BlockModes block_modes(const Config& cfg, const BlockShape& s);

// FlexVC's one-VC pick of the run's selection (jsq, highest, lowest: the
// credit comparison rtl_ref/flexvc_select.sv twins), or "" when it has none.
std::string one_vc_pick(const Config& cfg);

struct KeySpec;
// The rtl.* keys (which blocks run on their verilog twins) of the configuration schema (sim/schema.cpp).
void add_rtl_keys(std::vector<KeySpec>& schema);

}  // namespace nocsim
