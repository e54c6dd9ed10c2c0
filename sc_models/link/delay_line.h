#pragma once
// Items in flight on a wire, ordered by the cycle they become visible. Sends
// happen in cycle order with a fixed latency, so a FIFO keeps them sorted.
#include <utility>

#include "core/flit.h"
#include "core/ring.h"

namespace nocsim {

template <typename T>
class DelayLine {
 public:
  void push(Cycle arrival, const T& item) {
    auto& slot = q_.push_slot();
    slot.first = arrival;
    slot.second = item;
  }
  bool ready(Cycle now) const { return !q_.empty() && q_.front().first <= now; }
  const T& front() const { return q_.front().second; }
  const T& back() const { return q_.back().second; }
  Cycle front_arrival() const { return q_.front().first; }
  Cycle back_arrival() const { return q_.back().first; }
  const T& at(size_t i) const { return q_[i].second; }  // i-th oldest
  void pop() { q_.pop_front(); }
  bool empty() const { return q_.empty(); }
  size_t size() const { return q_.size(); }

 private:
  Ring<std::pair<Cycle, T>> q_;
};

}  // namespace nocsim
