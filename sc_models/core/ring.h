#pragma once
// Growable ring-buffer FIFO: a std::deque without the per-chunk allocations
// that dominate a flit's journey through delay lines and output queues.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace nocsim {

template <typename T>
class Ring {
 public:
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  T& front() { return buf_[head_]; }
  const T& front() const { return buf_[head_]; }
  const T& back() const { return buf_[(head_ + size_ - 1) & mask_]; }
  const T& operator[](size_t i) const { return buf_[(head_ + i) & mask_]; }
  void push_back(const T& v) { push_slot() = v; }
  // Appends a slot and returns it for the caller to fill in place (no
  // temporary element when T is a pair or a record built from parts).
  T& push_slot() {
    if (size_ == cap_) grow();
    return buf_[(head_ + size_++) & mask_];
  }
  // An emptied ring starts again at slot 0: a queue that is mostly empty or
  // one deep (links, input VCs and output queues below saturation) then keeps
  // reusing its first slots instead of walking its whole storage through the
  // cache.
  void pop_front() {
    head_ = --size_ == 0 ? 0 : (head_ + 1) & mask_;
  }

 private:
  [[gnu::noinline, gnu::cold]] void grow() {
    std::vector<T> n(buf_.empty() ? 8 : buf_.size() * 2);
    for (size_t i = 0; i < size_; ++i) n[i] = (*this)[i];
    buf_.swap(n);
    head_ = 0;
    cap_ = static_cast<uint32_t>(buf_.size());
    mask_ = cap_ - 1;
  }
  // The indices, the mask and the capacity come first and the storage
  // pointer right after: an access reads the first 24 bytes only (the
  // vector's end pointers are for growth; its size() would divide by the
  // element size).
  uint32_t head_ = 0, size_ = 0, mask_ = 0, cap_ = 0;
  std::vector<T> buf_;
};

}  // namespace nocsim
