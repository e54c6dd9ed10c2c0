#pragma once
// RtlFlexVcSelect: the Verilated rtl_ref/flexvc_select.sv verilated for live
// networks (8 VCs, 12-bit credits; a port with fewer VCs has no free VC past
// its own). Combinational: one evaluation per request. Pimpl. Not thread-safe.
#include <cstdint>
#include <memory>

namespace nocsim {

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

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace nocsim
