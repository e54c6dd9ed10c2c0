#pragma once
// Growable ring-buffer FIFO: a std::deque without the per-chunk allocations
// that dominate a flit's journey through delay lines and output queues.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

namespace nocsim {

template <typename T>
class Ring {
 public:
  Ring() = default;
  // Move-only (the storage is owned); a moved-from ring is empty and usable.
  Ring(Ring&& o) noexcept { *this = std::move(o); }
  Ring& operator=(Ring&& o) noexcept {
    head_ = o.head_;
    size_ = o.size_;
    mask_ = o.mask_;
    cap_ = o.cap_;
    buf_ = std::move(o.buf_);
    o.head_ = o.size_ = o.mask_ = o.cap_ = 0;
    return *this;
  }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  T& front() { return buf_[head_]; }
  const T& front() const { return buf_[head_]; }
  // The oldest slot's address, which an empty ring may not hold (a prefetch's target).
  const void* front_slot() const { return buf_.get() + head_; }
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
  // The slots a ring holding n items grew to (none for 0): its first
  // storage, then doubling (the memory estimate, sim/memory.cpp).
  static constexpr uint64_t slots_for(uint64_t n) {
    uint64_t s = kFirstSlots;
    while (s < n) s *= 2;
    return n ? s : 0;
  }

 private:
  static constexpr uint32_t kFirstSlots = 8;
  [[gnu::noinline, gnu::cold]] void grow() {
    const uint32_t n = cap_ ? cap_ * 2 : kFirstSlots;
    std::unique_ptr<T[]> b(new T[n]);
    for (uint32_t i = 0; i < size_; ++i) b[i] = (*this)[i];
    buf_.swap(b);
    head_ = 0;
    cap_ = n;
    mask_ = n - 1;
  }
  // 24 bytes: the indices, the mask, the capacity and the storage pointer,
  // so that the state around a ring (an input VC's ready cycle, state and
  // route) fits in the same cache line.
  uint32_t head_ = 0, size_ = 0, mask_ = 0, cap_ = 0;
  std::unique_ptr<T[]> buf_;
};

}  // namespace nocsim
