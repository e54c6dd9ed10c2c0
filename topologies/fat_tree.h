#pragma once
// k-ary n-tree (Petrini and Vanneschi, 1997) and its slimmed form, the
// k:u thin tree (Navaridas et al.): k^n nodes, n stages; a switch has k
// down ports and u <= k up ports (u = k: the k-ary n-tree), and stage l has
// u^l k^(n-1-l) switches (the top stage's up ports unused).
// docs/routing-fat-tree.md.
// Switch <w, l>: stage l (0 = the leaves) and a word w of n-1 digits
// w_0 .. w_(n-2), digits below l of base u (the up ports taken to reach it),
// the others of base k (the node digits it covers); router index = the
// stages below first, then w, so the leaves come first and node = leaf * k +
// slot (Topology::node_router works unchanged).
// Up port j of <w, l> reaches <w with digit l set to j, l+1> on its down
// port w_l; down port j of <w, l> (l > 0) reaches <w with digit l-1 set to
// j, l-1> on its up port w_(l-1). A switch at stage l reaches below it the
// nodes whose digits l+1 .. n-1 are w_l .. w_(n-2) (node digit 0 is the
// slot, digit i+1 is the leaf's w_i).
// Ports: up 0 .. u-1, down from down_base(): u .. u+k-1 with 3 or more
// stages; a 2-stage tree, where no switch has both, starts the top's down
// ports at 0 too. Then the k node ports, connected at the leaves only.
#include <cstdint>
#include <vector>

#include "topologies/topology.h"

namespace nocsim {

class Config;

// topology.k (one value), topology.n and topology.up of a k-ary n-tree
// (topologies/keys.cpp); topology.up 0 stands for u = k (FatTree maps it).
int fat_tree_k(const Config& cfg);
int fat_tree_n(const Config& cfg);
int fat_tree_up(const Config& cfg);

class FatTree : public Topology {
 public:
  // Throws ConfigError on impossible shapes (k < 2, n < 1, u outside
  // 1..k, more than 64 ports or 2^24 nodes).
  FatTree(int k, int n, int up = 0);
  static TopologyShape shape_of(int k, int n, int up);
  TopologyShape shape() const override { return shape_of(k_, n_, u_); }
  std::string name() const override { return "fattree"; }
  std::string describe() const override { return shape().describe; }
  int routers() const override { return first_[static_cast<size_t>(n_)]; }
  int nodes() const override { return pow_[static_cast<size_t>(n_)]; }
  int ports() const override { return net_ports_ + k_; }
  int network_ports() const override { return net_ports_; }
  int concentration() const override { return k_; }
  int nodes_at(int router) const override { return stage(router) == 0 ? k_ : 0; }
  PortPeer peer(int router, int port) const override;
  int min_hops(int src_router, int dst_router) const override;
  int minimal_port(int router, int dst) const override;
  double bisection_load() const override;

  int k() const { return k_; }
  int n() const { return n_; }
  int up() const { return u_; }
  int stage(int router) const {
    int l = 0;
    while (router >= first_[static_cast<size_t>(l) + 1]) ++l;
    return l;
  }
  int word(int router) const { return router - first_[static_cast<size_t>(stage(router))]; }
  // Digit i of a node address (base k).
  int digit(int node, int i) const { return node / pow_[static_cast<size_t>(i)] % k_; }
  // Digit i of a stage-l word (base u below l, k from l on).
  int digit(int w, int l, int i) const { return w / place(l, i) % (i < l ? u_ : k_); }
  // Is `port` of `router` an up port (connected or not)?
  bool is_up(int router, int port) const { return port < u_ && stage(router) < n_ - 1; }
  int down_base() const { return n_ == 2 ? 0 : u_; }
  // Does switch `router` reach node `dst` going down only?
  bool covers(int router, int dst) const {
    const int l = stage(router);
    return dst / pow_[static_cast<size_t>(l) + 1] == word(router) / place(l, l);
  }
  // The port toward `dst` going down from a switch that covers it.
  int down_port(int router, int dst) const {
    const int l = stage(router);
    return l == 0 ? net_ports_ + dst % k_ : down_base() + digit(dst, l);
  }
  // D-mod-K's up port at stage l for node x: floor(x / k^l) mod u.
  int mod_port(int x, int l) const { return x / pow_[static_cast<size_t>(l)] % u_; }

 private:
  int place(int l, int i) const { return place_[static_cast<size_t>(l * n_ + i)]; }
  int router_of(int l, int w) const { return first_[static_cast<size_t>(l)] + w; }
  int with_digit(int w, int l, int i, int d) const { return w + (d - digit(w, l, i)) * place(l, i); }
  int k_, n_, u_, net_ports_;
  std::vector<int> pow_;    // k^i, i = 0 .. n
  std::vector<int> first_;  // first router of stage l, l = 0 .. n (first_[n] = routers)
  std::vector<int> place_;  // [l * n + i]: place value of digit i in a stage-l word, i = 0 .. n-1
};

}  // namespace nocsim
