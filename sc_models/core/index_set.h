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
  explicit IndexSet(int n = 0) : w_((static_cast<size_t>(n) + 63) / 64, 0) {}
  void insert(int i) { w_[static_cast<size_t>(i) >> 6] |= bit(i); }
  void erase(int i) { w_[static_cast<size_t>(i) >> 6] &= ~bit(i); }
  bool empty() const {
    for (uint64_t x : w_)
      if (x) return false;
    return true;
  }
  // f(i) for every member, in increasing order; `also` (if given, the same
  // size) adds its members.
  template <typename F>
  void for_each(F f, const IndexSet* also = nullptr) const {
    for (size_t k = 0; k < w_.size(); ++k)
      for (uint64_t m = w_[k] | (also ? also->w_[k] : 0); m; m &= m - 1)
        f(static_cast<int>(k * 64 + static_cast<size_t>(__builtin_ctzll(m))));
  }

 private:
  static uint64_t bit(int i) { return 1ull << (i & 63); }
  std::vector<uint64_t> w_;
};

}  // namespace nocsim
