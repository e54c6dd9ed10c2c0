#include "routing/dragonfly/channel_bound.h"

#include <vector>

namespace nocsim {
namespace {

class Loads {
 public:
  explicit Loads(const Dragonfly& t)
      : t_(t), P_(t.network_ports()), load_(static_cast<size_t>(t.routers()) * P_, 0), next_(load_.size()),
        min_port_(t) {
    for (size_t i = 0; i < next_.size(); ++i) next_[i] = t.peer(static_cast<int>(i / P_), static_cast<int>(i % P_)).router;
  }
  // Adds w to every channel of the minimal path between two routers.
  void walk(int from, int to, double w) {
    if (w == 0) return;
    while (from != to) {
      const size_t channel = static_cast<size_t>(from) * P_ + min_port_(from, to);
      load_[channel] += w;
      from = next_[channel];
    }
  }
  ChannelBound result(double eject_max) const {
    ChannelBound b;
    b.max_load = 1.0;  // every node injects one unit on its injection link
    b.channel = "injection links";
    if (eject_max > b.max_load) {
      b.max_load = eject_max;
      b.channel = "ejection links";
    }
    for (size_t i = 0; i < load_.size(); ++i)
      if (load_[i] > b.max_load * (1 + 1e-12)) {
        b.max_load = load_[i];
        const int port = static_cast<int>(i % P_);
        b.channel = "router " + std::to_string(i / P_) + " port " + std::to_string(port) +
                    (t_.port_class(port) == PortClass::Global ? " (global)" : " (local)");
      }
    b.bound = 1.0 / b.max_load;
    return b;
  }

 private:
  const Dragonfly& t_;
  int P_;
  std::vector<double> load_;
  std::vector<int> next_;  // [channel]: the router it leads to (peer() is a call per hop)
  DragonflyMinPorts min_port_;
};

}  // namespace

ChannelBound dragonfly_channel_bound(const Dragonfly& t, BoundPaths paths, bool strict,
                                     const TrafficPattern& pattern) {
  const int R = t.routers(), G = t.g(), a = t.a(), p = t.p();
  Loads loads(t);
  // Valiant: the intermediate group is uniform over the allowed ones.
  auto allowed = [&](int gi, int gs, int gd) { return gi != gs && !(strict && gi == gd); };
  auto n_allowed = [&](int gd, int gs) { return G - 1 - (strict && gd != gs ? 1 : 0); };
  // Packets inside one group, every packet under MIN, and packets with no
  // allowed intermediate (two groups, strict) go minimally, as the routing does.
  auto minimal = [&](int s, int d) {
    return paths == BoundPaths::Min || t.group(s) == t.group(d) || n_allowed(t.group(d), t.group(s)) == 0;
  };
  // One source router at a time (its nodes are p consecutive ones): its row
  // D[d], the load from s to router d per unit injection per node, is used
  // and dropped, so no R x R table is held (34 MB at h = 8, allocated when
  // the report is written, at the run's peak). Every sum adds in the order
  // of the whole table's loops: s outer, d inner.
  std::vector<double> D(R), demand(R), into(R, 0);
  std::vector<double> PG(paths == BoundPaths::Min ? 0 : static_cast<size_t>(R) * G, 0);
  std::vector<double> PGs(paths == BoundPaths::Min ? 0 : static_cast<size_t>(G) * R, 0);
  for (int s = 0; s < R; ++s) {
    std::fill(D.begin(), D.end(), 0.0);
    pattern.add_nodes_demand(s * p, p, t, D, demand);
    for (int d = 0; d < R; ++d) {
      into[d] += D[d];
      if (minimal(s, d)) {
        loads.walk(s, d, D[d]);
      } else {
        PG[static_cast<size_t>(s) * G + t.group(d)] += D[d];
        PGs[static_cast<size_t>(t.group(s)) * R + d] += D[d];
      }
    }
  }
  double eject_max = 0;
  for (int d = 0; d < R; ++d) eject_max = std::max(eject_max, into[d] / p);
  if (paths == BoundPaths::Min) return loads.result(eject_max);

  const bool to_router = paths != BoundPaths::ViaGroup;
  // First leg: source router to the intermediate (a router of gi, or gi's entry).
  for (int s = 0; s < R; ++s) {
    const int gs = t.group(s);
    for (int gi = 0; gi < G; ++gi) {
      double w = 0;
      for (int gd = 0; gd < G; ++gd)
        if (gd != gs && allowed(gi, gs, gd)) w += PG[static_cast<size_t>(s) * G + gd] / n_allowed(gd, gs);
      if (w == 0) continue;
      if (to_router)
        for (int r = 0; r < a; ++r) loads.walk(s, gi * a + r, w / a);
      else
        loads.walk(s, t.entry(gi, gs), w);
    }
  }
  // Second leg: intermediate to the destination router. Toward a router the
  // weight does not depend on the source group, so sum over it first.
  std::vector<double> B(to_router ? static_cast<size_t>(G) * R : 0, 0);
  for (int gs = 0; gs < G; ++gs)
    for (int gi = 0; gi < G; ++gi) {
      if (gi == gs) continue;
      for (int d = 0; d < R; ++d) {
        const int gd = t.group(d);
        if (gd == gs || !allowed(gi, gs, gd)) continue;
        const double w = PGs[static_cast<size_t>(gs) * R + d] / n_allowed(gd, gs);
        if (to_router)
          B[static_cast<size_t>(gi) * R + d] += w;
        else
          loads.walk(t.entry(gi, gs), d, w);
      }
    }
  if (to_router)
    for (int gi = 0; gi < G; ++gi)
      for (int d = 0; d < R; ++d)
        for (int r = 0; r < a; ++r) loads.walk(gi * a + r, d, B[static_cast<size_t>(gi) * R + d] / a);
  return loads.result(eject_max);
}

}  // namespace nocsim
