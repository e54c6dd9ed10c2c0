#pragma once
// k1 x ... x kn mesh or torus with c nodes per router; with no dimension
// (n = 0), the single switch of c nodes. Coordinates as Grid numbers them;
// port 2d is +d, port 2d+1 is -d,
// ports 2n .. 2n+c-1 attach the router's nodes.
#include <cstdint>
#include <vector>

#include "topologies/grid.h"

namespace nocsim {

class KAryNCube : public Grid {
 public:
  // Throws ConfigError on impossible shapes (k < 2, wrong list length).
  KAryNCube(std::vector<int> k, int c, bool wrap);
  // The sizes of that network, or the same ConfigError, without building it.
  static TopologyShape shape_of(const std::vector<int>& k, int c, bool wrap);
  TopologyShape shape() const override { return shape_of(k_, c_, wrap_); }
  std::string name() const override { return n_ == 0 ? "single" : wrap_ ? "torus" : "mesh"; }
  std::string describe() const override;
  int ports() const override { return 2 * n() + c_; }
  int network_ports() const override { return 2 * n(); }
  PortPeer peer(int router, int port) const override;
  int min_hops(int src_router, int dst_router) const override;
  double bisection_load() const override;
  int grid_dimensions() const override { return n(); }

  bool wrap() const { return wrap_; }
  // Signed minimal offset from a to b in dimension d: + means the + port.
  // On a torus tie (distance k/2) the + direction is taken.
  int min_offset(int a, int b, int d) const;
  // True when leaving `router` through `port` crosses the wrap link (dateline).
  bool is_wrap(int router, int port) const;
  // Productive network ports from `router` toward `dst_router` (bit = port):
  // in every unfinished dimension, its minimal direction (the + port on a
  // torus tie at distance k/2). 0 when there.
  uint64_t productive_ports(int router, int dst_router) const;
  // Hops from coordinate a to b in dimension d on the shorter way (torus) or the only one (mesh).
  int ring_distance(int a, int b, int d) const {
    const int off = min_offset(a, b, d);
    return off < 0 ? -off : off;
  }
  // Hops from a to b in dimension d moving only in direction `minus` (false: +).
  int directed_distance(int a, int b, int d, bool minus) const {
    const int fwd = ((b - a) % k_[d] + k_[d]) % k_[d];
    return minus ? (fwd ? k_[d] - fwd : 0) : fwd;
  }
  // The minimal direction per dimension from router a to router b, as a
  // mask (bit d set: the - direction; the + on a tie at k/2).
  uint32_t minimal_minus(int a, int b) const {
    uint32_t m = 0;
    for (int d = 0; d < n(); ++d) m |= static_cast<uint32_t>(min_offset(coord(a, d), coord(b, d), d) < 0) << d;
    return m;
  }
  // Network ports of `router` that bring it closer to `target` moving in the
  // fixed directions `minus` (bit d: -), one per unfinished dimension.
  uint64_t ports_toward(int router, int target, uint32_t minus) const {
    uint64_t m = 0;
    for (int d = 0; d < n(); ++d)
      if (coord(router, d) != coord(target, d)) m |= 1ull << (2 * d + (minus >> d & 1u));
    return m;
  }
  // The productive port of the lowest unfinished dimension (dimension order),
  // -1 when there.
  int dor_port(int router, int dst_router) const {
    const uint64_t m = productive_ports(router, dst_router);
    return m ? __builtin_ctzll(m) : -1;
  }

 private:
  bool wrap_;
};

}  // namespace nocsim
