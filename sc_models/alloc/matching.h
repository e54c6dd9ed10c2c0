#pragma once
// The matching arithmetic both allocators share (docs/architecture.md,
// "Allocators"): the switch allocators match input ports (rows) to output
// ports (columns); a VC allocator's problem splits by output port, since an
// input VC asks for one port, into the input VCs asking for that port (rows)
// against its VCs (columns). Rows are a list r = 0..n-1, want[r] is a mask
// over the columns (fewer than 65), match[r] the column matched to row r or
// -1. Who a row or column is, and where its arbiters keep their priority,
// is the caller's: the arbiters come in through `Arbs`.
#include <algorithm>
#include <cstdint>

namespace nocsim::matching {

// Separable output-first, iterated (iSLIP when its arbiters are
// round-robin): each free column's arbiter grants one of the free rows
// wanting it, each row granted accepts one of its grants by its own arbiter;
// repeated `iterations` times among the rows and columns still free. Both
// arbiters of a pair accepted in the first iteration move past it (later
// iterations leave priority alone: McKeown's rule against starvation).
// Arbs: bool col_prefers(int c, int ra, int rb) (does row ra beat row rb at
// column c), int row_pick(int r, uint64_t cols), void tick(int r, int c).
// offers: the caller's scratch of n words (no allocation per call).
template <class Arbs>
void output_first(int n, int cols, const uint64_t* want, int iterations, Arbs& a, int* match, uint64_t* offers) {
  constexpr int kMaxCols = 64;
  int best[kMaxCols];
  std::fill(match, match + n, -1);
  uint64_t col_free = cols >= 64 ? ~0ull : (1ull << cols) - 1;
  for (int it = 0; it < iterations; ++it) {
    std::fill(best, best + cols, -1);
    bool granted = false;
    for (int r = 0; r < n; ++r) {  // grant
      offers[r] = 0;
      if (match[r] >= 0) continue;
      for (uint64_t w = want[r] & col_free; w; w &= w - 1) {
        const int c = __builtin_ctzll(w);
        if (best[c] < 0 || a.col_prefers(c, r, best[c])) best[c] = r;
        granted = true;
      }
    }
    if (!granted) return;
    for (int c = 0; c < cols; ++c)
      if (best[c] >= 0) offers[best[c]] |= 1ull << c;
    for (int r = 0; r < n; ++r) {  // accept
      if (!offers[r]) continue;
      const int c = a.row_pick(r, offers[r]);
      match[r] = c;
      col_free &= ~(1ull << c);
      if (it == 0) a.tick(r, c);
    }
  }
}

// Tamir and Chi's wavefront over an N x N square: row r is row_id[r] of the
// square, column c (of `cols`) is column col_base + c. Diagonal d holds the
// cells (i, (i + d) mod N), which share no row or column, so the wave
// grants a diagonal's requested cells whose row and column are still free,
// diagonal after diagonal from the priority diagonal `top`.
inline void wavefront(int n, const int* row_id, const uint64_t* want, int cols, int col_base, int N, int top,
                      int* match) {
  std::fill(match, match + n, -1);
  uint64_t col_used = 0;
  const uint64_t all = cols >= 64 ? ~0ull : (1ull << cols) - 1;
  for (int k = 0, left = n; k < N && left > 0 && col_used != all; ++k) {
    const int d = (top + k) % N;
    for (int r = 0; r < n; ++r) {
      if (match[r] >= 0) continue;
      const int c = (row_id[r] + d) % N - col_base;
      if (c < 0 || c >= cols || !(want[r] >> c & 1) || (col_used >> c & 1)) continue;
      match[r] = c;
      col_used |= 1ull << c;
      --left;
    }
  }
}

// A maximum matching by augmenting paths (Kuhn): one search per row, rows in
// the order given (order[k], a permutation of 0..n-1), row r trying its
// columns from first_col[r] on, so that no pair is always the one left out.
class MaxSize {
 public:
  void match(int n, int cols, const int* order, const uint64_t* want, const int* first_col, int* match) {
    n_cols_ = cols;
    want_ = want;
    first_ = first_col;
    match_ = match;
    std::fill(owner_, owner_ + cols, -1);
    std::fill(match, match + n, -1);
    for (int k = 0; k < n; ++k) {
      uint64_t seen = 0;
      if (want[order[k]]) augment(order[k], seen);
    }
  }

 private:
  // Finds row r a column: a free one it wants, or one whose owner can move
  // to another (depth at most `cols`).
  bool augment(int r, uint64_t& seen) {
    for (int k = 0; k < n_cols_; ++k) {
      const int c = (first_[r] + k) % n_cols_;
      if (!(want_[r] >> c & 1) || (seen >> c & 1)) continue;
      seen |= 1ull << c;
      if (owner_[c] < 0 || augment(owner_[c], seen)) {
        owner_[c] = r;
        match_[r] = c;
        return true;
      }
    }
    return false;
  }
  int owner_[64];
  int n_cols_ = 0;
  const uint64_t* want_ = nullptr;
  const int* first_ = nullptr;
  int* match_ = nullptr;
};

}  // namespace nocsim::matching
