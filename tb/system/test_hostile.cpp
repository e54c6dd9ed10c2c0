// Issue 37's escapes, each refused with one line naming the key, or handled
// as documented (docs/reliability.md): the watchdog's least window, phase
// records, ADV's offset, link power's thresholds and states, keys that do
// nothing in a run, the request-reply VC split, a trace that would be empty.
#include <gtest/gtest.h>

#include "harness.h"

using nocsim::test::run_cli;
using nocsim::test::source_path;

namespace {

const std::string mesh = source_path("topologies/mesh-8x8.yaml");
const std::string dragonfly = source_path("topologies/dragonfly-h2.yaml");

// Exit 2 and `expect` in the one error line.
void refused(std::vector<std::string> args, const std::string& expect) {
  args.push_back("--check-config");
  auto r = run_cli(args);
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("nocsim: error: " + expect), std::string::npos) << r.err;
}

}  // namespace

TEST(Hostile, WatchdogShorterThanARoutersWaitIsRefused) {
  refused({mesh, "topology.k=4", "sim.watchdog=1"},
          "sim.watchdog: 1 cycles is shorter than a flit may wait in a router here with nothing moving "
          "(router.stage_latency rc + va + sa + st = 4); set it >= 5, or 0 to turn it off");
  refused({mesh, "router.stage_latency.st=1000", "sim.watchdog=10"}, "sim.watchdog: 10 cycles");
  refused({mesh, "router.stage_latency.st=1000", "sim.watchdog=10"},
          "sim.watchdog: 10 cycles is shorter than a flit may wait in a router here with nothing moving "
          "(router.stage_latency rc + va + sa + st = 1003); set it >= 1004");
}

// At its least the watchdog sees every wait that ends: after long links
// (flits and credits coming back), long stages, a loaded dragonfly.
TEST(Hostile, WatchdogAtItsLeastCallsNothingADeadlock) {
  const std::vector<std::vector<std::string>> runs = {
      {mesh, "topology.k=4", "sim.watchdog=5", "traffic.load=0.4", "sim.cycles=4000"},
      {mesh, "topology.k=2", "link.latency=3000", "sim.watchdog=5", "traffic.load=0.01", "sim.cycles=30000",
       "router.buffer_depth=8"},
      {mesh, "topology.k=3", "router.stage_latency.st=300", "router.stage_latency.va=7", "sim.watchdog=310",
       "traffic.load=0.2", "sim.cycles=5000"},
      {dragonfly, "link.global_latency=200", "routing.algorithm=ugal-l", "router.vcs=4", "sim.watchdog=6",
       "traffic.load=0.5", "sim.cycles=3000"},
      {mesh, "router.switching=wormhole", "router.buffer_depth=2", "sim.watchdog=5", "traffic.load=0.6",
       "sim.cycles=3000"},
  };
  for (auto args : runs) {
    args.insert(args.end(), {"sim.warmup=0", "--quiet"});
    auto r = run_cli(args);
    EXPECT_EQ(r.code, 0) << args[1] << " ...: " << r.err;
  }
}

TEST(Hostile, PhaseRecordsAreCheckedFieldByField) {
  refused({mesh, "traffic.phases=[{cycles: 100, load: -0.5}]"},
          "traffic.phases[0].load: -0.5 is no load; give one from 0 in traffic.load_unit, or -1 for traffic.load's");
  refused({mesh, "traffic.phases=[{cycles: 100, cycles: 200}]"}, "traffic.phases[0].cycles: given twice in one record");
  // One line, the value's line break shown as \n.
  refused({mesh, "traffic.phases=[{cycles: 10}]\n---\n[{cycles: 20}]"},
          "traffic.phases: bad value '[{cycles: 10}]\\n---\\n[{cycles: 20}]': holds 2 YAML documents");
  refused({mesh, "traffic.phases=[{cycles: 100}, {cycles: 100, pattern: adv}]"}, "traffic.phases[1].pattern: adv");
  // A stray ',' made yaml-cpp 0.7's document loop spin (docs/reliability.md, "Fuzzing").
  refused({mesh, "traffic.phases=[{cycles: 1}] ,"}, "traffic.phases: bad value '[{cycles: 1}] ,': unexpected character ','");
}

TEST(Hostile, AdvOffsetPastTheGroupsIsRefused) {
  refused({dragonfly, "traffic.pattern=adv", "traffic.adv_offset=10"},
          "traffic.adv_offset: 10 groups away; this dragonfly has 9 groups, so 1..8");
  auto r = run_cli({dragonfly, "traffic.pattern=adv", "traffic.adv_offset=8", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
}

TEST(Hostile, LinkPowerThresholdsAndStatesAreCheckedWhateverThePolicy) {
  refused({mesh, "link.power.threshold_low=0.9", "link.power.threshold_high=0.1"},
          "link.power.threshold_low: 0.900000 must be below link.power.threshold_high=0.100000");
  refused({mesh, "link.power.low_state=63"}, "link.power.low_state: bad value '63': must be an integer in [1, 10]");
  refused({mesh, "link.power.low_state=9", "link.power.high_state=10"}, "link.power.low_state=9");
}

TEST(Hostile, KeysThatDoNothingAreNamed) {
  auto r = run_cli({mesh, "router.damq.reserve=2", "router.reply_vcs=1", "link.power.rho=0.5", "trace.start=5",
                    "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  for (const char* w : {"nocsim: warning: router.damq.reserve=2 does nothing in this run (router.buffer_model=static)",
                        "nocsim: warning: router.reply_vcs=1 does nothing in this run (traffic.request_reply=false)",
                        "nocsim: warning: link.power.rho=0.5 does nothing in this run (link.power.policy=none)",
                        "nocsim: warning: trace.start=5 does nothing in this run (no trace.file)"})
    EXPECT_NE(r.err.find(w), std::string::npos) << w << "\n" << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 4) << r.err;
  // Global-link keys without global links.
  r = run_cli({source_path("topologies/fat-tree-8-3.yaml"), "router.global_vcs=3", "link.global_latency=50",
               "routing.global_misroute=mm", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  for (const char* w : {"router.global_vcs=3 does nothing in this run (a topology without global links)",
                        "link.global_latency=50 does nothing in this run (a topology without global links)",
                        "routing.global_misroute=mm does nothing in this run (only the dragonfly's routings read it)"})
    EXPECT_NE(r.err.find(w), std::string::npos) << w << "\n" << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 3) << r.err;
  // A progress rule with no non-blocking collective to progress.
  r = run_cli({mesh, "workload.type=graph500", "workload.nbc_progress=in_calls", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("workload.nbc_progress=in_calls does nothing in this run (no non-blocking collective runs "
                       "beside its program: workload.type other than trace, or otf2 without "
                       "workload.nonblocking_collectives=overlap)"),
            std::string::npos)
      << r.err;
  r = run_cli({mesh, "traffic.randperm.seed=4", "traffic.reply_size=5", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "nocsim: warning: traffic.reply_size=5 does nothing in this run (traffic.request_reply=false)\n"
                   "nocsim: warning: traffic.randperm.seed=4 does nothing in this run (no randperm pattern)\n");
  // Phases that each name their pattern leave traffic.pattern and its keys unread.
  r = run_cli({mesh, "traffic.pattern=randperm", "traffic.randperm.seed=4",
               "traffic.phases=[{cycles: 10, pattern: uniform}, {cycles: 10, pattern: transpose}]", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "nocsim: warning: traffic.pattern=randperm does nothing in this run (every phase of "
                   "traffic.phases names its own pattern)\n"
                   "nocsim: warning: traffic.randperm.seed=4 does nothing in this run (no randperm pattern)\n");
  // Unread, a pattern this topology could not take is not built: named, not refused.
  r = run_cli({mesh, "traffic.pattern=adv", "traffic.phases=[{cycles: 10, pattern: uniform}]", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "nocsim: warning: traffic.pattern=adv does nothing in this run (every phase of traffic.phases "
                   "names its own pattern)\n");
  r = run_cli({mesh, "workload.type=graph500", "traffic.pattern=adv", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "nocsim: warning: traffic.pattern=adv does nothing in this run (a closed-loop workload)\n");
  refused({mesh, "traffic.pattern=adv", "traffic.phases=[{cycles: 10, pattern: same}]"},
          "traffic.pattern: adv needs topology.type dragonfly");
  // Set where they act, or left at their defaults: no warning; a pattern's
  // keys act when a part of the mix in use names it.
  for (const std::vector<std::string>& keys :
       {std::vector<std::string>{"router.buffer_model=damq", "router.damq.reserve=1"},
        {"traffic.pattern=randperm", "traffic.randperm.seed=4"},
        {"traffic.phases=[{cycles: 10, pattern: uniform}, {cycles: 10}]", "traffic.pattern=randperm",
         "traffic.randperm.seed=4"},
        {"traffic.pattern=mix", "traffic.mix=[{pattern: randperm, fraction: 0.5}, {pattern: hotspot, fraction: 0.5}]",
         "traffic.randperm.seed=4", "traffic.hotspot.fraction=0.5"}}) {
    std::vector<std::string> args{mesh};
    args.insert(args.end(), keys.begin(), keys.end());
    args.push_back("--check-config");
    r = run_cli(args);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "") << keys.back();
  }
}

TEST(Hostile, RequestReplySplitLeavingNoRequestVcsSaysSo) {
  refused({mesh, "traffic.request_reply=true", "router.reply_vcs=2"},
          "router.reply_vcs: 2 reply VCs of the 2 local VCs leave none for requests; at most 1");
}

TEST(Hostile, TraceStartingAfterTheRunIsRefused) {
  refused({mesh, "trace.file=" + nocsim::test::temp_path("late.vcd"), "trace.start=999999", "sim.warmup=0",
           "sim.cycles=100"},
          "trace.start: cycle 999999 is past the run's last cycle 200");
}

// Past saturation the source queues stop at traffic.source_queue: the rest
// is dropped and counted, and the run says it is saturated.
TEST(Hostile, SaturatedSourceQueuesStayBounded) {
  const std::string out = nocsim::test::temp_path("sat.json");
  auto r = run_cli({mesh, "traffic.load=1", "traffic.source_queue=50", "sim.warmup=0", "sim.cycles=20000",
                    "sim.drain=0", "--quiet", "-o", out});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string json = nocsim::test::slurp(out);
  EXPECT_NE(json.find("\"saturated\": true"), std::string::npos);
  EXPECT_GT(nocsim::test::json_number(json, "dropped"), 1000);
  EXPECT_LE(nocsim::test::json_number(json, "source_queued"), 64 * 50);
  EXPECT_GT(nocsim::test::json_number(json, "source_queued"), 64 * 40);  // full queues, as load 1 leaves them
  EXPECT_NE(r.out.find("in source queues)  dropped "), std::string::npos) << r.out;
}

// Out of memory during a run (source queues without a bound under
// `ulimit -v`): the reserve lets the run stop and write its results.
TEST(Hostile, OutOfMemoryDuringARunWritesTheResults) {
#if defined(NOCSIM_TEST_ASAN)
  GTEST_SKIP() << "ASan reserves more address space than the limit below";
#endif
  const std::string out = nocsim::test::temp_path("oom.json");
  auto r = nocsim::test::run_bin(
      "/bin/sh", {"-c", "ulimit -v 200000; exec \"" + std::string(NOCSIM_BIN) + "\" \"" + mesh +
                            "\" traffic.load=1 traffic.packet_size=1 traffic.source_queue=1000000000 "
                            "sim.cycles=100000000 sim.warmup=0 sim.huge_pages=false --quiet -o " + out});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("nocsim: out of memory at cycle "), std::string::npos) << r.err;
  const std::string json = nocsim::test::slurp(out);
  EXPECT_NE(json.find("\"status\": \"out-of-memory\""), std::string::npos) << json.substr(0, 300);
  EXPECT_GT(nocsim::test::json_number(json, "delivered"), 1000);
}

// A stop signal while a large network is built ends the process at once.
TEST(Hostile, SigtermWhileBuildingEndsAtOnce) {
  auto r = nocsim::test::run_bin(
      "/bin/sh", {"-c", "\"" + std::string(NOCSIM_BIN) + "\" \"" + mesh +
                            "\" topology.k=160 sim.cycles=10 --quiet & pid=$!; sleep 1; kill -TERM $pid; wait $pid"});
  EXPECT_EQ(r.code, 143) << r.err;
  EXPECT_NE(r.err.find("nocsim: interrupted by SIGTERM while building the network; no results"), std::string::npos)
      << r.err;
}

// A one-node network has no destination for open-loop traffic: every pattern
// is refused (uniform once ran idle at any load; butterfly, with no address
// bit to flip, divided by zero), while a closed-loop program may still run
// on it.
TEST(Hostile, OpenLoopTrafficOnOneNodeIsRefused) {
  const std::string one = source_path("topologies/single-10.yaml");
  for (const std::string pattern : {"uniform", "butterfly", "hotspot", "bitrev"})
    refused({one, "topology.concentration=1", "traffic.pattern=" + pattern},
            "traffic.pattern: " + pattern + " needs at least two nodes (this network has 1)");
  refused({one, "topology.concentration=1", "traffic.load=0"}, "traffic.pattern: uniform needs at least two nodes");
  for (const std::string pattern : {"uniform", "butterfly", "hotspot"}) {  // built, probed, not used
    const auto r = run_cli({one, "topology.concentration=1", "workload.type=dpsnn", "workload.dpsnn.columns_x=1",
                            "workload.dpsnn.columns_y=1", "traffic.pattern=" + pattern, "--quiet"});
    EXPECT_EQ(r.code, 0) << pattern << ": " << r.err;
  }
}
