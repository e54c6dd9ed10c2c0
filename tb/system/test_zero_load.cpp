// Zero-load latency: with one packet in the network at a time, every packet's
// latency equals the analytic value
//   2*L_nic + H*(L_rc + L_va + L_sa + L_st) + (H-1)*L_link + (F-1)
// where H = routers crossed (minimal hops + 1) and F = flits per packet.
#include <gtest/gtest.h>

#include "harness.h"
#include "sim/network.h"
#include "sim/run.h"
#include "topologies/kary_ncube.h"

using namespace nocsim;

namespace {

// `extra`: cycles pair i's links take beyond link.latency (a graph's own latencies).
void expect_analytic_latency(Config cfg, const std::vector<std::pair<int, int>>& pairs,
                             const std::vector<int64_t>& extra = {}) {
  cfg.set("traffic.load", "0");
  cfg.set("sim.warmup", "10");
  cfg.set("sim.cycles", std::to_string(500 * (pairs.size() + 1)));
  const int64_t lr = cfg.get_int("router.stage_latency.rc") + cfg.get_int("router.stage_latency.va") +
                     cfg.get_int("router.stage_latency.sa") + cfg.get_int("router.stage_latency.st");
  const int64_t ll = cfg.get_int("link.latency"), ln = cfg.get_int("link.nic_latency");
  const int64_t f = cfg.get_int("traffic.packet_size");
  std::vector<NetStats::Delivery> got;
  std::vector<int64_t> hops;
  RunHooks hooks;
  hooks.before = [&](Network& net) {
    net.stats().record = true;
    for (size_t i = 0; i < pairs.size(); ++i) net.nics()[pairs[i].first]->script(100 + 500 * i, pairs[i].second);
    const Topology& t = net.topology();
    for (auto [s, d] : pairs) hops.push_back(t.min_hops(t.node_router(s), t.node_router(d)));
  };
  LatencyParts parts;
  hooks.after = [&](Network& net) {
    got = net.stats().deliveries;
    parts = net.latency_parts();
  };
  RunResult r = run_simulation(cfg, hooks);
  ASSERT_EQ(r.exit_code, 0) << r.error;
  ASSERT_EQ(got.size(), pairs.size());
  for (size_t i = 0; i < pairs.size(); ++i) {
    const int64_t H = hops[i] + 1;
    const int64_t expect = 2 * ln + H * lr + (H - 1) * ll + (f - 1) + (extra.empty() ? 0 : extra[i]);
    EXPECT_EQ(got[i].src, pairs[i].first);
    EXPECT_EQ(got[i].dst, pairs[i].second);
    EXPECT_EQ(static_cast<int64_t>(got[i].done - got[i].gen), expect)
        << "pair " << pairs[i].first << "->" << pairs[i].second << " hops " << hops[i];
    EXPECT_EQ(got[i].hops, hops[i]);
  }
  // The latency breakdown (docs/metrics.md): no waits, all traversal and serialization.
  EXPECT_EQ(parts.injection + parts.local_queue + parts.global_queue + parts.eject_queue + parts.nonminimal, 0);
  EXPECT_EQ(parts.serialization, static_cast<int64_t>(pairs.size()) * (f - 1));
  int64_t sum = 0;
  for (const auto& d : got) sum += static_cast<int64_t>(d.done - d.gen);
  EXPECT_EQ(parts.minimal + parts.serialization, sum);
}

}  // namespace

TEST(ZeroLoad, Mesh8x8DefaultPipeline) {
  expect_analytic_latency(test::make_config("topologies/mesh-8x8.yaml", {}),
                          {{0, 63}, {63, 0}, {7, 56}, {27, 28}, {9, 54}, {40, 3}});
}

TEST(ZeroLoad, TorusWrapLinksAndDeeperStages) {
  expect_analytic_latency(
      test::make_config("topologies/torus-8x8.yaml",
                        {"router.stage_latency.rc=2", "router.stage_latency.va=3", "router.stage_latency.st=2",
                         "link.latency=4", "link.nic_latency=2", "traffic.packet_size=5", "router.buffer_depth=5"}),
      {{0, 7}, {0, 63}, {7, 8}, {36, 0}, {12, 44}});
}

TEST(ZeroLoad, WormholeSpeedupAndConcentration) {
  expect_analytic_latency(test::make_config("topologies/torus-4x4x4.yaml",
                                            {"topology.concentration=2", "router.switching=wormhole",
                                             "router.buffer_depth=16", "router.speedup=2",
                                             "router.output_buffer_depth=8", "traffic.packet_size=6"}),
                          {{0, 1}, {0, 127}, {5, 100}, {64, 22}});
}

TEST(ZeroLoad, EvenPacketsOverSlowNicLinks) {
  // Two-cycle NIC links with an even packet size: every flit of a packet must
  // wake the sink in turn (an odd-indexed tail once stayed on the link).
  expect_analytic_latency(test::make_config("topologies/mesh-8x8.yaml",
                                            {"link.nic_latency=2", "traffic.packet_size=4", "link.latency=3"}),
                          {{0, 63}, {5, 6}, {17, 40}});
}

TEST(ZeroLoad, LookaheadRouting) {
  // RC latency 0: the route is ready in the cycle VA starts.
  expect_analytic_latency(test::make_config("topologies/mesh-8x8.yaml", {"router.stage_latency.rc=0"}),
                          {{0, 63}, {9, 54}, {27, 28}});
}

TEST(ZeroLoad, SingleSwitch) {
  // One router, no network port: H = 1 for every pair.
  expect_analytic_latency(test::make_config("topologies/single-10.yaml", {"traffic.packet_size=3"}),
                          {{0, 9}, {9, 0}, {4, 5}, {2, 7}});
}

// A HyperX of 4 x 4 routers, 4 nodes each (0 -> 63 corrects both
// coordinates): the adaptive routings stay minimal on an idle network.
void expect_hyperx_minimal(const std::string& routing) {
  expect_analytic_latency(test::make_config("topologies/hyperx-4x4.yaml", {"routing.algorithm=" + routing}),
                          {{0, 63}, {63, 0}, {5, 9}, {17, 2}, {40, 41}});
}
// A 512-node k-ary 3-tree: 0 -> 511 climbs to the top stage, 0 -> 9 to
// stage 1, 3 -> 5 stays on its leaf.
void expect_fat_tree_minimal(const std::string& routing) {
  expect_analytic_latency(test::make_config("topologies/fat-tree-8-3.yaml", {"routing.algorithm=" + routing}),
                          {{0, 511}, {511, 0}, {0, 9}, {3, 5}, {100, 300}});
}
TEST(ZeroLoad, FatTreeDmodk) { expect_fat_tree_minimal("dmodk"); }
// The radix-64 2-stage tree (1,024 nodes): 0 -> 1023 crosses the top, 3 -> 5
// stays on its leaf; and the 8:4 slimmed 3-tree, whose top stage has 16
// switches instead of 64.
TEST(ZeroLoad, FatTreeRadix64TwoStages) {
  expect_analytic_latency(test::make_config("topologies/fat-tree-8-3.yaml",
                                            {"topology.k=32", "topology.n=2", "routing.algorithm=dmodk"}),
                          {{0, 1023}, {1023, 0}, {3, 5}, {40, 700}});
}
TEST(ZeroLoad, FatTreeSlimmedAdaptiveUp) {
  expect_analytic_latency(test::make_config("topologies/fat-tree-8-3.yaml",
                                            {"topology.up=4", "routing.algorithm=adaptive-up"}),
                          {{0, 511}, {511, 0}, {0, 9}, {3, 5}, {100, 300}});
}
TEST(ZeroLoad, FatTreeAdaptiveUp) { expect_fat_tree_minimal("adaptive-up"); }
TEST(ZeroLoad, HyperXDor) { expect_hyperx_minimal("dor"); }
// Dragonfly+ 4-4-4-4 (272 nodes), global links as long as local ones: leaf
// to leaf in a group is 2 hops (0 -> 5), across groups 3 (0 -> 271).
void expect_dragonfly_plus_minimal(const std::string& routing) {
  expect_analytic_latency(test::make_config("topologies/dragonfly-plus-4.yaml",
                                            {"routing.algorithm=" + routing, "link.global_latency=10"}),
                          {{0, 271}, {271, 0}, {0, 5}, {3, 17}, {100, 200}, {1, 2}});
}
TEST(ZeroLoad, DragonflyPlusMin) { expect_dragonfly_plus_minimal("min"); }
TEST(ZeroLoad, DragonflyPlusUgalL) { expect_dragonfly_plus_minimal("ugal-l"); }
TEST(ZeroLoad, HyperXUgalL) { expect_hyperx_minimal("ugal-l"); }
TEST(ZeroLoad, HyperXDal) { expect_hyperx_minimal("dal"); }

// SlimFly q = 5, 4 nodes per router: every router within 2 hops.
TEST(ZeroLoad, SlimFlyMin) {
  expect_analytic_latency(test::make_config("topologies/slimfly-q5.yaml", {}), {{0, 199}, {199, 0}, {5, 77}, {4, 7}});
}
// q = 8, a prime power with delta = 0 (GF(8) arithmetic): 128 routers of
// 4 nodes, every one within 2 hops.
TEST(ZeroLoad, SlimFlyPrimePowerMin) {
  expect_analytic_latency(test::make_config("topologies/slimfly-q5.yaml", {"topology.q=8"}),
                          {{0, 511}, {511, 0}, {5, 300}, {4, 7}, {130, 260}});
}

// topologies/graph-example.txt: 2 nodes per router; router 0 -> 3 takes the
// 3-cycle chord (2 cycles over link.latency), 6 -> 7 three 1-cycle links.
TEST(ZeroLoad, GraphFileWithItsOwnLinkLatency) {
  expect_analytic_latency(
      test::make_config("topologies/graph-example.yaml",
                        {"topology.graph_file=" + test::source_path("topologies/graph-example.txt")}),
      {{0, 6}, {12, 14}, {2, 3}}, {2, 0, 0});
}
