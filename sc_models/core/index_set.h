#pragma once
// A set of small non-negative indices (input VCs, ports of one router),
// visited in increasing order: a stage walks only the members instead of
// every port and VC, in the order a full scan would take.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace nocsim {

class IndexSet {
 public:
  explicit IndexSet(int n = 0) : rest_(n > 64 ? (static_cast<size_t>(n) - 1) / 64 : 0, 0) {}
  void insert(int i) { word(i) |= bit(i); }
  void erase(int i) { word(i) &= ~bit(i); }
  // Some member outside `first_mask` (a mask of the indices below 64).
  bool any_but(uint64_t first_mask) const {
    if (first_ & ~first_mask) return true;
    for (uint64_t x : rest_)
      if (x) return true;
    return false;
  }
  bool empty() const {
    if (first_) return false;
    for (uint64_t x : rest_)
      if (x) return false;
    return true;
  }
  // f(i) for every member, in increasing order; `also` (if given, the same
  // size) adds its members.
  template <typename F>
  void for_each(F f, const IndexSet* also = nullptr) const {
    for (uint64_t m = first_ | (also ? also->first_ : 0); m; m &= m - 1) f(__builtin_ctzll(m));
    for (size_t k = 0; k < rest_.size(); ++k)
      for (uint64_t m = rest_[k] | (also ? also->rest_[k] : 0); m; m &= m - 1)
        f(static_cast<int>((k + 1) * 64 + static_cast<size_t>(__builtin_ctzll(m))));
  }

 private:
  static uint64_t bit(int i) { return 1ull << (i & 63); }
  uint64_t& word(int i) { return i < 64 ? first_ : rest_[(static_cast<size_t>(i) >> 6) - 1]; }
  // The first 64 members inline (every router port and VC of the usual
  // networks): a test or a walk reads no other cache line.
  uint64_t first_ = 0;
  std::vector<uint64_t> rest_;
};

}  // namespace nocsim
