#pragma once
// RtlSepIfAllocator: the Verilated rtl_ref/sw_alloc_sep_if.sv behind the same
// public interface as SepIfAllocator (sep_if_allocator.h), for router.alloc=rtl
// and lockstep co-simulation. Only the (P, V) pairs verilated by
// rtl_ref/CMakeLists.txt are available (see supports()/supported()).
//
// Protocol (same as the twin): set req_*, call eval() (drives the inputs,
// settles the combinational logic, copies the grants out), then tick() (one
// rising clock edge with the inputs of the last eval()). tick() without an
// eval() since the previous tick()/reset() leaves the pointers unchanged, as
// the twin's tick() does.
//
// The Verilated model is hidden behind a pimpl: this header does not include
// any Verilator header. All models share Verilated::defaultContextp() (set to
// one thread before the first model is built). Not thread-safe.
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "alloc/sep_if_ports.h"
#include "core/port_tap.h"

namespace nocsim {

class RtlSepIfAllocator : public SepIfPorts {
 public:
  // Throws std::invalid_argument (listing the supported pairs) if (ports, vcs)
  // was not verilated. Resets the model (rst_n low for one clock cycle).
  RtlSepIfAllocator(int ports, int vcs);
  ~RtlSepIfAllocator();
  RtlSepIfAllocator(RtlSepIfAllocator&&) noexcept;
  RtlSepIfAllocator& operator=(RtlSepIfAllocator&&) noexcept;
  RtlSepIfAllocator(const RtlSepIfAllocator&) = delete;
  RtlSepIfAllocator& operator=(const RtlSepIfAllocator&) = delete;

  static bool supports(int ports, int vcs);
  static std::vector<std::pair<int, int>> supported();  // (P, V) pairs

  void eval();   // drive req_*, evaluate, fill gnt_*
  void tick();   // one rising clock edge
  void reset();  // rst_n low for one clock cycle: all pointers to 0
  // Waveforms: from the first call on, every eval() records its ports here while it is recording.
  PortTap& tap();

  struct Impl;  // public only so the .cpp's templates can derive from it

 private:
  bool evaluated_ = false;
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<PortTap> tap_;
};

}  // namespace nocsim
