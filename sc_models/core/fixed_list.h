#pragma once
// A list with a capacity fixed at construction (a stage's decisions of one
// cycle: at most one per port and round). push() has no growth path, so the
// stage's hot loop carries no reallocation code.
#include <cassert>
#include <cstddef>
#include <vector>

namespace nocsim {

template <typename T>
class FixedList {
 public:
  explicit FixedList(size_t capacity = 0) : items_(capacity) {}
  void push(const T& v) {
    assert(n_ < items_.size());
    items_[n_++] = v;
  }
  void clear() { n_ = 0; }
  size_t size() const { return n_; }
  size_t capacity() const { return items_.size(); }
  bool empty() const { return n_ == 0; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + n_; }

 private:
  size_t n_ = 0;
  std::vector<T> items_;
};

}  // namespace nocsim
