#pragma once
// PiggyBack saturation bits (Jiang et al.; Fuentes §1.4.2): every
// routing.pb_period cycles each router flags each of its global ports
// saturated when its occupancy exceeds coef% of the mean over the router's
// global ports plus a threshold; the flags reach the other routers of the
// group link.latency cycles later (piggybacked on local traffic, which is not
// modelled as extra flits). Sampled and published at the start of a cycle,
// before the rising edge's processes and after every commit and pull of the
// previous cycle: no process order can change them.
#include <deque>
#include <systemc>
#include <vector>

#include "congestion/provider.h"
#include "core/flit.h"
#include "routing/routing.h"
#include "topologies/dragonfly.h"

namespace nocsim {

class PiggybackBoard : public sc_core::sc_module, public CongestionProvider {
 public:
  struct Params {
    int period = 1, delay = 10, coef_percent = 200, threshold = 8;
    bool mincred = false;  // occupancy by minimally routed flits (vc.mincred)
  };
  PiggybackBoard(sc_core::sc_module_name name, const Dragonfly& t, const CongestionView& view, const Params& p,
                 Cycle period_ps);
  // Saturation flag of global port `port` of `router`, as known in its group now.
  bool saturated(int router, int port) const override { return visible_[router * t_.h() + port - (t_.a() - 1)] != 0; }

 private:
  void tick();
  long occupancy(int router, int port) const {
    return p_.mincred ? view_.min_occupancy(router, port) + view_.output_queue(router, port)
                      : view_.port_occupancy(router, port);
  }
  const Dragonfly& t_;
  const CongestionView& view_;
  Params p_;
  Cycle period_ps_;
  std::vector<uint8_t> visible_;
  std::deque<std::pair<Cycle, std::vector<uint8_t>>> pending_;  // (publish cycle, flags)
  Cycle next_sample_ = 0;
};

}  // namespace nocsim
