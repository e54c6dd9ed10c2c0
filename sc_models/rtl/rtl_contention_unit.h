#pragma once
// RtlContentionUnit: the Verilated rtl_ref/contention_unit.sv verilated for
// live networks (32 ports, 8-bit counters, 6-bit event counts per cycle; a
// router with fewer ports drives the first ones; Filtered at alpha = kAlpha
// / 256, a design-time constant). Pimpl: no Verilator header here. Not
// thread-safe.
#include <memory>

namespace nocsim {

class RtlContentionUnit {
 public:
  static constexpr int kMaxPorts = 32, kMaxCount = 255, kMaxEvents = 63, kAlpha = 128;
  // threshold is clamped to kMaxCount (a count never exceeds it, so the
  // comparator never fires, as with the larger threshold).
  RtlContentionUnit(bool filtered, int threshold);
  ~RtlContentionUnit();
  RtlContentionUnit(RtlContentionUnit&&) noexcept;
  RtlContentionUnit& operator=(RtlContentionUnit&&) noexcept;
  // One clock cycle: inc[p] heads and dec[p] tails of port p (< kMaxPorts
  // entries, each <= kMaxEvents) are registered at its edge.
  void cycle(const int* inc, const int* dec, int ports);
  // The registers after the last edge.
  int count(int port) const;
  int filtered_q8(int port) const;
  bool over(int port) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace nocsim
