#pragma once
// RtlMinCredCounter: the Verilated rtl_ref/mincred_counter.sv verilated for
// live networks (32 ports, 12-bit counters, 4-bit event counts per cycle; a
// router with fewer ports drives the first ones). Pimpl. Not thread-safe.
#include <memory>

namespace nocsim {

class RtlMinCredCounter {
 public:
  static constexpr int kMaxPorts = 32, kMaxCount = 4095, kMaxEvents = 15;
  RtlMinCredCounter();
  ~RtlMinCredCounter();
  RtlMinCredCounter(RtlMinCredCounter&&) noexcept;
  RtlMinCredCounter& operator=(RtlMinCredCounter&&) noexcept;
  // One clock cycle: inc[p] / dec[p] of port p (p < ports) registered at its edge.
  void cycle(const int* inc, const int* dec, int ports);
  int count(int port) const;  // after the last edge

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace nocsim
