#pragma once
// Dragonfly+ (Shpiner, Haramaty, Eliad, Zdornov, Gafni and Zahavi, 2017;
// Megafly, Flajslik et al., 2018): groups of L leaf and S spine routers,
// every leaf linked to every spine of its group (a 2-level fat tree), p
// nodes per leaf, h global links per spine; groups joined all-to-all by
// global links (at most S*h + 1 groups; link k = s*h + m of a group is
// spine s's global port m), in one of the dragonfly's arrangements
// (topologies/group_wiring.h). docs/routing-dragonfly-plus.md.
// Router ids: the leaves first, group by group (leaf g*L + i), then the
// spines (G*L + g*S + s); node = leaf * p + slot.
// Ports: local 0 .. X-1, X = max(L, S): a leaf's up port s reaches spine s,
// a spine's down port i reaches leaf i; global X .. X+h-1 (spines); then p
// node ports (connected at the leaves only).
#include <string>

#include "topologies/group_wiring.h"
#include "topologies/topology.h"

namespace nocsim {

class DragonflyPlus : public Topology {
 public:
  // Throws ConfigError for impossible parameters. groups 0 = S*h + 1.
  DragonflyPlus(int p, int leaves, int spines, int h, int groups, GroupArrangement arr);
  static TopologyShape shape_of(int p, int leaves, int spines, int h, int groups, GroupArrangement arr);
  TopologyShape shape() const override { return shape_of(p_, L_, S_, h_, g_, arr_); }
  std::string name() const override { return "dragonflyplus"; }
  std::string describe() const override { return shape().describe; }
  int routers() const override { return g_ * (L_ + S_); }
  int nodes() const override { return g_ * L_ * p_; }
  int ports() const override { return X_ + h_ + p_; }
  int network_ports() const override { return X_ + h_; }
  int local_ports() const override { return X_; }
  int concentration() const override { return p_; }
  int nodes_at(int router) const override { return is_leaf(router) ? p_ : 0; }
  PortPeer peer(int router, int port) const override;
  int min_hops(int a, int b) const override;
  int min_global_hops(int a, int b) const override { return group(a) != group(b); }
  int group_of(int router) const override { return group(router); }
  int minimal_port(int router, int dst) const override;
  double bisection_load() const override;

  bool is_leaf(int router) const { return router < g_ * L_; }
  int group(int router) const { return is_leaf(router) ? router / L_ : (router - g_ * L_) / S_; }
  int index(int router) const { return is_leaf(router) ? router % L_ : (router - g_ * L_) % S_; }
  int leaf(int g, int i) const { return g * L_ + i; }
  int spine(int g, int s) const { return g_ * L_ + g * S_ + s; }
  // The spine of group `from` that owns the global link to group `to`.
  int owner(int from, int to) const { return wiring_.link(from, to) / h_; }
  int groups() const { return g_; }

 private:
  int p_, L_, S_, h_, g_, X_;
  GroupArrangement arr_;
  GroupWiring wiring_;
};

}  // namespace nocsim
