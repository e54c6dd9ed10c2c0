#pragma once
// VA: each cycle, every input VC that has its route and may start VA
// (ready <= now) offers its candidates, each with the output VCs of its VC
// range that are free and, under VCT and SAF (or for an opportunistic hop),
// have credits for the whole packet (wormhole: one flit; a bubble hop: two
// packets); the selection function
// picks the candidate and VCs it requests with, and the separable
// input-first VcAllocator picks the winners. Reads: input VC candidates,
// output VC busy bits and credits. Writes at commit: output VC busy, input
// VC route and out_vc, state -> SA, ready = now + latency.va; tells the
// routing which candidate was granted. With latency.rc = 0 VA also routes
// the heads waiting for RC (lookahead routing: the route is ready when VA
// starts) and commits their routes. With routing.reevaluate and an adaptive
// routing, a head that already failed an attempt (ready < now) is routed
// again before each new attempt; otherwise (default selection, static
// buffers) a head that found no usable VC sits out until one of its
// candidates' ports frees a VC or gets a credit back for a free one.
#include <memory>
#include <vector>

#include "alloc/vc_allocator.h"
#include "router/route_compute.h"
#include "router/stage.h"
#include "router/stage_scratch.h"
#include "blocks/block_run.h"
#include "vc/selection.h"

namespace nocsim {

class VcAlloc : public Stage, private CreditView {
 public:
  VcAlloc(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process,
          std::unique_ptr<Selection> selection);
  void evaluate(Cycle now) override;
  void commit(Cycle now, RouterState& st) override;
  static bool work(const RouterState& st) { return !st.vcalloc.empty() || (st.p.lat_rc == 0 && !st.routing.empty()); }
  void set_route_compute(RouteCompute* rc) { rc_ = rc; }
  // One pass (Router::set_one_pass): the thread's scratch
  // (router/stage_scratch.h); `threads`: sim.threads > 1.
  [[gnu::cold]] void share_scratch(bool on, bool threads);
  // A run stopped by an error in this router: its scratch as between evaluates.
  [[gnu::cold]] void drop_scratch() { scratch_.get().alloc.clean(static_cast<size_t>(st_.p.ports) * static_cast<size_t>(st_.p.vcs)); }
  // The Verilated allocator (rtl.va) and FlexVC selection (rtl.vc_select)
  // through the one lockstep mechanism (blocks/block_run.h); null: C++ only.
  void set_blocks(std::unique_ptr<BlockRun> va, std::unique_ptr<BlockRun> select) {
    va_rtl_ = std::move(va);
    select_rtl_ = std::move(select);
  }
  BlockRun* va_block() const { return va_rtl_.get(); }
  BlockRun* select_block() const { return select_rtl_.get(); }

 private:
  struct Grant {
    int ip, ivc, ovc, cand;
  };
  struct Requester {
    int ivc, cand;  // input VC index ip*V+ivc, candidate it asked with
  };
  struct Routed {
    int ip, ivc, first, n;  // candidates Scratch::cands[first, first+n)
  };
  // What one evaluate leaves for its commit (grants; heads routed here,
  // their candidates and VC ranges) and its allocator's scratch: one per
  // thread in one pass, else this stage's (router/stage_scratch.h).
  struct Scratch {
    explicit Scratch(size_t n) : alloc(n) {}  // an allocator of n input VCs
    static Scratch widest() {
      return Scratch(static_cast<size_t>(ScratchBounds::kMaxPorts) * ScratchBounds::kMaxVcs);
    }
    std::vector<Grant> grants;
    std::vector<Requester> requesters;
    std::vector<Routed> routed;          // heads routed here this cycle (lookahead, re-evaluation)
    std::vector<RouteCandidate> cands;   // their candidates
    std::vector<VcRange> cand_vcs;       // and VC ranges
    VcAllocator::Scratch alloc;
  };
  // Credits an output VC needs to take the candidate's packet.
  int need(const RouteCandidate& c, VcRange vcs, int size) const {
    return credits_needed(c, vcs, size, st_.p.vct, st_.p.slot);
  }
  // Output VCs of the candidate's port in `vcs` that are free with the credits it needs.
  template <bool kDamq>
  uint64_t usable_mask(const RouteCandidate& c, VcRange vcs, int size) const;
  [[gnu::noinline]] uint64_t damq_filter(int port, uint64_t mask, int need) const;
  template <bool kExtras>
  void evaluate_with(Scratch& s, Cycle now);
  template <bool kExtras>
  bool request(Scratch& s, int ip, int v, const RouteCandidate* cands, const VcRange* vcs, int n, int size);
  // A head's usable VCs only grow when one of its candidates' ports frees a
  // VC or gets a credit back: a head that found none waits for that
  // (default selection, static buffers, routes kept between attempts).
  uint32_t freed(const InputVc& ivc) const {
    uint32_t sum = 0;
    for (int k = 0; k < ivc.n_cands; ++k) sum += st_.out[ivc.cands[k].out_port].freed;
    return sum;
  }
  bool blocked(int i, const InputVc& ivc) const {
    const Memo& m = blocked_[static_cast<size_t>(i)];
    return m.on && m.seen == freed(ivc);
  }
  int credits(int port, int vc) const override { return st_.out[port].vcs[vc].credits; }
  // rtl.va, rtl.vc_select: the Verilated block's outputs decide (rtl) or must match (lockstep).
  void allocate_on_block(Cycle now);
  void check_rtl_grants(const int64_t* out, Cycle now);
  int select_on_block(const RouteCandidate* cands, const VcRange* vcs, int n, int size, uint64_t* usable, int c,
                      uint64_t& mask);
  // What every evaluate reads first, together.
  RouteCompute* rc_ = nullptr;
  std::unique_ptr<Selection> selection_;
  std::unique_ptr<BlockRun> va_rtl_, select_rtl_;
  bool first_usable_;  // the default selection: VA runs it inline, stopping at the first usable candidate
  bool skip_blocked_;  // see blocked()
  bool damq_;    // router.buffer_model=damq: usable VCs also need room in the downstream pool
  bool va_age_;  // router.arbiter.va=age: requests carry their packets' ages
  StageScratch<Scratch> scratch_;
  uint64_t requested_ = 0;  // requests this cycle (activity)
  Cycle now_ = 0;  // of the evaluation under way (lockstep reports)
  // VA's memo per input VC [ip*V+ivc]: its last attempt found no usable VC
  // when its candidates' ports had freed() = seen. A head leaves VcAlloc
  // only through a grant, which clears it (with routes kept between
  // attempts, nothing else re-routes a head in VcAlloc).
  struct Memo {
    uint32_t seen;
    uint8_t on;
  };
  std::vector<Memo> blocked_;
  VcAllocator alloc_;
  std::vector<int64_t> va_cpp_;  // lockstep: the C++ allocator's grants
};

}  // namespace nocsim
