#pragma once
// Switch allocators as matchings of input ports to output ports
// (docs/architecture.md, "Allocators"): input ip wants output o when one of
// its VCs requests o (want[ip] bit o); each algorithm chooses at most one
// output per input and one input per output. PortMatchAllocator (below)
// turns a port matching into VC grants. Plain C++, tested on exact request
// matrices (tb/unit/test_port_matchers.cpp); the wavefront allocator is the
// twin of rtl_ref/sw_alloc_wavefront.sv (tb/cosim/test_wavefront_cosim.cpp).
//   sep_of     separable output-first: each output's arbiter picks one of
//              the inputs that want it, then each input's arbiter accepts
//              one of the outputs that picked it; both arbiters of an
//              accepted pair advance past it, the others keep their
//              priority (BookSim2's separable allocators do the same; an
//              output advancing past a refused pick falls into step with
//              the others and starves pairs under steady requests). With
//              round-robin arbiters it grants exactly as islip with one
//              iteration.
//   islip      iSLIP (McKeown 1999): request, grant, accept, repeated
//              `iterations` times among the still unmatched ports; the
//              grant and accept pointers move one past an accepted pair, in
//              the first iteration only. Maximal after enough iterations
//              (at most P).
//   wavefront  Tamir and Chi's wavefront allocator: the cells (i, (i + d)
//              mod P) of a diagonal d conflict on no row or column, so the
//              wave grants a diagonal's cells whose input and output are
//              still free, diagonal after diagonal, starting from the
//              priority diagonal, which moves by one every allocation.
//              Always maximal.
//   max_size   a maximum matching (Kuhn's augmenting paths), inputs tried
//              in round-robin order from a pointer that moves by one every
//              allocation, and each input's outputs from its own pointer,
//              so that no pair is always the one left out.
#include <cstdint>
#include <memory>
#include <vector>

#include "alloc/arbiter.h"
#include "alloc/matching.h"
#include "alloc/rr_arbiter.h"

namespace nocsim {

class PortMatcher {
 public:
  explicit PortMatcher(int ports) : P_(ports), want_of_(static_cast<size_t>(ports), 0) {}
  virtual ~PortMatcher() = default;
  // want[ip] for every ip of `inputs` (others ignored); match[ip] = the
  // output matched to input ip, or -1, for every ip < P.
  virtual void match(uint64_t inputs, const uint64_t* want, int* match) = 0;

 protected:
  // want[] over all P ports, zero where an input does not ask.
  const uint64_t* rows(uint64_t inputs, const uint64_t* want);
  int P_;
  std::vector<uint64_t> offers_ = std::vector<uint64_t>(static_cast<size_t>(P_));  // output_first's scratch

 private:
  std::vector<uint64_t> want_of_;
};

class SepOfMatcher : public PortMatcher {
 public:
  SepOfMatcher(int ports, ArbiterKind in = ArbiterKind::Rr, ArbiterKind out = ArbiterKind::Rr);
  void match(uint64_t inputs, const uint64_t* want, int* match) override;
  // matching::output_first's arbiters: [o] over inputs, [ip] over outputs.
  bool col_prefers(int o, int a, int b) const { return out_arb_[static_cast<size_t>(o)].prefers(a, b, nullptr); }
  int row_pick(int ip, uint64_t outs) const { return in_arb_[static_cast<size_t>(ip)].eval_mask(outs, nullptr); }
  void tick(int ip, int o) {
    in_arb_[static_cast<size_t>(ip)].tick(o);
    out_arb_[static_cast<size_t>(o)].tick(ip);
  }

 private:
  std::vector<Arbiter> out_arb_, in_arb_;
};

class IslipMatcher : public PortMatcher {
 public:
  IslipMatcher(int ports, int iterations);
  void match(uint64_t inputs, const uint64_t* want, int* match) override;
  bool col_prefers(int o, int a, int b) const { return grant_[static_cast<size_t>(o)].prefers(a, b); }
  int row_pick(int ip, uint64_t outs) const { return accept_[static_cast<size_t>(ip)].eval_mask(outs); }
  void tick(int ip, int o) {
    grant_[static_cast<size_t>(o)].tick(ip);
    accept_[static_cast<size_t>(ip)].tick(o);
  }

 private:
  int iterations_;
  std::vector<RrArbiter> grant_, accept_;  // [o] over inputs, [ip] over outputs
};

class WavefrontMatcher : public PortMatcher {
 public:
  explicit WavefrontMatcher(int ports);
  void match(uint64_t inputs, const uint64_t* want, int* match) override;
  int priority_diagonal() const { return top_; }

 private:
  int top_ = 0;
  std::vector<int> id_;  // row r is input r
};

class MaxSizeMatcher : public PortMatcher {
 public:
  explicit MaxSizeMatcher(int ports);
  void match(uint64_t inputs, const uint64_t* want, int* match) override;

 private:
  int first_in_ = 0;
  std::vector<int> next_out_;  // [ip] the output its search starts from
  std::vector<int> order_;     // inputs in the order they search
  matching::MaxSize kuhn_;
};

// A switch allocator from a port matching: each matched input is granted
// one of its VCs that want the matched output, round-robin per input (the
// pointer moves past the VC granted). allocate() is one allocation,
// grants and clock edge (SwAllocBackend's interface).
class PortMatchAllocator {
 public:
  PortMatchAllocator(int ports, int vcs, std::unique_ptr<PortMatcher> m);
  void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt);

 private:
  int V_;
  std::unique_ptr<PortMatcher> m_;
  std::vector<uint64_t> want_;
  std::vector<int> match_;
  std::vector<RrArbiter> vc_arb_;
};

}  // namespace nocsim
