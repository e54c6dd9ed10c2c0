#pragma once
// When each packet in flight was generated and when its head left the
// source queue. These are packet facts, so they are kept here once per
// packet rather than in every flit (a flit names its packet by source and
// number, Flit::src and Flit::pseq; docs/architecture.md, "Memory layout"). The
// injector records a packet as its head leaves, age-based arbiters read
// it, and the delivery collector reads and drops it with the tail.
//
// A source injects its packets in number order, so its live records are
// the window [first, next) of a ring indexed by number. Packets arrive out
// of order: a delivered record is marked, and the window's front moves past
// marked records. The ring doubles when the window fills it.
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/flit.h"

namespace nocsim {

class PacketTimes {
 public:
  struct Times {
    Cycle gen = 0;  // generated (entered the source queue)
    Cycle inj = 0;  // its head left the source queue
  };
  explicit PacketTimes(int sources) : src_(static_cast<size_t>(sources)) {}

  // Packet `pseq` of `src` left its source queue; the next number of src.
  void injected(int src, uint32_t pseq, Cycle gen, Cycle inj) {
    Source& s = src_[static_cast<size_t>(src)];
    if (pseq != s.next) throw InvariantError("packet " + std::to_string(pseq) + " of node " + std::to_string(src) +
                                             " injected out of order (expected " + std::to_string(s.next) + ")");
    if (s.next - s.first == s.ring.size()) grow(s);
    s.ring[pseq & s.mask] = {gen, inj};
    ++s.next;
  }
  // A live packet's times (injected, not yet delivered).
  const Times& at(int src, uint32_t pseq) const {
    const Source& s = src_[static_cast<size_t>(src)];
    return s.ring[pseq & s.mask];
  }
  // Its tail was delivered: the record is dropped.
  void delivered(int src, uint32_t pseq) {
    Source& s = src_[static_cast<size_t>(src)];
    if (pseq - s.first >= s.next - s.first || s.ring[pseq & s.mask].gen == kNeverCycle)
      throw InvariantError("packet " + std::to_string(pseq) + " of node " + std::to_string(src) +
                           " delivered but not in flight");
    s.ring[pseq & s.mask].gen = kNeverCycle;
    while (s.first != s.next && s.ring[s.first & s.mask].gen == kNeverCycle) ++s.first;
  }
  // Packets of `src` injected and not delivered, or delivered behind an
  // older one still in flight (the window's width).
  uint32_t window(int src) const {
    const Source& s = src_[static_cast<size_t>(src)];
    return s.next - s.first;
  }

 private:
  struct Source {
    std::vector<Times> ring;  // a power of two, indexed by number & mask
    uint32_t mask = 0;
    uint32_t first = 0;  // oldest packet not yet delivered (== next: none)
    uint32_t next = 0;   // the number of the next packet to be injected
  };
  static void grow(Source& s) {
    std::vector<Times> ring(s.ring.empty() ? 4 : 2 * s.ring.size());
    const uint32_t mask = static_cast<uint32_t>(ring.size() - 1);
    for (uint32_t p = s.first; p != s.next; ++p) ring[p & mask] = s.ring[p & s.mask];
    s.ring.swap(ring);
    s.mask = mask;
  }
  std::vector<Source> src_;
};

}  // namespace nocsim
