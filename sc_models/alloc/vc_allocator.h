#pragma once
// VC allocators (plain C++), router.allocator.va.
// Each input VC (ip, ivc) asks for one output port and a set of output VCs
// there (a mask, already restricted by the caller to VCs that are free and have
// enough credits).
// - sep_if, separable input-first: stage 1, a round-robin arbiter per input
//   VC picks one output VC from its mask (which VCs a head may take is the
//   selection function's choice, made before); stage 2, an arbiter per
//   output VC, of the kind router.arbiter.va gives (round-robin by
//   default), picks one input VC among those that chose it. Pointers move
//   as in SepIfAllocator: stage 1 past its pick whenever it had a request,
//   stage 2 past its grant.
// - free_pool: one arbiter per output port (router.arbiter.va's kind) picks
//   one input VC among all that ask for the port; the winner takes the
//   port's next free VC in its mask, after a round-robin pointer over the
//   port's VCs. At most one VC per output port per cycle: P arbiters of P*V
//   inputs instead of P*V (docs/power-model.md, equation 7).
// - sep_of, islip, wavefront, max_size: the switch allocators' matchings
//   (alloc/matching.h) on each output port's problem, the input VCs asking
//   for it against its VCs; an input VC asks for one port, so the ports'
//   matchings are independent and together the whole matching.
//   sep_of: each output VC's stage-2 arbiter (router.arbiter.va) grants one
//   asking input VC, each input VC's round-robin arbiter over the V VCs
//   accepts one grant; islip iterates that (round-robin, `iterations`);
//   wavefront runs the P*V x P*V square, the priority diagonal moving by one
//   every allocation; max_size finds a maximum matching per port, the input
//   VCs searching from a per-port pointer over the P*V input VCs that moves
//   by one every allocation the port is asked, each from its own pointer
//   over the V VCs (past its last grant).
// Only the requesting input VCs are visited: a call costs what it allocates,
// not the router's radix.
#include <cstdint>
#include <vector>

#include <string>

#include "alloc/arbiter.h"
#include "alloc/matching.h"
#include "alloc/rr_arbiter.h"

namespace nocsim {

enum class VaAlgorithm : uint8_t { SepIf, FreePool, SepOf, Islip, Wavefront, MaxSize };

// The names of router.allocator.va's C++ algorithms, in the order of VaAlgorithm.
inline const std::vector<std::string>& va_algorithm_names() {
  static const std::vector<std::string> names{"sep_if", "free_pool", "sep_of", "islip", "wavefront", "max_size"};
  return names;
}

class VcAllocator {
 public:
  // lent: every allocation will use() a scratch lent by the caller (VcAlloc),
  // so the allocator's own is left empty.
  VcAllocator(int ports, int vcs, ArbiterKind stage2 = ArbiterKind::Rr, VaAlgorithm alg = VaAlgorithm::SepIf,
              int iterations = 1, bool lent = false);
  // s_ may point into the object itself.
  VcAllocator(const VcAllocator&) = delete;
  VcAllocator& operator=(const VcAllocator&) = delete;
  // Request of input VC i = ip*V+ivc: output port and a mask over its V VCs
  // (bit o: output VC o); `age` is its packet's generation cycle (read by
  // age arbiters). At most one request per input VC per allocation.
  void request(int ip, int ivc, int op, uint64_t ovc_mask, Cycle age = 0);
  // Grants the requests made since the last call and advances the pointers;
  // then grant_ovc(i) is the output VC granted to input VC i, or -1.
  void allocate();
  int grant_ovc(int i) const { return s_->grant_ovc[static_cast<size_t>(i)]; }
  // Forgets the requests and grants of the last allocation.
  void clear_requests();

  // For the Verilated block (VcAlloc::allocate_on_block): the requests since the last
  // clear_requests(), and grants it sets in place of allocate()'s.
  struct Request {
    int i, op;
    uint64_t mask;
  };
  const std::vector<Request>& requests() const { return s_->req; }
  void set_grant(int i, int ovc) { s_->grant_ovc[static_cast<size_t>(i)] = ovc; }

  // What one allocation writes and reads back: the requests, the contests
  // some input VC entered, each contest's best so far and the grants (both
  // -1 between allocations, for the first n input VCs and contests). An
  // allocator has its own; VcAlloc lends it its thread's in one pass
  // (router/stage_scratch.h).
  struct Scratch {
    explicit Scratch(size_t n = 0);
    // As between allocations, for an allocator of n input VCs.
    void clean(size_t n);
    std::vector<Request> req;
    std::vector<int> touched;
    std::vector<int> best;       // per contest (output VC, or port of a free pool)
    std::vector<int> grant_ovc;  // per input VC
  };
  // Allocations from now on use `s` (nullptr: the allocator's own, unless
  // lent), which must have room for P*V input VCs.
  void use(Scratch* s) { s_ = s ? s : &own_; }

 private:
  // Stage 2 at contest o (an output VC, or a port in a free pool): does
  // input VC a beat input VC b?
  template <bool kRr>
  bool prefers(int o, int a, int b) const {
    if constexpr (!kRr) return out_arb_[o].prefers(a, b, age_.data());
    const int p = out_ptr_[o], n = P_ * V_;
    return rr_rank(a, p, n) < rr_rank(b, p, n);
  }
  template <bool kRr, bool kPool>
  void allocate_with();
  struct PortArbs;  // matching::output_first's arbiters at one output port
  void allocate_matching();
  void match_port(int op, const int* reqs, int n);
  // What every allocation reads first, together.
  Scratch* s_ = nullptr;
  int P_, V_;
  ArbiterKind kind_;
  VaAlgorithm alg_;
  bool pool_;
  int iterations_;
  std::vector<RrArbiter> in_arb_;  // per input VC, over the V output VCs
  std::vector<int> out_ptr_;       // rr: per output VC (free_pool: per port), pointer over P*V input VCs
  std::vector<RrArbiter> pool_arb_;  // free_pool: per output port, the next VC over its V
  std::vector<uint64_t> pool_mask_;  // free_pool: per input VC, its request's mask
  std::vector<Arbiter> out_arb_;   // other kinds: per output VC (free_pool: per port), over P*V input VCs
  std::vector<Cycle> age_;         // age: per input VC, its request's age
  Scratch own_;
  // The matchings: requests grouped by port, one port's rows, the wave's
  // priority diagonal, max_size's per-port pointers and its search.
  std::vector<int> by_port_, row_id_, row_match_, row_first_, row_order_;
  std::vector<uint64_t> row_want_, row_offers_;
  int top_ = 0;
  std::vector<int> first_in_;
  matching::MaxSize kuhn_;
};

}  // namespace nocsim
