#pragma once
// RtlVcAllocator: the Verilated rtl_ref/vc_alloc_sep_if.sv, the twin of
// VcAllocator with round-robin arbiters. Only the (P, V) pairs verilated by
// rtl_ref/CMakeLists.txt (NOCSIM_RTL_PV) exist. The Verilated model hides
// behind a pimpl: no Verilator header here. Not thread-safe.
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "core/port_tap.h"

namespace nocsim {

class RtlVcAllocator {
 public:
  // Throws std::invalid_argument (listing the pairs) when (ports, vcs) was not
  // verilated. Resets the model.
  RtlVcAllocator(int ports, int vcs);
  ~RtlVcAllocator();
  RtlVcAllocator(RtlVcAllocator&&) noexcept;
  RtlVcAllocator& operator=(RtlVcAllocator&&) noexcept;

  static bool supports(int ports, int vcs);
  static std::vector<std::pair<int, int>> supported();

  // One allocation and its clock edge. Input VC i = ip*V+ivc requests output
  // port op[i] with output VCs mask[i] (0: no request); grant_ovc[i] is its
  // granted output VC, or -1.
  void allocate(const int* op, const uint64_t* mask, int* grant_ovc);
  // Waveforms: from the first call on, every allocate() records its ports here while it is recording.
  PortTap& tap();

  struct Impl;

 private:
  int P_, V_;
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<PortTap> tap_;
};

}  // namespace nocsim
