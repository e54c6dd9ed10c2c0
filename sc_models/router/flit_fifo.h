#pragma once
// An input VC buffer: a FIFO of flits with a capacity (the depth in flits).
// Storage grows on demand up to the capacity, so deep buffers that are
// rarely full (e.g. 256-flit global buffers) cost memory only when used.
// Overflowing it is an invariant violation reported by the caller.
#include "core/flit.h"
#include "core/ring.h"

namespace nocsim {

class FlitFifo {
 public:
  explicit FlitFifo(int capacity = 1) : cap_(capacity) {}
  int capacity() const { return cap_; }
  int size() const { return static_cast<int>(q_.size()); }
  bool empty() const { return q_.empty(); }
  bool full() const { return size() == cap_; }
  Flit& front() { return q_.front(); }
  const Flit& front() const { return q_.front(); }
  const Flit& at(int i) const { return q_[static_cast<size_t>(i)]; }
  void push(const Flit& f) { q_.push_back(f); }
  // f, stamped with the cycle it arrived (the latency breakdown's clock).
  // The slot is only written (core/flit.h, FlitWord, says why).
  void push(const Flit& f, Cycle arrival) {
    FlitWord::copy(q_.push_slot(), f, FlitWord::with_stamp(FlitWord::of(f), Flit::stamp_of(arrival)));
  }
  void pop() { q_.pop_front(); }

 private:
  Ring<Flit> q_;
  int cap_;
};

}  // namespace nocsim
