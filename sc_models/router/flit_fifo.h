#pragma once
// Fixed-capacity FIFO of flits (an input VC buffer). Capacity is the depth in
// flits; overflowing it is an invariant violation reported by the caller.
#include <vector>

#include "core/flit.h"

namespace nocsim {

class FlitFifo {
 public:
  explicit FlitFifo(int capacity = 1) : slots_(capacity) {}
  int capacity() const { return static_cast<int>(slots_.size()); }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == capacity(); }
  Flit& front() { return slots_[head_]; }
  const Flit& front() const { return slots_[head_]; }
  const Flit& at(int i) const { return slots_[(head_ + i) % capacity()]; }
  void push(const Flit& f) {
    slots_[(head_ + size_) % capacity()] = f;
    ++size_;
  }
  void pop() {
    head_ = head_ + 1 == capacity() ? 0 : head_ + 1;
    --size_;
  }

 private:
  std::vector<Flit> slots_;
  int head_ = 0;
  int size_ = 0;
};

}  // namespace nocsim
