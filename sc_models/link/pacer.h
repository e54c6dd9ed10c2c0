#pragma once
// A link slower than the router: it starts a flit every b cycles, b >= 1
// and possibly fractional (link.cycles_per_flit; docs/user-guide.md,
// "Links"). The link is a serial line: flit k starts at
//   s_k = max(s_{k-1} + b, the cycle it is ready),
// kept in thousandths of a cycle, and leaves the sender at the cycle
// ceil(s_k). Back to back it carries exactly 1/b flits per cycle (b = 3.2:
// 5 flits every 16 cycles), whatever the rounding of single departures.
// Its latency (link.latency) still counts from the cycle a flit leaves.
#include <algorithm>
#include <cstdint>

#include "core/flit.h"

namespace nocsim {

class LinkPacer {
 public:
  static constexpr uint64_t kUnit = 1000;  // thousandths of a cycle
  explicit LinkPacer(uint64_t interval = kUnit) : interval_(interval) {}
  // Whether the link is slower than one flit per cycle.
  bool slow() const { return interval_ > kUnit; }
  // Thousandths of a cycle rounded up to whole cycles.
  static Cycle ceil_cycle(uint64_t t) { return (t + kUnit - 1) / kUnit; }
  // The cycle a flit ready at cycle `want` would leave.
  Cycle earliest(Cycle want) const { return ceil_cycle(std::max(next_, want * kUnit)); }
  // A flit ready at `want` leaves at cycle `go` (>= earliest(want)): the link
  // is busy with it for b cycles from its paced start, or from go when
  // something else (a link power state) held it later than that.
  void book(Cycle want, Cycle go) {
    const uint64_t s = std::max(next_, want * kUnit);
    next_ = (go > ceil_cycle(s) ? go * kUnit : s) + interval_;
  }
  // The first cycle a next flit could leave.
  Cycle free_from() const { return ceil_cycle(next_); }

 private:
  uint64_t interval_;
  uint64_t next_ = 0;  // earliest start of the next flit, thousandths of a cycle
};

}  // namespace nocsim
