#pragma once
// Arbiters beside the round-robin one (rr_arbiter.h), chosen per allocator
// stage (router.arbiter.*). Same contract as RrArbiter: eval is the
// combinational grant from the registered state, tick(g) the clock edge
// after granting g (no-op for g < 0).
//   rr      pointer one past the last grant (RrArbiter's behaviour).
//   lrs     least recently served: a grant makes the winner the lowest
//           priority, the others keep their order. State: a service stamp
//           per requester (the smallest wins).
//   matrix  the same priority order kept as hardware keeps it: a bit per
//           pair (beaten_by[i] bit j: j has priority over i); a grant clears
//           the winner's column and sets its row. It implements LRS exactly
//           (Dally & Towles §18.5); the two exist as the twins of different
//           RTL, and a unit test holds them equal.
//   age     the oldest request wins (smallest generation cycle of its
//           packet); ties go round-robin from a pointer one past the last
//           grant.
// Initial priority of every kind: requester 0 first, then 1, 2, ...
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "alloc/rr_arbiter.h"
#include "core/flit.h"

namespace nocsim {

enum class ArbiterKind : uint8_t { Rr, Lrs, Age, Matrix };

class Arbiter {
 public:
  explicit Arbiter(ArbiterKind kind = ArbiterKind::Rr, int n = 1) : kind_(kind), n_(n), words_((n + 63) / 64) {
    if (kind_ == ArbiterKind::Lrs) {
      stamp_.resize(n);
      for (int i = 0; i < n; ++i) stamp_[i] = static_cast<uint32_t>(i);
      clock_ = static_cast<uint32_t>(n);
    } else if (kind_ == ArbiterKind::Matrix) {
      beaten_by_.assign(static_cast<size_t>(n) * words_, 0);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < i; ++j) set(i, j);
    }
  }
  static constexpr bool kUsesAge = true;

  // Grant among the requesters in `req` (bit i: requester i; n <= 64);
  // age[i] is requester i's generation cycle (read by `age` only; null:
  // all the same age). -1: none.
  int eval_mask(uint64_t req, const Cycle* age) const {
    if (!req) return -1;
    switch (kind_) {
      case ArbiterKind::Rr: return from_ptr(req);
      case ArbiterKind::Age: {
        if (!age) return from_ptr(req);  // no ages given: all tie
        Cycle best = std::numeric_limits<Cycle>::max();
        uint64_t oldest = 0;
        for (uint64_t m = req; m; m &= m - 1) {
          const int i = __builtin_ctzll(m);
          if (age[i] < best) {
            best = age[i];
            oldest = 0;
          }
          if (age[i] == best) oldest |= 1ull << i;
        }
        return from_ptr(oldest);
      }
      case ArbiterKind::Lrs: {
        int w = -1;
        for (uint64_t m = req; m; m &= m - 1) {
          const int i = __builtin_ctzll(m);
          if (w < 0 || stamp_[i] < stamp_[w]) w = i;
        }
        return w;
      }
      case ArbiterKind::Matrix:
        for (uint64_t m = req; m; m &= m - 1) {
          const int i = __builtin_ctzll(m);
          if (!(beaten_by_[static_cast<size_t>(i)] & req)) return i;
        }
        return -1;  // unreachable: the order is total
    }
    return -1;
  }
  // Whether requester a has priority over requester b (any n): the total
  // order the grants follow; age[] as in eval_mask.
  bool prefers(int a, int b, const Cycle* age) const {
    switch (kind_) {
      case ArbiterKind::Age:
        if (age[a] != age[b]) return age[a] < age[b];
        return rank(a) < rank(b);
      case ArbiterKind::Rr: return rank(a) < rank(b);
      case ArbiterKind::Lrs: return stamp_[a] < stamp_[b];
      case ArbiterKind::Matrix: return !test(a, b);
    }
    return false;
  }
  void tick(int g) {
    if (g < 0) return;
    switch (kind_) {
      case ArbiterKind::Rr:
      case ArbiterKind::Age: ptr_ = g + 1 == n_ ? 0 : g + 1; break;
      case ArbiterKind::Lrs:
        if (clock_ == std::numeric_limits<uint32_t>::max()) renumber();
        stamp_[g] = clock_++;
        break;
      case ArbiterKind::Matrix:
        for (int j = 0; j < n_; ++j)
          if (j != g) {
            set(g, j);
            clear(j, g);
          }
        break;
    }
  }

 private:
  int rank(int i) const { return rr_rank(i, ptr_, n_); }
  int from_ptr(uint64_t req) const {
    const uint64_t hi = req >> ptr_ << ptr_;
    return __builtin_ctzll(hi ? hi : req);
  }
  bool test(int i, int j) const { return (beaten_by_[static_cast<size_t>(i) * words_ + j / 64] >> (j % 64)) & 1; }
  void set(int i, int j) { beaten_by_[static_cast<size_t>(i) * words_ + j / 64] |= 1ull << (j % 64); }
  void clear(int i, int j) { beaten_by_[static_cast<size_t>(i) * words_ + j / 64] &= ~(1ull << (j % 64)); }
  // Stamps 0..n-1 in the same order, when the clock would wrap.
  void renumber() {
    std::vector<uint32_t> next(stamp_.size());
    for (int i = 0; i < n_; ++i) {
      uint32_t r = 0;
      for (int j = 0; j < n_; ++j) r += stamp_[j] < stamp_[i];
      next[i] = r;
    }
    stamp_ = std::move(next);
    clock_ = static_cast<uint32_t>(n_);
  }
  ArbiterKind kind_;
  int n_;
  int words_;
  int ptr_ = 0;
  uint32_t clock_ = 0;
  std::vector<uint32_t> stamp_;       // lrs
  std::vector<uint64_t> beaten_by_;   // matrix: n rows of `words_` words
};

// The keys of router.arbiter.*, in the order of ArbiterKind.
inline const std::vector<std::string>& arbiter_kind_names() {
  static const std::vector<std::string> names{"rr", "lrs", "age", "matrix"};
  return names;
}

}  // namespace nocsim
