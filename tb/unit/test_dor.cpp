#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "routing/torus/dor.h"

using namespace nocsim;

namespace {

using Channel = std::tuple<int, int, int>;  // router, out port, vc

// Follows DOR from every source router to every destination node, checking
// minimality, and returns the channel dependency graph over (channel, VC).
std::map<Channel, std::set<Channel>> walk_all(const KAryNCube& t, DimensionOrder& dor) {
  std::map<Channel, std::set<Channel>> deps;
  std::vector<RouteCandidate> c;
  for (int s = 0; s < t.routers(); ++s)
    for (int dst = 0; dst < t.nodes(); ++dst) {
      int d = t.node_router(dst);
      if (d == s) continue;
      Flit f;
      f.dst = dst;
      int r = s, hops = 0;
      std::vector<Channel> prev;
      for (;;) {
        c.clear();
        dor.route({r, 0, 0, f}, c);
        EXPECT_EQ(c.size(), 1u);
        const auto& rc = c.front();
        if (rc.out_port >= t.network_ports()) break;
        EXPECT_LE(rc.vc_lo, rc.vc_hi);
        std::vector<Channel> cur;
        for (int v = rc.vc_lo; v <= rc.vc_hi; ++v) cur.emplace_back(r, rc.out_port, v);
        for (auto& a : prev)
          for (auto& b : cur) deps[a].insert(b);
        prev = cur;
        f.rh = rc.next;
        r = t.peer(r, rc.out_port).router;
        ++hops;
        EXPECT_LE(hops, t.min_hops(s, d));
      }
      EXPECT_EQ(r, d);
      EXPECT_EQ(hops, t.min_hops(s, d));
    }
  return deps;
}

bool has_cycle(const std::map<Channel, std::set<Channel>>& g) {
  std::map<Channel, int> color;  // 0 new, 1 on stack, 2 done
  std::function<bool(const Channel&)> dfs = [&](const Channel& u) {
    color[u] = 1;
    auto it = g.find(u);
    if (it != g.end())
      for (const auto& v : it->second) {
        if (color[v] == 1) return true;
        if (color[v] == 0 && dfs(v)) return true;
      }
    color[u] = 2;
    return false;
  };
  for (const auto& kv : g)
    if (color[kv.first] == 0 && dfs(kv.first)) return true;
  return false;
}

}  // namespace

TEST(Dor, MeshIsMinimalAndAcyclicWithOneVc) {
  KAryNCube t({5, 4}, 1, false);
  DimensionOrder dor(t, 1, true);
  EXPECT_FALSE(has_cycle(walk_all(t, dor)));
}

TEST(Dor, TorusWithDatelineIsMinimalAndAcyclic) {
  for (auto k : {std::vector<int>{8, 8}, std::vector<int>{4, 4, 4}, std::vector<int>{5, 3}}) {
    KAryNCube t(k, 1, true);
    DimensionOrder dor(t, 2, true);
    EXPECT_FALSE(has_cycle(walk_all(t, dor)));
  }
}

TEST(Dor, TorusWithoutDatelineHasACycle) {
  KAryNCube t({8, 8}, 1, true);
  DimensionOrder dor(t, 1, false);
  EXPECT_TRUE(has_cycle(walk_all(t, dor)));
}

TEST(Dor, DatelineVcHalves) {
  KAryNCube t({4}, 1, true);
  DimensionOrder dor(t, 4, true);
  std::vector<RouteCandidate> c;
  Flit f;
  f.dst = 1;  // from router 3: +2 (tie), first hop through the wrap link
  dor.route({3, 0, 0, f}, c);
  EXPECT_EQ(c[0].out_port, 0);
  EXPECT_EQ(c[0].vc_lo, 2);
  EXPECT_EQ(c[0].vc_hi, 3);
  f.dst = 3;  // from router 1: +2, no wrap
  c.clear();
  dor.route({1, 0, 0, f}, c);
  EXPECT_EQ(c[0].vc_lo, 0);
  EXPECT_EQ(c[0].vc_hi, 1);
}
