#pragma once
// Round-robin arbiter: the C++ twin of rtl_ref/rr_arbiter.sv.
// eval() is the combinational grant for the current pointer; tick() is the
// clock edge. The pointer names the highest-priority requester and moves one
// past the last granted requester, as in the RTL.
#include <cstdint>
#include <vector>

namespace nocsim {

// Requester i's place in round-robin order from pointer `ptr` among n (0:
// first served); every round-robin arbiter of alloc/ orders by it.
constexpr int rr_rank(int i, int ptr, int n) { return i >= ptr ? i - ptr : i - ptr + n; }

class RrArbiter {
 public:
  explicit RrArbiter(int n = 1) : n_(static_cast<uint16_t>(n)) {}
  int size() const { return n_; }
  int ptr() const { return ptr_; }
  // Index of the granted requester, or -1 when nothing requests.
  int eval(const std::vector<uint8_t>& req) const {
    for (int k = 0; k < n_; ++k) {
      int i = ptr_ + k;
      if (i >= n_) i -= n_;
      if (req[i]) return i;
    }
    return -1;
  }
  // The same grant for requests given as a bit mask (n <= 64): the hot path.
  int eval_mask(uint64_t req) const {
    if (!req) return -1;
    uint64_t hi = req >> ptr_ << ptr_;  // requesters at or after the pointer
    return __builtin_ctzll(hi ? hi : req);
  }
  // Whether requester a comes before requester b from the pointer: the
  // order eval grants in, for requesters not given as one mask.
  bool prefers(int a, int b) const { return rank(a) < rank(b); }
  // The arbiter interface of arbiter.h (ages unused), for allocators
  // templated on their arbiters.
  static constexpr bool kUsesAge = false;
  int eval_mask(uint64_t req, const uint64_t* /*age*/) const { return eval_mask(req); }
  // Clock edge: advance past `granted` when it is a valid index.
  void tick(int granted) {
    if (granted >= 0) ptr_ = static_cast<uint16_t>(granted + 1 == n_ ? 0 : granted + 1);
  }
  void reset() { ptr_ = 0; }

 private:
  int rank(int i) const { return rr_rank(i, ptr_, n_); }
  // 4 bytes: allocators keep one per port or VC beside their other state
  // (fewer than 65,536 requesters; the allocators have at most 64).
  uint16_t n_;
  uint16_t ptr_ = 0;
};

}  // namespace nocsim
