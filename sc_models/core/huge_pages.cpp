#include "core/huge_pages.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace nocsim {

void prefer_huge_pages(size_t reserve_bytes) {
#if defined(__linux__) && defined(__GLIBC__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHuge = uintptr_t{2} << 20;
  const int reserve = static_cast<int>(std::min<size_t>(reserve_bytes, size_t{1} << 30));  // mallopt takes an int
  // Large blocks come from the heap too, the heap grows by `reserve` once and
  // is never trimmed back below it.
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, reserve);
  mallopt(M_TOP_PAD, reserve);
  char* before = static_cast<char*>(sbrk(0));
  // Grow it now, before anything lives there (volatile: the compiler may
  // not drop the pair).
  void* volatile block = std::malloc(256 << 10);
  std::free(block);
  char* after = static_cast<char*>(sbrk(0));
  // Later growth in the usual small steps: a second reservation could fail
  // where memory is not overcommitted, and malloc would fail with it.
  mallopt(M_TOP_PAD, 128 << 10);
  const uintptr_t lo = (reinterpret_cast<uintptr_t>(before) + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t hi = reinterpret_cast<uintptr_t>(after) & ~(kHuge - 1);
  if (hi > lo) madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_HUGEPAGE);  // advice: failure is harmless
#else
  (void)reserve_bytes;
#endif
}

}  // namespace nocsim
