#pragma once
// The small Verilated rtl_ref/ blocks of live networks, each verilated once at
// a width that covers every router (a router with fewer ports or VCs drives
// the first ones), behind pimpls: no Verilator header here. Not thread-safe.
#include <cstdint>
#include <memory>

#include "core/port_tap.h"

namespace nocsim {

// rtl_ref/contention_unit.sv: 32 ports, 8-bit counters, 8-bit event counts
// per cycle; Filtered at alpha = kAlpha / 256, a design-time constant.
class RtlContentionUnit {
 public:
  static constexpr int kMaxPorts = 32, kMaxCount = 255, kMaxEvents = 255, kAlpha = 128;
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
  int threshold() const { return threshold_; }

  // Waveforms: from the first call on, every evaluation records its ports here while it is recording.
  PortTap& tap();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<PortTap> tap_;
  int threshold_;
};

// rtl_ref/mincred_counter.sv: 32 ports, 12-bit counters, 4-bit event counts
// per cycle.
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

  // Waveforms: from the first call on, every evaluation records its ports here while it is recording.
  PortTap& tap();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<PortTap> tap_;
};

// rtl_ref/flexvc_select.sv: 8 VCs (a port with fewer has no free VC past its
// own), 12-bit credits. Combinational: one evaluation per request.
class RtlFlexVcSelect {
 public:
  static constexpr int kMaxVcs = 8, kMaxCredits = 4095;
  enum class Pick { Highest = 0, Lowest = 1, Jsq = 2 };
  explicit RtlFlexVcSelect(Pick pick);
  ~RtlFlexVcSelect();
  RtlFlexVcSelect(RtlFlexVcSelect&&) noexcept;
  RtlFlexVcSelect& operator=(RtlFlexVcSelect&&) noexcept;
  struct Out {
    uint64_t usable;
    int vc;  // -1: none usable
  };
  // VCs lo..hi (hi < lo or hi < 0: the hop is not allowed), `free` (bits <
  // kMaxVcs), credits[j] of VC j (j < kMaxVcs, each <= kMaxCredits), need.
  Out select(int lo, int hi, uint64_t free, const int* credits, int need);

  // Waveforms: from the first call on, every evaluation records its ports here while it is recording.
  PortTap& tap();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<PortTap> tap_;
};

}  // namespace nocsim
