#pragma once
// Items in flight on a wire, ordered by the cycle they become visible. Sends
// happen in cycle order with a fixed latency, so a FIFO keeps them sorted.
#include <cstdint>
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
  const void* front_slot() const { return q_.front_slot(); }  // for a prefetch: never read
  Cycle back_arrival() const { return q_.back().first; }
  const T& at(size_t i) const { return q_[i].second; }  // i-th oldest
  void pop() { q_.pop_front(); }
  bool empty() const { return q_.empty(); }
  size_t size() const { return q_.size(); }

 private:
  Ring<std::pair<Cycle, T>> q_;
};

// Credits: the arrival cycle and the credit's code in one word, 8 bytes a
// slot instead of 16 (46 MB at h = 8). A code fits in kCodeBits (Credit: a
// VC below 2^16 and bit 16), and a cycle in the 44 bits left: a run is at
// most 3 x 10^12 cycles (sim.warmup, sim.cycles and sim.drain each at most
// 10^12, docs/user-guide.md) plus a link's latency.
template <>
class DelayLine<Credit> {
  static constexpr int kCodeBits = 20;
  static Cycle arrival_of(uint64_t w) { return w >> kCodeBits; }
  static Credit credit_of(uint64_t w) { return {static_cast<int32_t>(w & ((1u << kCodeBits) - 1))}; }

 public:
  void push(Cycle arrival, const Credit& c) {
    q_.push_slot() = arrival << kCodeBits | static_cast<uint32_t>(c.code);
  }
  bool ready(Cycle now) const { return !q_.empty() && arrival_of(q_.front()) <= now; }
  Credit front() const { return credit_of(q_.front()); }
  Cycle front_arrival() const { return arrival_of(q_.front()); }
  const void* front_slot() const { return q_.front_slot(); }
  Cycle back_arrival() const { return arrival_of(q_.back()); }
  Credit at(size_t i) const { return credit_of(q_[i]); }
  void pop() { q_.pop_front(); }
  bool empty() const { return q_.empty(); }
  size_t size() const { return q_.size(); }

 private:
  Ring<uint64_t> q_;
};

}  // namespace nocsim
