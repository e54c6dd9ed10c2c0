// The switch allocators on the Verilated rtl_ref/ block: `rtl` alone, and
// `lockstep` beside the C++ twin. Compiled only with NOCSIM_RTL_COSIM, so the
// registry (and the schema's allowed values) holds them only then.
#include <sstream>

#include "rtl/rtl_sep_if_allocator.h"
#include "alloc/sep_if_allocator.h"
#include "alloc/sw_alloc_backend.h"
#include "core/error.h"

namespace nocsim {
namespace {

// Drives an allocator through its request vectors (the RTL wrapper's interface).
template <typename A>
void drive(A& a, int V, uint64_t inputs, const uint64_t* req, const int* op_of) {
  for (uint64_t m = inputs; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    for (uint64_t r = req[ip]; r; r &= r - 1) {
      const int v = __builtin_ctzll(r);
      a.req_ip_ivc[ip * V + v] = 1;
      a.req_op_ip_ivc[ip * V + v] = op_of[ip * V + v];
    }
  }
  a.eval();
}

template <typename A>
void collect(A& a, uint64_t inputs, int* gnt) {
  for (uint64_t m = inputs; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    gnt[ip] = a.gnt_ip[ip] ? a.gnt_ivc_ip[ip] : -1;
  }
  a.clear_requests();
  a.tick();
}

class RtlAlloc : public SwAllocBackend {
 public:
  RtlAlloc(int ports, int vcs) : a_(ports, vcs), V_(vcs) {}
  void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) override {
    drive(a_, V_, inputs, req, op_of);
    collect(a_, inputs, gnt);
  }
  PortTap* tap(uint64_t) override { return &a_.tap(); }

 private:
  RtlSepIfAllocator a_;
  int V_;
};

class LockstepAlloc : public SwAllocBackend {
 public:
  LockstepAlloc(int ports, int vcs) : cpp_(ports, vcs), rtl_(ports, vcs), P_(ports), V_(vcs) {}
  void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) override {
    drive(cpp_, V_, inputs, req, op_of);
    drive(rtl_, V_, inputs, req, op_of);
    for (int ip = 0; ip < P_; ++ip)
      if (cpp_.gnt_ip[ip] != rtl_.gnt_ip[ip] ||
          (cpp_.gnt_ip[ip] && (cpp_.gnt_ivc_ip[ip] != rtl_.gnt_ivc_ip[ip] || cpp_.gnt_op_ip[ip] != rtl_.gnt_op_ip[ip])))
        throw InvariantError(report(inputs, req, op_of));
    collect(rtl_, inputs, gnt);
    collect(cpp_, inputs, gnt);
  }
  PortTap* tap(uint64_t) override { return &rtl_.tap(); }

 private:
  template <typename A>
  std::string grants(const A& a) const {
    std::ostringstream o;
    for (int ip = 0; ip < P_; ++ip)
      if (a.gnt_ip[ip]) o << " in" << ip << ":vc" << a.gnt_ivc_ip[ip] << "->out" << a.gnt_op_ip[ip];
    return o.str().empty() ? " none" : o.str();
  }
  std::string report(uint64_t inputs, const uint64_t* req, const int* op_of) const {
    std::ostringstream o;
    o << "lockstep mismatch: cycle " << cycle_ << " router " << router_ << " switch allocator; requests:";
    for (int ip = 0; ip < P_; ++ip)
      for (int v = 0; v < V_; ++v)
        if ((inputs >> ip & 1) && (req[ip] >> v & 1)) o << " in" << ip << ":vc" << v << "->out" << op_of[ip * V_ + v];
    o << "; cpp grants:" << grants(cpp_) << "; rtl grants:" << grants(rtl_);
    return o.str();
  }
  SepIfAllocator cpp_;
  RtlSepIfAllocator rtl_;
  int P_, V_;
};
// Only the (ports, vcs) pairs of NOCSIM_RTL_PV were verilated.
// and rtl_ref/sw_alloc_sep_if.sv has round-robin arbiters only.
void check_verilated(const std::string& key, int ports, int vcs, SaArbiters arb) {
  if (!arb.round_robin())
    throw ConfigError("rtl.sa (router.alloc): the switch allocator's " + key +
                      " needs router.arbiter.sa_in=rr and router.arbiter.sa_out=rr (the verilated switch allocator "
                      "has round-robin arbiters only), or set rtl.sa=cpp");
  if (RtlSepIfAllocator::supports(ports, vcs)) return;
  std::ostringstream o;
  o << "rtl.sa (router.alloc): the switch allocator's " << key << " needs a verilated sw_alloc_sep_if with " << ports << " ports and " << vcs
    << " VCs; verilated (ports, vcs):";
  for (auto [p, v] : RtlSepIfAllocator::supported()) o << " (" << p << "," << v << ")";
  o << " (add the pair to NOCSIM_RTL_PV, or set rtl.sa=cpp)";
  throw ConfigError(o.str());
}

template <typename Backend>
SwAllocFactory rtl_factory(const std::string& key) {
  return {[key](int ports, int vcs, SaArbiters arb) -> std::unique_ptr<SwAllocBackend> {
            check_verilated(key, ports, vcs, arb);
            return std::make_unique<Backend>(ports, vcs);
          },
          [key](int ports, int vcs, SaArbiters arb) { check_verilated(key, ports, vcs, arb); }};
}

}  // namespace

void register_rtl_sw_allocs(SwAllocRegistry& reg) {
  reg.add("rtl", rtl_factory<RtlAlloc>("rtl"));
  reg.add("lockstep", rtl_factory<LockstepAlloc>("lockstep"));
}

}  // namespace nocsim
