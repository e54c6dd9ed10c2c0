#pragma once
// Per-item flags of 0 or 1 in a byte array, scanned a word (8 flags) at a
// time: the clocks of the routers and the NICs call the items whose flag
// is set, in index order.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace nocsim {

// Flags per cache line: a thread's range of items starts and ends on one.
constexpr size_t kFlagLine = 64;

// Calls f(i) for each i in [from, to) whose flag is set, clearing the flags
// scanned when `clear`; from and to are multiples of 8.
template <class F>
void for_flagged(uint8_t* flags, size_t from, size_t to, bool clear, F f) {
  for (size_t w = from; w < to; w += 8) {
    uint64_t word;
    std::memcpy(&word, flags + w, sizeof word);
    if (!word) continue;
    if (clear) std::memset(flags + w, 0, sizeof word);
    // A flag is 0 or 1: its lowest bit marks the item.
    for (word &= 0x0101010101010101ull; word; word &= word - 1) f(w + static_cast<size_t>(__builtin_ctzll(word)) / 8);
  }
}

// The same calls, each item's preceded by ahead(j, d) on the items j that
// come d = 3, 2 and 1 places after it, so that what f(j) will load can be
// asked for while the items before it run (docs/performance.md, "Session
// 50"). The flagged items are listed into `list` first: f must not set a
// flag in [from, to).
template <class A, class F>
void for_flagged_ahead(uint8_t* flags, size_t from, size_t to, bool clear, std::vector<uint32_t>& list, A ahead,
                       F f) {
  list.clear();
  for_flagged(flags, from, to, clear, [&](size_t i) { list.push_back(static_cast<uint32_t>(i)); });
  const size_t n = list.size();
  for (size_t i = 0; i < n; ++i) {
    if (i + 3 < n) ahead(size_t{list[i + 3]}, 3);
    if (i + 2 < n) ahead(size_t{list[i + 2]}, 2);
    if (i + 1 < n) ahead(size_t{list[i + 1]}, 1);
    f(size_t{list[i]});
  }
}

}  // namespace nocsim
