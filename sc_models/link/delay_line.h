#pragma once
// Items in flight on a wire, ordered by the cycle they become visible. Sends
// happen in cycle order with a fixed latency, so a FIFO keeps them sorted.
#include <deque>
#include <utility>

#include "core/flit.h"

namespace nocsim {

template <typename T>
class DelayLine {
 public:
  void push(Cycle arrival, const T& item) { q_.emplace_back(arrival, item); }
  bool ready(Cycle now) const { return !q_.empty() && q_.front().first <= now; }
  const T& front() const { return q_.front().second; }
  Cycle front_arrival() const { return q_.front().first; }
  void pop() { q_.pop_front(); }
  bool empty() const { return q_.empty(); }
  size_t size() const { return q_.size(); }
  template <typename F>
  void for_each(F f) const {
    for (const auto& e : q_) f(e.first, e.second);
  }

 private:
  std::deque<std::pair<Cycle, T>> q_;
};

}  // namespace nocsim
