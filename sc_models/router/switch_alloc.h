#pragma once
// SA: each cycle, `speedup` rounds of separable input-first switch allocation.
// An input VC requests when it holds an output VC, may start SA
// (ready <= now), has a flit not yet granted this cycle, its output VC has a
// credit left and the output queue has room. A grant dequeues the flit (its
// credit goes back upstream at once), spends a downstream credit and enters
// the ST queue, leaving on the link latency.sa + latency.st cycles later.
// After a tail the output VC is freed and the input VC routes its next packet.
// Reads: input buffers, output credits and queue sizes. Writes at commit:
// buffers, credits, ST queues, VC states; during evaluate only its own
// scratch (what this cycle's grants took, for the later rounds of a
// speedup), which its commit clears.
#include <memory>
#include <vector>

#include "alloc/sw_alloc_backend.h"
#include "core/fixed_list.h"
#include "link/link.h"
#include "router/stage.h"

namespace nocsim {

class SwitchAlloc : public Stage {
 public:
  SwitchAlloc(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process,
              std::unique_ptr<SwAllocBackend> alloc);
  void evaluate(Cycle now) override;
  void commit(Cycle now, RouterState& st) override;
  static bool work(const RouterState& st) { return st.n_active > 0; }
  SwAllocBackend& backend() const { return *alloc_; }
  // Link power (Router::work_mask): some active input VC's output is not
  // parked, or has room in its queue.
  static bool unparked_work(const RouterState& st);

 private:
  struct Grant {
    int ip, ivc;
  };
  // In-transit priority: withdraws injection inputs' requests for outputs a
  // transit input requests. Per request, not per grant: an output a transit
  // input asked for but did not win (its input granted another VC) stays
  // idle for that round rather than going to an injection input.
  template <bool kExtras>
  void allocate(Cycle now);
  void yield_to_transit(uint64_t& inputs);
  uint64_t held_full(Cycle now) const;
  // DAMQ (out of line: static buffers pay one test per request).
  [[gnu::noinline]] bool damq_full(int o, int ovc, int used) const;
  [[gnu::noinline]] void damq_granted(int o, int ovc);
  void clear_scratch();
  // router.hold_switch (BookSim2's hold_switch_for_packet).
  bool blocked_by_hold(int i, const InputVc& ivc) const;
  uint64_t grant_holds(uint64_t inputs);
  void note_holds(const RouterState& st);
  void set_holds(const RouterState& st);
  // What every evaluate and commit reads first (two cache lines of the
  // object), the scratch of in-transit priority and age arbiters after.
  std::unique_ptr<SwAllocBackend> alloc_;
  LinkTargets<Credit> credits_;  // by input port: a grant's credit goes back at once
  uint64_t requests_ = 0;        // input VC requests this cycle (activity)
  FixedList<Grant> grants_;    // at most one per input port and round
  std::vector<uint64_t> req_;  // [ip] requesting VCs (allocator input)
  std::vector<int> op_of_;     // [ip*V+ivc] their output port
  std::vector<int> gnt_;       // [ip] granted VC or -1
  std::vector<uint8_t> transit_out_;  // [op] requested by a transit input this round
  std::vector<Cycle> age_;            // [ip*V+ivc] requester's packet generation cycle (age arbiters)
  // What this cycle's grants took, read by rounds after the first (the first
  // starts from nothing, so a speedup of 1 neither reads nor writes them):
  // flits granted and tail granted per input VC [ip*V+ivc], credits per
  // output VC [op*V+ovc], queue slots per output port, and under DAMQ the
  // downstream shared slots per output port.
  struct Taken {
    uint16_t flits;
    uint8_t tail;
  };
  std::vector<Taken> taken_;
  std::vector<int> used_;
  std::vector<uint8_t> added_;
  std::vector<int> shared_;
  // router.hold_switch: inputs and outputs (bits) held by a packet, the VC
  // holding each held input and, at commit, the output a grant keeps.
  uint64_t held_in_ = 0, held_out_ = 0;
  std::vector<int8_t> hold_vc_, hold_out_;  // [ip]
};

}  // namespace nocsim
