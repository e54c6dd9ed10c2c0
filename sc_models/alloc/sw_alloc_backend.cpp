#include "alloc/sw_alloc_backend.h"

#include <sstream>

#include "alloc/sep_if_allocator.h"
#include "core/error.h"
#ifdef NOCSIM_HAVE_RTL
#include "alloc/rtl_sep_if_allocator.h"
#endif

namespace nocsim {
namespace {

// Drives any allocator with the SepIfAllocator vectors (twin or RTL wrapper).
template <typename A>
void drive(A& a, int V, const std::vector<SaRequest>& reqs) {
  for (const auto& r : reqs) {
    a.req_ip_ivc[r.ip * V + r.ivc] = 1;
    a.req_op_ip_ivc[r.ip * V + r.ivc] = r.op;
  }
  a.eval();
}

template <typename A>
void collect(A& a, int V, const std::vector<SaRequest>& reqs, std::vector<int>& granted) {
  granted.clear();
  for (size_t i = 0; i < reqs.size(); ++i) {
    const auto& r = reqs[i];
    if (a.gnt_ip[r.ip] && a.gnt_ivc_ip[r.ip] == r.ivc) granted.push_back(static_cast<int>(i));
    a.req_ip_ivc[r.ip * V + r.ivc] = 0;
  }
  a.tick();
}

template <typename A>
class VectorAlloc : public SwAllocBackend {
 public:
  VectorAlloc(int ports, int vcs) : a_(ports, vcs), V_(vcs) {}
  void allocate(const std::vector<SaRequest>& reqs, std::vector<int>& granted) override {
    drive(a_, V_, reqs);
    collect(a_, V_, reqs, granted);
  }

 private:
  A a_;
  int V_;
};

#ifdef NOCSIM_HAVE_RTL
class LockstepAlloc : public SwAllocBackend {
 public:
  LockstepAlloc(int ports, int vcs) : cpp_(ports, vcs), rtl_(ports, vcs), P_(ports), V_(vcs) {}
  void allocate(const std::vector<SaRequest>& reqs, std::vector<int>& granted) override {
    drive(cpp_, V_, reqs);
    drive(rtl_, V_, reqs);
    for (int ip = 0; ip < P_; ++ip)
      if (cpp_.gnt_ip[ip] != rtl_.gnt_ip[ip] ||
          (cpp_.gnt_ip[ip] && (cpp_.gnt_ivc_ip[ip] != rtl_.gnt_ivc_ip[ip] || cpp_.gnt_op_ip[ip] != rtl_.gnt_op_ip[ip])))
        throw InvariantError(report(reqs));
    std::vector<int> unused;
    collect(rtl_, V_, reqs, unused);
    collect(cpp_, V_, reqs, granted);
  }

 private:
  template <typename A>
  std::string grants(const A& a) const {
    std::ostringstream o;
    for (int ip = 0; ip < P_; ++ip)
      if (a.gnt_ip[ip]) o << " in" << ip << ":vc" << a.gnt_ivc_ip[ip] << "->out" << a.gnt_op_ip[ip];
    return o.str().empty() ? " none" : o.str();
  }
  std::string report(const std::vector<SaRequest>& reqs) const {
    std::ostringstream o;
    o << "lockstep mismatch: cycle " << cycle_ << " router " << router_ << " switch allocator; requests:";
    for (const auto& r : reqs) o << " in" << r.ip << ":vc" << r.ivc << "->out" << r.op;
    o << "; cpp grants:" << grants(cpp_) << "; rtl grants:" << grants(rtl_);
    return o.str();
  }
  SepIfAllocator cpp_;
  RtlSepIfAllocator rtl_;
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
