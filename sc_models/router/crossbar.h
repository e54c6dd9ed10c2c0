#pragma once
// ST: the crossbar and output stage. Each cycle, every output port whose
// oldest flit has finished SA + ST (ready <= now) puts it on the output link
// (one flit per output per cycle: the link's bandwidth). The queue it drains
// is the crossbar pipeline plus the output buffer, whose room SA checks.
// Reads: ST queues. Writes: the link at once (it only becomes visible
// link.latency cycles later), the queue at commit. With a direct ST
// (Router::set_direct_st) SA's commit sends instead and ST has no work.
#include <cstdint>

#include "link/link.h"
#include "router/stage.h"

namespace nocsim {

class Crossbar : public Stage {
 public:
  Crossbar(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process);
  void evaluate(Cycle now) override;
  // Inline: the router's commit calls it on most cycles.
  void commit(Cycle now, RouterState& st) override {
    for (uint64_t m = sent_; m; m &= m - 1) st.sent(__builtin_ctzll(m), now);
    sent_ = 0;
  }
  static bool work(const RouterState& st) { return st.st_queued > 0; }

 private:
  LinkTargets<Flit> links_;  // by output port
  // Output ports that sent this cycle (at most 64, Router::kMaxPorts), in
  // the object rather than in a list of its own: one cache line less a
  // cycle, and the commit still visits them in port order.
  uint64_t sent_ = 0;
};

}  // namespace nocsim
