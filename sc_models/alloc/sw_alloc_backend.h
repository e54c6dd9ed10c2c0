#pragma once
// The switch allocator the SA stage drives: an algorithm of
// router.allocator.sa (sep_if, separable input-first, the twin of
// rtl_ref/sw_alloc_sep_if.sv; sep_of, islip, wavefront and max_size, port
// matchings in alloc/port_matchers.h), alone or, with rtl.sa=rtl|lockstep,
// through its Verilated block (on_block).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "alloc/arbiter.h"
#include "alloc/sep_if_allocator.h"
#include "core/registry.h"
#include "core/port_tap.h"

namespace nocsim {

class SwAllocBackend : public TapSource {
 public:
  // One allocation: combinational grants, then the clock edge that moves the
  // arbiters' pointers. req[ip] has bit v set when input VC (ip, v) requests
  // output op_of[ip*V+v]; `inputs` has bit ip set when req[ip] != 0. Sets
  // gnt[ip] to the granted VC of every input in `inputs`, -1 when it lost.
  virtual void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) = 0;
  // Age arbiters read age[ip*V+v], the generation cycle of the packet at the
  // front of input VC (ip, v), kept current by the SA stage for requesters.
  void set_ages(const Cycle* age) { age_ = age; }
  // Context for mismatch reports (router id, cycle) set by the SA stage.
  void set_context(int router, uint64_t cycle) {
    router_ = router;
    cycle_ = cycle;
  }
  // The round-robin sep_if allocator when it decides alone (no Verilated
  // block beside it), else null: SA grants a lone requesting input through
  // its inline grant_lone, which allocate() would call.
  SepIfAllocator* lone_rr() const { return lone_rr_; }

 protected:
  SepIfAllocator* lone_rr_ = nullptr;
  int router_ = 0;
  uint64_t cycle_ = 0;
  const Cycle* age_ = nullptr;
};

// What an algorithm is built with beyond its size: the arbiter kinds of the
// two stages (router.arbiter.sa_in, .sa_out), iSLIP's iterations
// (router.allocator.sa_iterations) and, for user (the architect's Verilog
// block, docs/cosim-your-rtl.md), the C++ algorithm that stands for it
// (router.allocator.sa_reference).
struct SaArbiters {
  ArbiterKind in = ArbiterKind::Rr, out = ArbiterKind::Rr;
  int iterations = 1;
  std::string reference = "sep_if";
  bool in_on_grant = false;  // router.arbiter.sa_in_update=grant (sep_if only)
  bool round_robin() const { return in == ArbiterKind::Rr && out == ArbiterKind::Rr; }
  bool uses_age() const { return in == ArbiterKind::Age || out == ArbiterKind::Age; }
};

class BlockRun;

struct SwAllocFactory {
  std::function<std::unique_ptr<SwAllocBackend>(int ports, int vcs, SaArbiters arb)> make;
};
using SwAllocRegistry = Registry<SwAllocFactory>;

// Every switch allocator algorithm (router.allocator.sa); a test may add its own.
const SwAllocRegistry& sw_alloc_registry();
SwAllocRegistry& mutable_sw_alloc_registry();

// The allocator `cpp` run through block "sa" (blocks/ports.h): in rtl mode
// the Verilated block's grants decide; in lockstep `cpp` allocates and the
// block's grants must match.
std::unique_ptr<SwAllocBackend> on_block(std::unique_ptr<SwAllocBackend> cpp, std::unique_ptr<BlockRun> run,
                                         int ports, int vcs);

}  // namespace nocsim
