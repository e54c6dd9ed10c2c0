#pragma once
// Dragonfly (Kim et al.; Fuentes §1.2.1): a routers per group fully connected
// by local links, h global links per router, p nodes per router, g groups
// (at most a*h+1, one global link per pair of groups).
//
// Router id = group*a + r. Ports: 0 .. a-2 local (local port j reaches router
// j of the group if j < r, else j+1), a-1 .. a-2+h global (global port m of
// router r is the group's global link k = r*h + m), then p node ports.
// Node id = router*p + slot, so nodes are numbered group by group.
//
// Global arrangements: topologies/group_wiring.h (with palmtree, router 0
// reaches the h previous groups, router a-1 the h following ones). With
// g < a*h+1 only links 0 .. g-2 of each group are wired.
#include <string>
#include <vector>

#include "core/fast_div.h"
#include "core/path_shape.h"
#include "topologies/group_wiring.h"
#include "topologies/topology.h"

namespace nocsim {

class Config;

// The keys the dragonfly and the Dragonfly+ share (topologies/keys.cpp):
// topology.p (nodes per router or leaf), topology.h (global links per
// router or spine), topology.groups (0: the most) and topology.arrangement.
int group_nodes(const Config& cfg);
int group_global_links(const Config& cfg);
int group_count(const Config& cfg);
GroupArrangement group_arrangement(const Config& cfg);

class Dragonfly : public Topology {
 public:
  using Arrangement = GroupArrangement;
  static Arrangement arrangement_from(const std::string& name);  // throws ConfigError
  static std::vector<std::string> arrangements();                // the names, for the schema

  // Throws ConfigError for impossible parameters. groups 0 = a*h+1.
  Dragonfly(int p, int a, int h, int groups, Arrangement arr);
  // The sizes of that network, or the same ConfigError, without building it.
  static TopologyShape shape_of(int p, int a, int h, int groups, Arrangement arr);
  TopologyShape shape() const override { return shape_of(p_, a_, h_, g_, arr_); }
  std::string name() const override { return "dragonfly"; }
  std::string describe() const override;
  int routers() const override { return a_ * g_; }
  int nodes() const override { return routers() * p_; }
  int ports() const override { return a_ - 1 + h_ + p_; }
  int network_ports() const override { return a_ - 1 + h_; }
  int local_ports() const override { return a_ - 1; }
  int concentration() const override { return p_; }
  PortPeer peer(int router, int port) const override;
  int min_hops(int src_router, int dst_router) const override;
  int min_global_hops(int s, int d) const override { return group(s) != group(d); }
  int group_of(int router) const override { return group(router); }
  int minimal_port(int router, int dst) const override {
    const int r = node_router(dst);
    return r == router ? node_port(dst) : min_port(router, r);
  }

  int p() const { return p_; }
  int a() const { return a_; }
  int h() const { return h_; }
  int g() const { return g_; }
  // By multiplies (core/fast_div.h): the routings call these at every hop.
  int group(int router) const { return by_a_.div(router); }
  int index(int router) const { return by_a_.mod(router); }
  // Topology's node_router/node_port without its virtual concentration().
  int node_router(int node) const { return by_p_.div(node); }
  int node_port(int node) const { return a_ - 1 + h_ + by_p_.mod(node); }
  // Local port of router index `from` that reaches router index `to` (to != from).
  int local_port(int from, int to) const { return to < from ? to : to - 1; }
  // Router index in group `from` owning the global link to group `to`, and its port.
  int gateway(int from, int to) const { return by_h_.div(wiring_.link(from, to)); }
  int gateway_port(int from, int to) const { return a_ - 1 + by_h_.mod(wiring_.link(from, to)); }
  // First network port of a minimal path from `from` to `to` (routers), -1 when there.
  int min_port(int from, int to) const {
    if (from == to) return -1;
    const int gf = group(from), gt = group(to);
    if (gf == gt) return local_port(index(from), index(to));
    const int gw = gateway(gf, gt);
    return gw == index(from) ? gateway_port(gf, gt) : local_port(index(from), gw);
  }
  // Port classes of the minimal path between routers `from` and `to`.
  PathShape min_shape(int from, int to) const {
    if (from == to) return {};
    const int gf = group(from), gt = group(to);
    if (gf == gt) return PathShape::hop(false);
    PathShape s;
    if (gateway(gf, gt) != index(from)) s = PathShape::hop(false);
    s = PathShape::join(s, PathShape::hop(true));
    if (entry(gt, gf) != to) s = PathShape::join(s, PathShape::hop(false));
    return s;
  }
  // Router of group `in` at the end of the global link from group `from`.
  int entry(int in, int from) const { return in * a_ + gateway(in, from); }
  // Group reached by global port `port` of `router`, or -1 when unwired.
  int global_target(int router, int port) const;
  // Group reached by global link `link` (router index * h + global port) of group `g`, or -1.
  int link_target(int g, int link) const { return wiring_.target(g, link); }

 private:
  int p_, a_, h_, g_;
  FastDiv by_a_, by_h_, by_p_;
  Arrangement arr_;
  GroupWiring wiring_;  // the groups' a*h global links each
};

// Dragonfly::min_port(from, to) toward another group as a table, for code
// that asks it for every pair of routers (the channel bound: 2,064^2 walks
// at h = 8): there the first port depends only on the router and that
// group; inside a group only on the two routers' indices.
class DragonflyMinPorts {
 public:
  explicit DragonflyMinPorts(const Dragonfly& t)
      : t_(t), G_(t.g()), toward_(static_cast<size_t>(t.routers()) * static_cast<size_t>(G_), -1) {
    for (int r = 0; r < t.routers(); ++r)
      for (int g = 0; g < G_; ++g)
        if (g != t.group(r)) toward_[static_cast<size_t>(r) * G_ + g] = t.min_port(r, g * t.a());
  }
  // min_port(from, to) for from != to.
  int operator()(int from, int to) const {
    const int gf = t_.group(from), gt = t_.group(to);
    return gf == gt ? t_.local_port(t_.index(from), t_.index(to)) : toward_[static_cast<size_t>(from) * G_ + gt];
  }

 private:
  const Dragonfly& t_;
  int G_;
  std::vector<int> toward_;
};

}  // namespace nocsim
