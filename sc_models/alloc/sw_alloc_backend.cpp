#include "alloc/sw_alloc_backend.h"

#include <sstream>

#include "alloc/sep_if_allocator.h"
#include "core/error.h"
#ifdef NOCSIM_HAVE_RTL
#include "alloc/rtl_sep_if_allocator.h"
#endif

namespace nocsim {
namespace {

// Adapts any allocator with the SepIfAllocator vectors (twin or RTL wrapper).
template <typename A>
class VectorAlloc : public SwAllocBackend {
 public:
  VectorAlloc(int ports, int vcs) : a_(ports, vcs), V_(vcs) {}
  void clear_requests() override { a_.clear_requests(); }
  void request(int ip, int ivc, int op) override {
    a_.req_ip_ivc[ip * V_ + ivc] = 1;
    a_.req_op_ip_ivc[ip * V_ + ivc] = op;
  }
  void eval() override { a_.eval(); }
  void tick() override { a_.tick(); }
  bool grant(int ip, int& ivc, int& op) const override {
    if (!a_.gnt_ip[ip]) return false;
    ivc = a_.gnt_ivc_ip[ip];
    op = a_.gnt_op_ip[ip];
    return true;
  }
  A& impl() { return a_; }

 private:
  A a_;
  int V_;
};

#ifdef NOCSIM_HAVE_RTL
class LockstepAlloc : public SwAllocBackend {
 public:
  LockstepAlloc(int ports, int vcs) : cpp_(ports, vcs), rtl_(ports, vcs), P_(ports), V_(vcs) {}
  void clear_requests() override {
    cpp_.clear_requests();
    rtl_.clear_requests();
  }
  void request(int ip, int ivc, int op) override {
    cpp_.request(ip, ivc, op);
    rtl_.request(ip, ivc, op);
  }
  void tick() override {
    cpp_.tick();
    rtl_.tick();
  }
  bool grant(int ip, int& ivc, int& op) const override { return cpp_.grant(ip, ivc, op); }
  void eval() override {
    cpp_.eval();
    rtl_.eval();
    for (int ip = 0; ip < P_; ++ip) {
      int ci = 0, co = 0, ri = 0, ro = 0;
      bool cg = cpp_.grant(ip, ci, co), rg = rtl_.grant(ip, ri, ro);
      if (cg != rg || (cg && (ci != ri || co != ro))) throw InvariantError(report());
    }
  }

 private:
  std::string grants(const SwAllocBackend& a) const {
    std::ostringstream o;
    for (int ip = 0; ip < P_; ++ip) {
      int ivc, op;
      if (a.grant(ip, ivc, op)) o << " in" << ip << ":vc" << ivc << "->out" << op;
    }
    return o.str().empty() ? " none" : o.str();
  }
  std::string report() {
    std::ostringstream o;
    o << "lockstep mismatch: cycle " << cycle_ << " router " << router_ << " switch allocator; requests:";
    auto& c = cpp_.impl();
    for (int i = 0; i < P_ * V_; ++i)
      if (c.req_ip_ivc[i]) o << " in" << i / V_ << ":vc" << i % V_ << "->out" << c.req_op_ip_ivc[i];
    o << "; cpp grants:" << grants(cpp_) << "; rtl grants:" << grants(rtl_);
    return o.str();
  }
  VectorAlloc<SepIfAllocator> cpp_;
  VectorAlloc<RtlSepIfAllocator> rtl_;
  int P_, V_;
};
#endif

}  // namespace

void check_sw_alloc(const std::string& key, int ports, int vcs) {
  if (key == "cpp") return;
#ifdef NOCSIM_HAVE_RTL
  if (!RtlSepIfAllocator::supports(ports, vcs)) {
    std::ostringstream o;
    o << "router.alloc: " << key << " needs a verilated sw_alloc_sep_if with " << ports << " ports and " << vcs
      << " VCs; verilated (ports, vcs):";
    for (auto [p, v] : RtlSepIfAllocator::supported()) o << " (" << p << "," << v << ")";
    o << " (add the pair to NOCSIM_RTL_SEP_IF_PV, or use router.alloc=cpp)";
    throw ConfigError(o.str());
  }
#else
  (void)ports;
  (void)vcs;
  throw ConfigError("router.alloc: '" + key + "' needs a build with NOCSIM_RTL_COSIM=ON (Verilator); use cpp");
#endif
}

std::unique_ptr<SwAllocBackend> make_sw_alloc(const std::string& key, int ports, int vcs) {
  check_sw_alloc(key, ports, vcs);
#ifdef NOCSIM_HAVE_RTL
  if (key == "rtl") return std::make_unique<VectorAlloc<RtlSepIfAllocator>>(ports, vcs);
  if (key == "lockstep") return std::make_unique<LockstepAlloc>(ports, vcs);
#endif
  return std::make_unique<VectorAlloc<SepIfAllocator>>(ports, vcs);
}

}  // namespace nocsim
