#pragma once
// k-ary n-tree (Petrini and Vanneschi, 1997): k^n nodes, n stages of k^(n-1)
// switches of 2k ports (k down, k up; the top stage's up ports unused).
// docs/routing-fat-tree.md.
// Switch <w, l>: stage l (0 = the leaves) and a word w of n-1 base-k digits
// w_0 .. w_(n-2); router index = l * k^(n-1) + w, so the leaves come first
// and node = leaf * k + slot (Topology::node_router works unchanged).
// Up port j of <w, l> reaches <w with digit l set to j, l+1> on its down
// port w_l; down port j of <w, l> (l > 0) reaches <w with digit l-1 set to
// j, l-1>. A switch at stage l reaches below it the nodes whose digits
// l+1 .. n-1 are w_l .. w_(n-2) (node digit 0 is the slot, digit i+1 is the
// leaf's w_i).
// Ports: 0 .. k-1 up, k .. 2k-1 down (network ports), 2k .. 3k-1 the nodes
// (connected at the leaves only): every router has the same port layout.
#include <cstdint>
#include <vector>

#include "topologies/topology.h"

namespace nocsim {

class Config;

// topology.k (one value) and topology.n of a k-ary n-tree (topologies/keys.cpp).
int fat_tree_k(const Config& cfg);
int fat_tree_n(const Config& cfg);

class FatTree : public Topology {
 public:
  // Throws ConfigError on impossible shapes (k < 2, n < 1, too many ports or nodes).
  FatTree(int k, int n);
  static TopologyShape shape_of(int k, int n);
  TopologyShape shape() const override { return shape_of(k_, n_); }
  std::string name() const override { return "fattree"; }
  std::string describe() const override { return shape().describe; }
  int routers() const override { return n_ * per_stage_; }
  int nodes() const override { return per_stage_ * k_; }
  int ports() const override { return 3 * k_; }
  int network_ports() const override { return 2 * k_; }
  int concentration() const override { return k_; }
  int nodes_at(int router) const override { return stage(router) == 0 ? k_ : 0; }
  PortPeer peer(int router, int port) const override;
  int min_hops(int src_router, int dst_router) const override;
  int minimal_port(int router, int dst) const override;
  double bisection_load() const override;

  int k() const { return k_; }
  int n() const { return n_; }
  int stage(int router) const { return router / per_stage_; }
  int word(int router) const { return router % per_stage_; }
  // Digit i of a word or a node address, base k.
  int digit(int x, int i) const { return x / pow_[static_cast<size_t>(i)] % k_; }
  int with_digit(int x, int i, int d) const { return x + (d - digit(x, i)) * pow_[static_cast<size_t>(i)]; }
  // Does switch `router` reach node `dst` going down only?
  bool covers(int router, int dst) const { return dst / pow_[static_cast<size_t>(stage(router) + 1)] == word(router) / pow_[static_cast<size_t>(stage(router))]; }
  // The port toward `dst` going down from a switch that covers it.
  int down_port(int router, int dst) const {
    const int l = stage(router);
    return l == 0 ? 2 * k_ + dst % k_ : k_ + digit(dst, l);
  }

 private:
  int k_, n_, per_stage_;
  std::vector<int> pow_;  // k^i, i = 0 .. n
};

}  // namespace nocsim
