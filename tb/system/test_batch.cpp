// Batches of cycles (sim.batch, docs/architecture.md): each router and its
// NICs run several cycles in a row before the next router. The results are
// those of cycle by cycle (sim.batch=1), byte for byte.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "harness.h"
#include "router/router.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim;
using namespace nocsim::test;

namespace {

// The results document and the batch the run used (its sim.batch and
// sim.batch_clusters figures).
struct Batched {
  std::string json;
  int batch = 0, clusters = 0;
};

Batched run_batched(std::vector<std::string> args) {
  const std::string raw = cli_json(std::move(args));
  return {without_keys(raw, "sim.batch"), static_cast<int>(json_number(raw, "batch")),
          static_cast<int>(json_number(raw, "batch_clusters"))};
}

// The run as given (sim.batch as long as the network allows) against the
// same run cycle by cycle; `batched`: whether the network allows batches.
void expect_batch_bytes(std::vector<std::string> args, bool batched) {
  const Batched a = run_batched(args);
  args.push_back("sim.batch=1");
  const Batched one = run_batched(args);
  EXPECT_EQ(one.batch, 1);
  if (batched)
    EXPECT_GT(a.batch, 1);
  else
    EXPECT_EQ(a.batch, 1);
  EXPECT_EQ(a.json, one.json);
  EXPECT_NE(a.json.find("\"delivered\""), std::string::npos);
}

}  // namespace

// Every configuration the project ships; those whose router-to-router
// links take more than a cycle, and whose NICs' links one, run in batches.
TEST(Batch, EveryShippedConfigurationGivesCycleByCycleBytes) {
  const std::vector<std::string> files = shipped_configs();
  ASSERT_GE(files.size(), 15u);
  int batched = 0;
  for (const std::string& f : files) {
    SCOPED_TRACE(f);
    const bool h8 = f.find("dragonfly-h8") != std::string::npos;
#ifdef NOCSIM_TEST_ASAN
    if (h8) continue;  // its set-up under ASan: the sanitized pass's budget
#endif
    std::vector<std::string> args{f, "sim.drain=0", h8 ? "sim.warmup=30" : "sim.warmup=100",
                                  h8 ? "sim.cycles=90" : "sim.cycles=300"};
    if (f.find("graph-example") != std::string::npos)
      args.push_back("topology.graph_file=" + source_path("topologies/graph-example.txt"));
    // Local links of 10 cycles, or no links between routers at all.
    const bool longer = f.find("dragonfly") != std::string::npos || f.find("single") != std::string::npos;
    expect_batch_bytes(args, longer);
    batched += longer;
  }
  EXPECT_GE(batched, 4);
}

// What a batch could change if it were wrong: a warm-up and window that
// end within a batch, the drain until the last packet, replies, phases,
// packet sizes drawn per packet, latency series, per-router figures, an
// item sent beyond the arrival log's near window, one sent just inside it
// in a batch's last cycle, adaptive routings that read their own router's
// queues, short router links and long NIC links.
TEST(Batch, FeaturesGiveCycleByCycleBytes) {
  const std::string df = source_path("topologies/dragonfly-h2.yaml");
  const std::vector<std::vector<std::string>> runs = {
      {df, "traffic.load=0.5", "sim.warmup=333", "sim.cycles=1111"},
      {df, "traffic.load=0.3", "sim.warmup=100", "sim.cycles=500", "sim.stop_injection=true"},
      {df, "traffic.load=0.3", "traffic.request_reply=true", "router.vcs=4", "sim.warmup=100", "sim.cycles=700"},
      {df, "traffic.load=0.4", "traffic.packet_size=[1,4,9]", "stats.series_period=64", "stats.per_router=true",
       "sim.warmup=50", "sim.cycles=600"},
      {df, "traffic.load=0.4", "link.global_latency=300", "sim.warmup=100", "sim.cycles=800"},
      {df, "traffic.load=0.3", "link.global_latency=250", "sim.warmup=100", "sim.cycles=800"},
      {df, "routing.algorithm=ugal-l", "router.vcs=5", "traffic.pattern=adv", "traffic.load=0.5", "sim.warmup=100",
       "sim.cycles=700"},
      {df, "routing.algorithm=par", "router.vcs=5", "traffic.pattern=adv", "traffic.load=0.5", "sim.warmup=100",
       "sim.cycles=700"},
      {df, "link.latency=3", "router.switching=wormhole", "traffic.load=0.6", "sim.warmup=100", "sim.cycles=700"},
      {df, "link.nic_latency=4", "traffic.load=0.5", "sim.warmup=100", "sim.cycles=700"},
  };
  for (const auto& args : runs) {
    SCOPED_TRACE(args[1] + " " + args[2] + " " + args[3]);
    expect_batch_bytes(args, true);
    // Asked for: in clusters (the groups), though a network this small
    // runs flat batches by default.
    std::vector<std::string> clustered = args;
    clustered.push_back("sim.batch=128");
    expect_batch_bytes(clustered, true);
  }
  EXPECT_EQ(run_batched({df, "sim.cycles=50"}).clusters, 1);
  EXPECT_EQ(run_batched({df, "link.global_latency=300", "sim.batch=128", "sim.cycles=50"}).clusters, 9);
}

// Batches on threads: each thread runs its range of routers, and their
// NICs, in batches, by clusters (the groups) where its range is whole
// groups and no link reaches past the logs' near window; the results are
// still one thread's cycle by cycle.
TEST(Batch, ThreadsGiveCycleByCycleBytes) {
  const std::string bench = source_path("topologies/bench/dragonfly-h4-bench.yaml");
  const std::string df = source_path("topologies/dragonfly-h2.yaml");
  const std::vector<std::pair<std::vector<std::string>, int>> runs = {
      {{bench, "traffic.load=0.4", "sim.warmup=200", "sim.cycles=500", "sim.threads=2"}, 1},
      {{bench, "traffic.load=0.4", "sim.warmup=200", "sim.cycles=500", "sim.batch=100", "sim.threads=2"}, 33},
      {{bench, "traffic.load=0.4", "sim.warmup=150", "sim.cycles=400", "sim.batch=100", "sim.threads=3"}, 33},
      {{bench, "traffic.load=0.1", "link.global_latency=300", "sim.warmup=200", "sim.cycles=500", "sim.batch=100",
        "sim.threads=3"},
       1},
      {{df, "traffic.load=0.3", "traffic.request_reply=true", "router.vcs=4", "traffic.packet_size=[1,4,9]",
        "stats.series_period=64", "sim.warmup=100", "sim.cycles=700", "sim.batch=100", "sim.threads=2"},
       9},
  };
  for (auto [args, clusters] : runs) {
    SCOPED_TRACE(args[1] + " " + args[2] + " " + args.back());
    const Batched a = run_batched(args);
    args.back() = "sim.batch=1";  // one thread, cycle by cycle
    const Batched one = run_batched(args);
    EXPECT_GT(a.batch, 1);
    EXPECT_EQ(a.clusters, clusters);
    EXPECT_EQ(without_keys(a.json, "sim.threads"), without_keys(one.json, "sim.threads"));
  }
}

// An invariant that fails in several routers: the error is the one cycle
// by cycle meets first (the earliest cycle), though a batch runs the
// lower-numbered routers' later cycles first, and on threads the thread
// of the lower-numbered routers reports first. One simulation per
// process (SystemC): cycle by cycle runs in a child.
namespace {

struct Plant {
  size_t router;
  int node, dst;  // a node of the router sends a packet to dst at cycle gen
  Cycle gen;
};

std::string planted_failure(const std::string& file, const std::vector<Plant>& plants, const char* batch,
                            const char* threads) {
  Config cfg = make_config(file, {"traffic.load=0", "sim.warmup=0", "sim.cycles=500", batch, threads});
  RunHooks hooks;
  // An extra credit at every output VC of the routers: each fails at its
  // first credit back, the first plant's a cycle before the second's, in
  // the same batch (on one thread, of two clusters: the groups).
  hooks.before = [&](Network& net) {
    for (const Plant& p : plants) {
      for (OutputVc& v : net.routers()[p.router]->state_for_test().ovc) ++v.credits;
      net.nics()[static_cast<size_t>(p.node)]->script(p.gen, p.dst);
    }
  };
  const RunResult r = run_simulation(cfg, hooks);
  return std::to_string(r.exit_code) + " " + r.error;
}

// The error cycle by cycle (in a child) and in batches on `threads`.
void expect_first_failure(const std::string& file, const std::vector<Plant>& plants, const char* threads) {
  const std::string child = temp_path("cycle_by_cycle.err");
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    std::FILE* f = std::fopen(child.c_str(), "w");
    const std::string e = planted_failure(file, plants, "sim.batch=1", "sim.threads=1");
    if (!f || std::fputs(e.c_str(), f) < 0 || std::fclose(f) != 0) _exit(1);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const std::string one = slurp(child), batched = planted_failure(file, plants, "sim.batch=100", threads);
  const std::string first = " credit overflow: router " + std::to_string(plants.front().router) + " ";
  EXPECT_EQ(one.rfind(std::to_string(kExitInvariant) + first, 0), 0u) << one;
  EXPECT_EQ(batched, one);
}

}  // namespace

// Router 30's packet leaves a cycle before router 3's (p = 2: node 2r is
// router r's).
TEST(Batch, FirstFailureIsTheEarliestCycles) {
  expect_first_failure("topologies/dragonfly-h2.yaml", {{30, 60, 0, 40}, {3, 6, 71, 41}}, "sim.threads=1");
}

// Router 200 is the second thread's (p = 4), router 10 the first's.
TEST(Batch, FirstFailureOnThreadsIsTheEarliestCycles) {
  expect_first_failure("topologies/bench/dragonfly-h4-bench.yaml", {{200, 800, 0, 40}, {10, 40, 1000, 41}},
                       "sim.threads=2");
}
