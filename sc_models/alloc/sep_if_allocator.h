#pragma once
// Separable input-first switch allocator: the C++ twin of
// rtl_ref/sw_alloc_sep_if.sv (same parameters, same vectors).
//
// Requests: req_ip_ivc[ip*V+ivc] != 0 when input VC (ip, ivc) wants the switch,
// req_op_ip_ivc[ip*V+ivc] is the output port it wants.
// Stage 1: one arbiter per input port picks one requesting VC.
// Stage 2: one arbiter per output port picks one input among the stage-1
// winners that want it.
// SepIfAllocator has round-robin arbiters (the RTL's); SepIfArbAllocator
// takes the kind of each stage (arbiter.h), with ages for `age`.
// Grants: gnt_ip[ip], gnt_ivc_ip[ip], gnt_op_ip[ip].
// tick(): an input arbiter advances past its stage-1 winner whether or not that
// winner got the output (a VC counts as served once it requested: Fuentes
// §1.6.3), or, with in_on_grant (BookSim2's separable allocators; no Verilog
// twin), only when it got it; an output arbiter advances past the input it
// granted.
#include <cstdint>
#include <vector>

#include "alloc/arbiter.h"
#include "alloc/rr_arbiter.h"
#include "alloc/sep_if_ports.h"

namespace nocsim {

template <class Arb>
class SepIfAllocatorT : public SepIfPorts {
 public:
  // The kinds are read by SepIfArbAllocator only.
  SepIfAllocatorT(int ports, int vcs, ArbiterKind in = ArbiterKind::Rr, ArbiterKind out = ArbiterKind::Rr,
                  bool in_on_grant = false);

  void eval();  // combinational: fills gnt_* from req_* and the pointers
  void tick();  // clock edge: pointer update from the last eval()
  // The simulator's path: evaluation, grants and clock edge in one call, from
  // masks (req[ip] has bit v set when (ip, v) requests output op_of[ip*V+v];
  // `inputs` has bit ip set when req[ip] != 0); gnt[ip] for every ip in
  // `inputs` is its granted VC or -1. A lone requesting input wins its output
  // without the two arbitration passes (the usual case below saturation).
  // tick() refers to the last eval() only. age[ip*V+v] is the generation
  // cycle of the packet of input VC (ip, v), read by age arbiters only.
  void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt, const Cycle* age = nullptr);
  // The lone requesting input ip (requests req, as above): its stage-1
  // winner takes the output it wants, and both arbiters take their edge.
  // Returns the granted VC. Inline: SA calls it without the backend's
  // virtual call (docs/performance.md, "Session 81").
  int grant_lone(int ip, uint64_t req, const int* op_of, const Cycle* age = nullptr) {
    Arb& in = port_[ip].in_arb;
    const int v = in.eval_mask(req, age ? age + ip * V_ : nullptr);
    in.tick(v);
    port_[op_of[ip * V_ + v]].out_arb.tick(ip);  // the only request it sees
    return v;
  }
  void reset();

 private:
  // The same from masks (eval()'s core): req[ip] has bit v set when (ip, v)
  // requests output op_of[ip*V+v]; `inputs` has bit ip set when req[ip] != 0.
  // Neither req_* nor gnt_* are touched: the grant of input ip (in `inputs`)
  // is granted_vc(ip), meaningful for those inputs only.
  void eval_masks(uint64_t inputs, const uint64_t* req, const int* op_of, const Cycle* age = nullptr);
  // (Also what tb/cosim/mutate_twin.cmake's planted bug calls from tick().)
  int granted_vc(int ip) const {
    const Port& p = port_[ip];
    return p.in_win >= 0 && port_[p.in_op].out_win == ip ? p.in_win : -1;
  }
  // Everything a port's two arbiters keep, side by side and small (12
  // bytes with round-robin arbiters: five ports a cache line), as a large
  // network's allocation finds them out of cache (docs/performance.md,
  // "Session 55").
  struct Port {
    Arb in_arb, out_arb;        // stage 1 (over the port's VCs), stage 2 (over the inputs)
    int8_t in_win = -1;         // stage-1 winner VC of this input, -1 if none
    int8_t in_op = 0;           // the output that winner wants
    int8_t out_win = -1;        // stage-2 winner input of this output, -1 if none
  };
  // Stage 1 for `inputs`: each input's winner VC and the output it wants
  // (in_win, in_op; the output's out_req bit). Returns the outputs wanted.
  uint64_t stage1(uint64_t inputs, const uint64_t* req, const int* op_of, const Cycle* age);
  std::vector<Port> port_;
  std::vector<uint64_t> out_req_;   // [op] inputs whose stage-1 winner wants output op
  std::vector<Cycle> win_age_;      // [ip] age of its stage-1 winner (age arbiters)
  std::vector<uint64_t> req_mask_;  // eval(): req_ip_ivc as masks
  ArbiterKind in_kind_, out_kind_;
  bool in_on_grant_;  // an input arbiter moves only past a granted winner
  uint64_t in_used_ = 0, out_used_ = 0;  // ports with a winner in the last eval
};

using SepIfAllocator = SepIfAllocatorT<RrArbiter>;
using SepIfArbAllocator = SepIfAllocatorT<Arbiter>;

}  // namespace nocsim
