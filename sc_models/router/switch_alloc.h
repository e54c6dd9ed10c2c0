#pragma once
// SA: each cycle, `speedup` rounds of separable input-first switch allocation.
// An input VC requests when it holds an output VC, may start SA
// (ready <= now), has a flit not yet granted this cycle, its output VC has a
// credit left and the output queue has room. A grant dequeues the flit (its
// credit goes back upstream at once), spends a downstream credit and enters
// the ST queue, leaving on the link latency.sa + latency.st cycles later
// (with a direct ST, Router::set_direct_st, the commit sends it with that
// delay).
// After a tail the output VC is freed and the input VC routes its next packet.
// Reads: input buffers, output credits and queue sizes. Writes at commit:
// buffers, credits, ST queues, VC states; during evaluate only its scratch
// (router/sa_scratch.h: grants, requests, what this cycle's grants took),
// which its commit leaves clean.
#include <memory>
#include <vector>

#include "alloc/sw_alloc_backend.h"
#include "link/link.h"
#include "router/sa_scratch.h"
#include "router/stage_scratch.h"
#include "router/stage.h"

namespace nocsim {

class SwitchAlloc : public Stage {
 public:
  SwitchAlloc(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process,
              std::unique_ptr<SwAllocBackend> alloc);
  // Inline: Router::run_router calls it on every cycle with work.
  void evaluate(Cycle now) override {
    SaScratch& s = scratch_.get();
    s.grants.clear();
    if (st_.n_active == 0) return;
    alloc_->set_context(st_.id, now);
    if (st_.p.damq || st_.p.sa_age || st_.p.hold_switch || st_.p.speedup > 1)
      allocate<true>(s, now);
    else
      allocate<false>(s, now);
  }
  void commit(Cycle now, RouterState& st) override;
  static bool work(const RouterState& st) { return st.n_active > 0; }
  SwAllocBackend& backend() const { return *alloc_; }
  // Link power (Router::work_mask): some active input VC's output is not
  // parked, or has room in its queue.
  static bool unparked_work(const RouterState& st);
  // One pass (Router::set_one_pass): this router's evaluate and commit use
  // the scratch of the thread that runs them (router/stage_scratch.h);
  // `threads`: sim.threads > 1.
  [[gnu::cold]] void share_scratch(bool on, bool threads);
  // A run stopped by an error in this router: its scratch as between evaluates.
  [[gnu::cold]] void drop_scratch() { scratch_.get().clean(st_.p.ports, st_.p.vcs); }

 private:
  using Grant = SaScratch::Grant;
  using Taken = SaScratch::Taken;
  // In-transit priority: withdraws injection inputs' requests for outputs a
  // transit input requests. Per request, not per grant: an output a transit
  // input asked for but did not win (its input granted another VC) stays
  // idle for that round rather than going to an injection input.
  template <bool kExtras>
  void allocate(SaScratch& s, Cycle now);
  void yield_to_transit(SaScratch& s, uint64_t& inputs);
  uint64_t held_full(Cycle now) const;
  // DAMQ (out of line: static buffers pay one test per request).
  [[gnu::noinline]] bool damq_full(const SaScratch& s, int o, int ovc, int used) const;
  [[gnu::noinline]] void damq_granted(SaScratch& s, int o, int ovc);
  void clear_scratch(SaScratch& s);
  void send_direct(SaScratch& s, RouterState& st, Cycle now, Cycle leaves);
  // router.hold_switch (BookSim2's hold_switch_for_packet).
  bool blocked_by_hold(int i, const InputVc& ivc) const;
  uint64_t grant_holds(SaScratch& s, uint64_t inputs);
  void note_holds(const SaScratch& s, const RouterState& st);
  void set_holds(const SaScratch& s, const RouterState& st);
  // What every evaluate and commit reads first (the object's first line),
  // the age arbiters' ages after.
  std::unique_ptr<SwAllocBackend> alloc_;
  LinkTargets<Credit> credits_;  // by input port: a grant's credit goes back at once
  LinkTargets<Flit> flits_;     // by output port: a direct ST's sends
  sc_core::sc_time st_delay_;   // SA and ST latency: a direct ST's delay
  uint64_t requests_ = 0;        // input VC requests this cycle (activity)
  StageScratch<SaScratch> scratch_;  // its choice of copy first: in the object's first line
  std::vector<Cycle> age_;       // [ip*V+ivc] requester's packet generation cycle (age arbiters)
  // router.hold_switch: inputs and outputs (bits) held by a packet, the VC
  // holding each held input and, at commit, the output a grant keeps.
  uint64_t held_in_ = 0, held_out_ = 0;
  std::vector<int8_t> hold_vc_, hold_out_;  // [ip]
};

}  // namespace nocsim
