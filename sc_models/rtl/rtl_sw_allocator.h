#pragma once
// RtlSwAllocator: a Verilated switch allocator of rtl_ref/ behind the ports
// of sw_alloc_sep_if (SepIfPorts: request and grant vectors), for rtl.sa=rtl
// and lockstep co-simulation. Algorithms with a Verilog block: sep_if
// (sw_alloc_sep_if.sv, the twin of SepIfAllocator, sep_if_allocator.h) and
// wavefront (sw_alloc_wavefront.sv, the twin of the SA stage's wavefront
// port matching, port_matchers.h), and user, the architect's own block of
// a build with -DNOCSIM_USER_SA (docs/cosim-your-rtl.md). Only the (P, V)
// pairs verilated by rtl_ref/CMakeLists.txt are available
// (supports()/supported()).
//
// Protocol (as SepIfAllocator's): set req_*, call eval() (drives the inputs,
// settles the combinational logic, copies the grants out), then tick() (one
// rising clock edge with the inputs of the last eval()). tick() without an
// eval() since the previous tick()/reset() leaves the registers unchanged,
// as the twin's tick() does.
//
// The Verilated model is hidden behind a pimpl: this header does not include
// any Verilator header. All models share Verilated::defaultContextp() (set to
// one thread before the first model is built). Not thread-safe.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "alloc/sep_if_ports.h"
#include "core/port_tap.h"

namespace nocsim {

class RtlSwAllocator : public SepIfPorts {
 public:
  // `algorithm` is a router.allocator.sa name with a block (algorithms()).
  // Throws std::invalid_argument (listing the supported pairs) if (ports, vcs)
  // was not verilated, or naming the algorithms if it has no block. Resets
  // the model (rst_n low for one clock cycle).
  RtlSwAllocator(int ports, int vcs, const std::string& algorithm = "sep_if");
  ~RtlSwAllocator();
  RtlSwAllocator(RtlSwAllocator&&) noexcept;
  RtlSwAllocator& operator=(RtlSwAllocator&&) noexcept;
  RtlSwAllocator(const RtlSwAllocator&) = delete;
  RtlSwAllocator& operator=(const RtlSwAllocator&) = delete;

  static std::vector<std::string> algorithms();  // those with a Verilated block
  // Its top module: sw_alloc_<algorithm>, or user's NOCSIM_USER_SA_TOP.
  static std::string module_of(const std::string& algorithm);
  static bool supports(int ports, int vcs, const std::string& algorithm = "sep_if");
  static std::vector<std::pair<int, int>> supported(const std::string& algorithm = "sep_if");  // (P, V) pairs

  void eval();   // drive req_*, evaluate, fill gnt_*
  void tick();   // one rising clock edge
  void reset();  // rst_n low for one clock cycle: all registers to 0
  // Waveforms: from the first call on, every eval() records its ports here while it is recording.
  PortTap& tap();

  struct Impl;  // public only so the .cpp's templates can derive from it

 private:
  bool evaluated_ = false;
  std::string module_;
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<PortTap> tap_;
};

}  // namespace nocsim
