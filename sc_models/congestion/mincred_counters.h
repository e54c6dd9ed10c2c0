#pragma once
// The minCred counters' Verilated block (rtl.mincred) attached to a router's
// units (router/observers.h): a minimally routed flit taking a credit of an
// output port, and a credit flagged minimal coming back, reach the block;
// the routing's reads (Network::min_occupancy) go through it. The model's
// own count is OutputVc::min_flits (RouterState). Without the block (the
// default) every hook returns at its first test.
#include <memory>

#include "core/cycle.h"
#include "core/unit_observer.h"
#include "blocks/event_run.h"

namespace nocsim {

class MinCredCounters : public UnitObserver {
 public:
  void set_block(std::unique_ptr<EventRun> rtl) { rtl_ = std::move(rtl); }
  EventRun* block() const { return rtl_.get(); }
  void min_taken(int op) {
    if (rtl_) rtl_->up(op, cycle_now(kClockPeriodPs));
  }
  void min_returned(int op) {
    if (rtl_) rtl_->down(op, cycle_now(kClockPeriodPs));
  }
  // The occupancy the routing reads in cycle `now`: the model's (`cpp`), or the block's.
  int occupancy(int port, Cycle now, int cpp) const { return rtl_ ? rtl_occupancy(port, now, cpp) : cpp; }

 private:
  int rtl_occupancy(int port, Cycle now, int cpp) const {
    rtl_->advance(now);
    const BlockRun& b = rtl_->run();
    if (b.lockstep()) b.compare(0, port, cpp, now);  // out: count[port]
    return static_cast<int>(b.out()[port]);
  }
  std::unique_ptr<EventRun> rtl_;
};

}  // namespace nocsim
