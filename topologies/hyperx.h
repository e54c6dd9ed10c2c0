#pragma once
// HyperX (Ahn et al., SC'09): routers at the points of an S0 x ... x S(L-1)
// grid, each wired to every router that differs from it in exactly one
// coordinate (all-to-all within each dimension, one link per pair), with T
// nodes per router. Equal S and T = S is the flattened butterfly (Kim, Dally
// and Abts, ISCA'07). docs/routing-hyperx.md.
// Ports: dimension 0's S0 - 1 links first, then dimension 1's, ...; within
// dimension d, the port to coordinate x is base(d) + x, less one past the
// router's own coordinate. Then the T node ports.
#include <cstdint>
#include <vector>

#include "topologies/grid.h"

namespace nocsim {

class HyperX : public Grid {
 public:
  // Throws ConfigError on impossible shapes (S < 2, too many nodes).
  HyperX(std::vector<int> s, int t);
  static TopologyShape shape_of(const std::vector<int>& s, int t);
  TopologyShape shape() const override { return shape_of(k_, c_); }
  std::string name() const override { return "hyperx"; }
  std::string describe() const override { return shape().describe; }
  int ports() const override { return network_ports_ + c_; }
  int network_ports() const override { return network_ports_; }
  PortPeer peer(int router, int port) const override;
  int min_hops(int src_router, int dst_router) const override {
    return __builtin_popcount(unaligned(src_router, dst_router));
  }
  int minimal_port(int router, int dst) const override;
  double bisection_load() const override;
  int link_dimensions() const override { return n_; }
  int dimension_of(int port) const override { return port < network_ports_ ? dim_of(port) : -1; }

  // The port of `router` to the router of its line in dimension d at
  // coordinate x (x is not the router's own).
  int port_to(int router, int d, int x) const {
    const int own = coord(router, d);
    return base_[d] + (x < own ? x : x - 1);
  }
  // The dimension a network port's link runs in.
  int dim_of(int port) const {
    int d = 0;
    while (d + 1 < n_ && port >= base_[d + 1]) ++d;
    return d;
  }
  // Dimensions (bit d) in which routers a and b differ.
  uint32_t unaligned(int a, int b) const {
    uint32_t m = 0;
    for (int d = 0; d < n_; ++d) m |= static_cast<uint32_t>(coord(a, d) != coord(b, d)) << d;
    return m;
  }
  // Dimension order: the port correcting the lowest unaligned dimension, -1 when there.
  int dor_port(int router, int dst_router) const {
    const uint32_t m = unaligned(router, dst_router);
    if (!m) return -1;
    const int d = __builtin_ctz(m);
    return port_to(router, d, coord(dst_router, d));
  }

 private:
  std::vector<int> base_;  // first port of each dimension
  int network_ports_ = 0;
};

}  // namespace nocsim
