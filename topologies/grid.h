#pragma once
// Routers at the points of a k0 x k1 x ... x k(n-1) grid, c nodes on each:
// the coordinate arithmetic meshes, tori and HyperX share. Router index =
// x0 + x1*k0 + x2*k0*k1 ...; node = router * c + slot.
#include <cstddef>
#include <vector>

#include "topologies/topology.h"

namespace nocsim {

class Config;

// topology.k per dimension, topology.n of them (one k for all, or a list).
std::vector<int> grid_radices(const Config& cfg);
// topology.concentration: nodes per router.
int grid_concentration(const Config& cfg);

class Grid : public Topology {
 public:
  int routers() const override { return routers_; }
  int nodes() const override { return routers_ * c_; }
  int concentration() const override { return c_; }

  int n() const { return n_; }
  int k(int d) const { return k_[d]; }
  // From a table (4 bytes per router and dimension): routings read
  // coordinates at every head, and computing one takes two divisions.
  int coord(int router, int d) const { return coord_[static_cast<size_t>(router) * static_cast<size_t>(n_) + d]; }
  int router_at(const std::vector<int>& x) const {
    int r = 0;
    for (int d = 0; d < n_; ++d) r += x[d] * stride_[d];
    return r;
  }
  // `router` with its coordinate in dimension d replaced by x.
  int with_coord(int router, int d, int x) const { return router + (x - coord(router, d)) * stride_[d]; }

 protected:
  // The caller has checked the shape (every k >= 2, the node count).
  Grid(std::vector<int> k, int c) : k_(std::move(k)), n_(static_cast<int>(k_.size())), c_(c), routers_(1) {
    for (int d = 0; d < n_; routers_ *= k_[d++]) stride_.push_back(routers_);
    coord_.resize(static_cast<size_t>(routers_) * static_cast<size_t>(n_));
    for (int router = 0; router < routers_; ++router)
      for (int d = 0; d < n_; ++d) coord_[static_cast<size_t>(router) * n_ + d] = (router / stride_[d]) % k_[d];
  }

  std::vector<int> k_, stride_;
  std::vector<int> coord_;  // [router * n + d]
  int n_, c_, routers_;
};

// Uniform traffic's load, flits/(node*cycle), that saturates a cut of
// dimension d into halves of a = floor(k/2) and b = ceil(k/2) coordinates,
// with `w` channels from one half to the other on each line of the
// dimension: the source excluded, a node sends the fraction
// (N b / k) / (N - 1) of its traffic across, so the cut saturates at
//   load = w (N - 1) k / (N c a b).
inline double cut_saturation_load(double w, int k, int nodes, int c) {
  const double a = k / 2, b = k - k / 2, n = nodes;
  return w * (n - 1) * k / (n * c * a * b);
}

}  // namespace nocsim
