#pragma once
// The switch allocator the SA stage drives: the C++ twin (`cpp`), the
// Verilated rtl_ref/ block (`rtl`), or both side by side (`lockstep`), which
// throws InvariantError with a report at the first cycle they disagree.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace nocsim {

class SwAllocBackend {
 public:
  virtual ~SwAllocBackend() = default;
  // One allocation: combinational grants, then the clock edge that moves the
  // arbiters' pointers. req[ip] has bit v set when input VC (ip, v) requests
  // output op_of[ip*V+v]; `inputs` has bit ip set when req[ip] != 0. Sets
  // gnt[ip] to the granted VC of every input in `inputs`, -1 when it lost.
  virtual void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) = 0;
  // Context for mismatch reports (router id, cycle) set by the SA stage.
  void set_context(int router, uint64_t cycle) {
    router_ = router;
    cycle_ = cycle;
  }

 protected:
  int router_ = 0;
  uint64_t cycle_ = 0;
};

// key: cpp, rtl or lockstep. Throws ConfigError when the key needs a build
// with NOCSIM_RTL_COSIM or the (ports, vcs) pair was not verilated.
std::unique_ptr<SwAllocBackend> make_sw_alloc(const std::string& key, int ports, int vcs);
// Start-up check with the same errors, before any module is built.
void check_sw_alloc(const std::string& key, int ports, int vcs);

}  // namespace nocsim
