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
  const T& operator[](size_t i) const { return buf_[(head_ + i) & (buf_.size() - 1)]; }
  void push_back(const T& v) {
    if (size_ == buf_.size()) grow();
    buf_[(head_ + size_) & (buf_.size() - 1)] = v;
    ++size_;
  }
  void pop_front() {
    head_ = (head_ + 1) & (buf_.size() - 1);
    --size_;
  }

 private:
  void grow() {
    std::vector<T> n(buf_.empty() ? 8 : buf_.size() * 2);
    for (size_t i = 0; i < size_; ++i) n[i] = (*this)[i];
    buf_.swap(n);
    head_ = 0;
  }
  std::vector<T> buf_;
  uint32_t head_ = 0, size_ = 0;
};

}  // namespace nocsim
