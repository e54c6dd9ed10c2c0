// The latency breakdown (docs/metrics.md, "Latency breakdown"): on an idle
// network every wait is zero and the parts add up to each packet's latency;
// under load the parts of a drained run add up to the mean latency, with
// waits where the contention is; minimal routing has no non-minimal
// traversal and Valiant's is most of it.
#include <gtest/gtest.h>

#include "harness.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

struct Scripted {
  LatencyParts parts;
  int64_t latency_sum = 0, inj_wait_sum = 0, packets = 0;
};

// One packet at a time between the given pairs (generated 400 cycles apart).
Scripted run_scripted(Config cfg, const std::vector<std::pair<int, int>>& pairs) {
  cfg.set("traffic.load", "0");
  cfg.set("sim.warmup", "10");
  cfg.set("sim.cycles", std::to_string(400 * (pairs.size() + 1)));
  Scripted s;
  RunHooks hooks;
  hooks.before = [&](Network& net) {
    net.stats().record = true;
    for (size_t i = 0; i < pairs.size(); ++i) net.nics()[pairs[i].first]->script(100 + 400 * i, pairs[i].second);
  };
  hooks.after = [&](Network& net) {
    s.parts = net.latency_parts();
    for (const auto& d : net.stats().deliveries) {
      s.latency_sum += static_cast<int64_t>(d.done - d.gen);
      s.inj_wait_sum += static_cast<int64_t>(d.inj - d.gen);
      ++s.packets;
    }
  };
  const RunResult r = run_simulation(cfg, hooks);
  EXPECT_EQ(r.exit_code, 0) << r.error;
  EXPECT_EQ(s.packets, static_cast<int64_t>(pairs.size()));
  return s;
}

void expect_no_waits(const Scripted& s, int packet_size) {
  EXPECT_EQ(s.parts.injection, 0);
  EXPECT_EQ(s.parts.local_queue, 0);
  EXPECT_EQ(s.parts.global_queue, 0);
  EXPECT_EQ(s.parts.eject_queue, 0);
  EXPECT_EQ(s.inj_wait_sum, 0);
  EXPECT_EQ(s.parts.serialization, s.packets * (packet_size - 1));
  EXPECT_EQ(s.parts.minimal + s.parts.nonminimal + s.parts.serialization, s.latency_sum);
}

const std::vector<std::pair<int, int>> kDragonflyPairs = {{0, 71}, {5, 6}, {0, 1}, {40, 3}, {17, 60}};

}  // namespace

TEST(LatencyBreakdown, AnIdleNetworkHasNoWaitsDragonflyMin) {
  // Local links 10 cycles, global 100, speedup 2 with output buffers.
  const Scripted s = run_scripted(test::make_config("topologies/dragonfly-h2.yaml", {}), kDragonflyPairs);
  expect_no_waits(s, 8);
  EXPECT_EQ(s.parts.nonminimal, 0);
}

TEST(LatencyBreakdown, AnIdleNetworkHasNoWaitsDragonflyValiant) {
  const Scripted s = run_scripted(
      test::make_config("topologies/dragonfly-h2.yaml", {"routing.algorithm=val", "router.vcs=4"}), kDragonflyPairs);
  expect_no_waits(s, 8);
  // Every hop toward the intermediate is non-minimal.
  EXPECT_GT(s.parts.nonminimal, 0);
}

TEST(LatencyBreakdown, AnIdleNetworkHasNoWaitsTorusStoreAndForward) {
  const Scripted s = run_scripted(
      test::make_config("topologies/torus-8x8.yaml", {"router.switching=saf", "traffic.packet_size=5",
                                                      "router.buffer_depth=5", "link.latency=3",
                                                      "router.stage_latency.va=2"}),
      {{0, 7}, {0, 63}, {36, 0}, {12, 44}});
  expect_no_waits(s, 5);
  EXPECT_EQ(s.parts.nonminimal, 0);
}

TEST(LatencyBreakdown, AnIdleNetworkHasNoWaitsLookaheadSlowLinks) {
  const Scripted s = run_scripted(
      test::make_config("topologies/mesh-8x8.yaml", {"router.stage_latency.rc=0", "link.cycles_per_flit=2",
                                                     "link.nic_latency=2", "traffic.packet_size=4",
                                                     "router.switching=wormhole"}),
      {{0, 63}, {9, 54}, {27, 28}});
  // The slow links space the flits 2 cycles apart; at the last router the
  // body, which skips VA, gains its cycle on the head before the fast
  // ejection link: the tail arrives 2 * 3 - 1 cycles after the head.
  EXPECT_EQ(s.parts.local_queue + s.parts.eject_queue + s.parts.injection, 0);
  EXPECT_EQ(s.parts.nonminimal, 0);
  EXPECT_EQ(s.parts.minimal + s.parts.serialization, s.latency_sum);
  EXPECT_EQ(s.parts.serialization, s.packets * (2 * 3 - 1));
}

// Under load, through the CLI: the JSON's parts add up to the mean latency of
// a drained run; the waits are where the contention is.
TEST(LatencyBreakdown, LoadedDragonflyPartsAddUpToTheMeanLatency) {
  const std::string out = test::temp_path("loaded.json");
  const test::CliResult r = test::run_cli({test::source_path("topologies/dragonfly-h2.yaml"), "traffic.load=0.6",
                                           "sim.warmup=2000", "sim.cycles=4000", "sim.drain=100000", "--quiet", "-o",
                                           out});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string lat = test::json_section(test::slurp(out), "latency");
  double sum = 0;
  for (const char* k : {"injection_queue", "local_queue", "global_queue", "eject_queue", "minimal_traversal",
                        "nonminimal_traversal", "serialization"}) {
    const double v = test::json_number(lat, k);
    EXPECT_GE(v, 0) << k;
    sum += v;
  }
  EXPECT_NE(lat.find("\"complete\": true"), std::string::npos) << lat;
  EXPECT_NEAR(sum, test::json_number(lat, "mean"), 1e-9 * sum);
  EXPECT_GT(test::json_number(lat, "local_queue"), 0);
  EXPECT_GT(test::json_number(lat, "global_queue"), 0);
  EXPECT_GT(test::json_number(lat, "injection_queue"), 0);
  EXPECT_EQ(test::json_number(lat, "nonminimal_traversal"), 0);
}

TEST(LatencyBreakdown, TorusHasNoGlobalClass) {
  const std::string out = test::temp_path("torus.json");
  const test::CliResult r = test::run_cli({test::source_path("topologies/torus-8x8.yaml"), "traffic.load=0.2",
                                           "sim.warmup=500", "sim.cycles=1000", "-o", out, "--quiet"});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string lat = test::json_section(test::slurp(out), "latency");
  EXPECT_NE(lat.find("\"global_queue\": null"), std::string::npos) << lat;
  EXPECT_GT(test::json_number(lat, "local_queue"), 0);
  EXPECT_NE((r.out + r.err).find("global -"), std::string::npos);  // the summary says so too
}
