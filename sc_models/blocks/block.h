#pragma once
// A router block that has a Verilog twin (docs/architecture.md, "RTL
// blocks"), seen at its ports: named vectors of integer signals in and out.
// Every block registers one BlockSpec by name (rtl.<name> selects its mode);
// one generic runner (BlockRun) drives its Verilated side and, in lockstep,
// compares it with the C++ model. Plain C++: no SystemC, no Verilator.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/port_tap.h"
#include "core/registry.h"

namespace nocsim {

class Config;

enum class BlockMode : uint8_t { Cpp, Rtl, Lockstep };
const char* block_mode_name(BlockMode m);

struct BlockSignal {
  std::string name;
  int size = 1;  // entries
};
// A block's ports: the inputs of one evaluation and the outputs after it.
struct BlockSignals {
  std::vector<BlockSignal> in, out;
  size_t in_size() const;
  size_t out_size() const;
  // Where signal k of `in` (or `out`) starts in the flat vector.
  size_t in_at(size_t k) const;
  size_t out_at(size_t k) const;
};

// One side of a block (the Verilated block, or a C++ model at the same
// ports): an evaluation maps the inputs to the outputs, then clocks the
// block's registers, as one clock cycle of the hardware does.
class Block : public TapSource {
 public:
  virtual void eval(const int64_t* in, int64_t* out) = 0;
  // Counters fed by events (EventRun): the registers move on an idle cycle
  // too (a filtered average), so every cycle must be clocked.
  virtual bool idle_moves() const { return false; }
  // Events per port and cycle the block can count (EventRun).
  virtual int max_events() const { return 1 << 30; }
};

// What the checks read of the routers (the widest of the network).
struct BlockShape {
  int ports = 0, vcs = 0;   // the allocators' width
  int most_port_vcs = 0;    // the most VCs of one output port
  int most_credits = 0;     // the deepest downstream buffer (credits)
  int most_packet = 0;      // the largest packet (flits)
  int most_port_slots = 0;  // the most downstream slots of one output port (VCs x depth)
  int speedup = 1;
};

// One router's instance: its ports and VCs, its id (reports), the run's configuration.
struct BlockContext {
  const Config& cfg;
  int router, ports, vcs;
};
using BlockFactory = std::function<std::unique_ptr<Block>(const BlockContext&)>;

struct BlockSpec {
  std::string title;  // "switch allocator": in reports and errors
  std::string help;   // the rtl.<name> key's help text
  std::function<BlockSignals(int ports, int vcs)> signals;
  // The Verilated side; null in a build without it (NOCSIM_RTL_COSIM=OFF).
  BlockFactory rtl;
  // A C++ model at the ports, compared on every evaluation in lockstep.
  // Null: the stage runs its own C++ model and hands its outputs to
  // BlockRun::compare (the router's live state is the model).
  BlockFactory cpp;
  // What the run lacks for this block to exist ("" = it has it): auto
  // leaves such a block in C++, rtl.<name> asking for it is refused.
  std::function<std::string(const Config&)> missing;
  // Limits of the Verilated block: throws ConfigError naming `key` ("mode"
  // is rtl or lockstep).
  std::function<void(const std::string& key, const std::string& mode, const Config&, const BlockShape&)> check;
  // Why the run cannot have this block in cpp mode ("" = it can; null:
  // always can): a block that exists only in Verilog (the architect's own
  // allocator) runs in rtl or lockstep mode or not at all.
  std::function<std::string(const Config&)> cpp_refused;
};
using BlockRegistry = Registry<BlockSpec>;

// Every block with a Verilog twin (rtl/blocks.cpp registers the built-in
// ones); a test may add its own.
const BlockRegistry& block_registry();
BlockRegistry& mutable_block_registry();

// The modes this build can run blocks in: cpp, and with NOCSIM_RTL_COSIM rtl and lockstep.
std::vector<std::string> block_modes_built();
struct KeySpec;
// The rtl.<block> keys, one per registered block (sim/schema.cpp).
void add_rtl_keys(std::vector<KeySpec>& schema);

}  // namespace nocsim
