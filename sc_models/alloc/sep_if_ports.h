#pragma once
// The request and grant vectors of sw_alloc_sep_if (rtl_ref/), shared by its
// C++ twin and the Verilated wrapper so that both are driven the same way.
// Index ip*V+ivc for requests; ip for grants.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace nocsim {

class SepIfPorts {
 public:
  // Bad sizes make empty vectors; the owners reject them.
  SepIfPorts(int ports, int vcs)
      : req_ip_ivc(size(ports, vcs), 0),
        req_op_ip_ivc(size(ports, vcs), 0),
        gnt_ip(size(ports, 1), 0),
        gnt_ivc_ip(size(ports, 1), 0),
        gnt_op_ip(size(ports, 1), 0),
        P_(ports),
        V_(vcs) {}
  int ports() const { return P_; }
  int vcs() const { return V_; }

  std::vector<uint8_t> req_ip_ivc;
  std::vector<int> req_op_ip_ivc;
  std::vector<uint8_t> gnt_ip;
  std::vector<int> gnt_ivc_ip;
  std::vector<int> gnt_op_ip;

  void clear_requests() { std::fill(req_ip_ivc.begin(), req_ip_ivc.end(), 0); }

 protected:
  int P_, V_;

 private:
  static size_t size(int a, int b) { return a > 0 && b > 0 ? static_cast<size_t>(a) * static_cast<size_t>(b) : 0; }
};

}  // namespace nocsim
