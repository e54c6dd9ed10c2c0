#pragma once
// The minCred counters' RTL twin attached to a router's units
// (router/observers.h): a minimally routed flit taking a credit of an output
// port, and a credit flagged minimal coming back, reach the twin; the
// routing's reads (Network::min_occupancy) go through it. The model's own
// count is OutputVc::min_flits (RouterState). Without a twin (the default)
// every hook returns at its first test.
#include <memory>

#include "core/cycle.h"
#include "core/unit_observer.h"
#include "rtl/block_twins.h"

namespace nocsim {

class MinCredCounters : public UnitObserver {
 public:
  void set_twin(std::unique_ptr<MinCredTwin> twin) { twin_ = std::move(twin); }
  MinCredTwin* twin() const { return twin_.get(); }
  void min_taken(int op) {
    if (twin_) twin_->taken(op, cycle_now(kClockPeriodPs));
  }
  void min_returned(int op) {
    if (twin_) twin_->returned(op, cycle_now(kClockPeriodPs));
  }
  // The occupancy the routing reads in cycle `now`: the model's (`cpp`), or the twin's.
  int occupancy(int port, Cycle now, int cpp) const { return twin_ ? twin_->occupancy(port, now, cpp) : cpp; }

 private:
  std::unique_ptr<MinCredTwin> twin_;
};

}  // namespace nocsim
