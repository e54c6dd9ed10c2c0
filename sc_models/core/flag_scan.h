#pragma once
// Per-item flags of 0 or 1 in a byte array, scanned a word (8 flags) at a
// time: the clocks of the routers and the NICs call the items whose flag
// is set, in index order.
#include <cstddef>
#include <cstdint>
#include <cstring>

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

}  // namespace nocsim
