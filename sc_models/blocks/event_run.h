#pragma once
// A clocked per-port up/down block (the contention and minCred counters)
// fed by the model's events: its inputs are inc[ports] then dec[ports], one
// clock cycle per evaluation. The RTL registers the events of cycle t (the
// commits of t and the link deliveries pulled before t + 1) at the edge that
// ends t; reads in cycle t see the edges before it. Events of the current
// cycle wait in the inputs until a later event or read clocks them in; idle
// cycles are clocked only when the block's registers move without events.
#include <memory>
#include <string>

#include "blocks/block_run.h"
#include "core/error.h"

namespace nocsim {

class EventRun : public TapSource {
 public:
  explicit EventRun(std::unique_ptr<BlockRun> run)
      : run_(std::move(run)), ports_(run_->signals().in.at(0).size), max_(run_->rtl().max_events()),
        idle_moves_(run_->rtl().idle_moves()) {}
  void up(int port, Cycle now) { event(0, port, now); }
  void down(int port, Cycle now) { event(ports_, port, now); }
  // Brings the RTL up to cycle `now`; then out() holds what a read sees.
  void advance(Cycle now) {
    if (at_ >= now) return;
    if (pending_) {
      run_->eval(at_);
      pending_ = false;
      ++at_;
    }
    if (idle_moves_)
      for (; at_ < now; ++at_) run_->eval(at_);
    at_ = now;
  }
  BlockRun& run() { return *run_; }
  PortTap* tap(uint64_t now) override {
    advance(now);
    return run_->tap(now);
  }

 private:
  void event(int base, int port, Cycle now) {
    advance(now);
    pending_ = true;
    if (++run_->in()[base + port] > max_)
      throw InvariantError("verilated " + run_->title() + " overflow: cycle " + std::to_string(now) + " router " +
                           std::to_string(run_->router()) + ": more than " + std::to_string(max_) + " events at port " +
                           std::to_string(port) + " in one cycle (the block's event width)");
  }
  std::unique_ptr<BlockRun> run_;
  int ports_, max_;
  bool idle_moves_;
  bool pending_ = false;
  Cycle at_ = 0;  // the RTL holds the events of the cycles before at_
};

}  // namespace nocsim
