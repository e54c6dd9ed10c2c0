#pragma once
// RtlVcAllocator: a Verilated VC allocator at the ports of
// rtl_ref/vc_alloc_sep_if.sv: that block (sep_if, the twin of VcAllocator
// with round-robin arbiters), or user, the architect's own of a build with
// -DNOCSIM_USER_VA (docs/cosim-your-rtl.md). Only the (P, V) pairs verilated
// by rtl_ref/CMakeLists.txt (NOCSIM_RTL_PV) exist. The Verilated model hides
// behind a pimpl: no Verilator header here. Not thread-safe.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/port_tap.h"

namespace nocsim {

class RtlVcAllocator {
 public:
  // Throws std::invalid_argument (listing the pairs, or the algorithms) when
  // (ports, vcs) or the algorithm was not verilated. Resets the model.
  RtlVcAllocator(int ports, int vcs, const std::string& algorithm = "sep_if");
  ~RtlVcAllocator();
  RtlVcAllocator(RtlVcAllocator&&) noexcept;
  RtlVcAllocator& operator=(RtlVcAllocator&&) noexcept;

  static std::vector<std::string> algorithms();  // those with a Verilated block
  // Its top module: vc_alloc_<algorithm>, or user's NOCSIM_USER_VA_TOP.
  static std::string module_of(const std::string& algorithm);
  static bool supports(int ports, int vcs, const std::string& algorithm = "sep_if");
  static std::vector<std::pair<int, int>> supported(const std::string& algorithm = "sep_if");

  // One allocation and its clock edge. Input VC i = ip*V+ivc requests output
  // port op[i] with output VCs mask[i] (0: no request); grant_ovc[i] is its
  // granted output VC, or -1.
  void allocate(const int* op, const uint64_t* mask, int* grant_ovc);
  // Waveforms: from the first call on, every allocate() records its ports here while it is recording.
  PortTap& tap();

  struct Impl;

 private:
  int P_, V_;
  std::string module_;
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<PortTap> tap_;
};

}  // namespace nocsim
