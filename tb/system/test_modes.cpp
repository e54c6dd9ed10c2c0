// Determinism: the same configuration and seed give byte-identical JSON (but
// for the host's wall time, speed and memory), and the per-stage and
// per-router execution modes, and one thread or several, give identical
// results.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "harness.h"
#include "router/router.h"
#include "routing/routing.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim::test;

namespace {

std::string run_json(std::vector<std::string> args) { return strip_host_figures(cli_json(std::move(args))); }

std::string without(const std::string& json, const std::string& key) {
  std::string out;
  std::istringstream in(json);
  std::string line;
  while (std::getline(in, line))
    if (line.find("\"" + key + "\"") == std::string::npos) out += line + "\n";
  return out;
}

void expect_modes_equal(std::vector<std::string> args) {
  auto a = args, b = args;
  a.push_back("sim.mode=per-stage");
  b.push_back("sim.mode=per-router");
  std::string ja = run_json(a), jb = run_json(b);
  EXPECT_NE(ja.find("\"delivered\""), std::string::npos);
  EXPECT_EQ(without(ja, "sim.mode"), without(jb, "sim.mode"));
}

}  // namespace

TEST(Determinism, SameSeedSameBytes) {
  std::vector<std::string> args{source_path("topologies/mesh-8x8.yaml"), "traffic.load=0.3", "sim.cycles=3000"};
  std::string a = run_json(args), b = run_json(args);
  EXPECT_EQ(a, b);
  args.push_back("sim.seed=2");
  EXPECT_NE(without(a, "sim.seed"), without(run_json(args), "sim.seed"));
}

TEST(Modes, MeshBelowAndAboveSaturation) {
  expect_modes_equal({source_path("topologies/mesh-8x8.yaml"), "traffic.load=0.2", sanitized_cycles_key(3000)});
  expect_modes_equal({source_path("topologies/mesh-8x8.yaml"), "traffic.load=0.6", sanitized_cycles_key(3000)});
}

TEST(Modes, TorusWormholeSpeedupAndLongLatencies) {
  expect_modes_equal({source_path("topologies/torus-4x4x4.yaml"), "traffic.load=0.5", sanitized_cycles_key(3000),
                      "router.switching=wormhole", "router.buffer_depth=4", "router.speedup=2",
                      "router.output_buffer_depth=4", "link.latency=3", "router.stage_latency.va=2",
                      "traffic.pattern=tornado"});
}

TEST(Modes, ConcentratedMeshTranspose) {
  expect_modes_equal({source_path("topologies/mesh-8x8.yaml"), "topology.k=4", "topology.concentration=4",
                      "traffic.load=0.4", "traffic.pattern=transpose", sanitized_cycles_key(3000)});
}

TEST(Modes, DragonflyAdaptiveRoutings) {
  // PiggyBack flags and UGAL-G read other routers' state: both modes must agree.
  expect_modes_equal({source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=pb", "router.vcs=4",
                      "traffic.pattern=adv", "traffic.load=0.5", sanitized_cycles_key(4000), "sim.warmup=1000"});
  expect_modes_equal({source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=ugal-g", "router.vcs=4",
                      "traffic.load=0.6", sanitized_cycles_key(4000), "sim.warmup=1000"});
}

TEST(Modes, LookaheadRoutingWithAdaptiveDragonfly) {
  // RC latency 0: VA routes heads itself; UGAL-L reads congestion as it does.
  expect_modes_equal({source_path("topologies/dragonfly-h2-fogsim.yaml"), "traffic.load=0.6",
                      sanitized_cycles_key(3000), "sim.warmup=500", "routing.algorithm=ugal-l", "router.vcs=4",
                      "traffic.pattern=adv"});
}

TEST(Modes, StoreAndForwardOverSlowLinks) {
  // Versaci's setting: heads routed only when whole, outputs parked by the
  // links' pace; also with VA routing the heads itself (RC latency 0).
  const std::vector<std::string> versaci{source_path("topologies/torus-versaci-8.yaml"), "topology.k=4",
                                         "traffic.load=0.6", "sim.warmup=500", sanitized_cycles_key(3000)};
  expect_modes_equal(versaci);
  auto lookahead = versaci;
  lookahead.insert(lookahead.end(), {"routing.algorithm=abr", "router.stage_latency.rc=0"});
  expect_modes_equal(lookahead);
}

namespace {

// What the network chose for sim.one_pass=auto (Router::one_pass) and
// whether its routers then pull their links in their run
// (Router::pull_in_run), as the run's JSON does not say: one run in this
// process.
struct Chosen {
  bool one_pass = false, pull_in_run = false;
};
Chosen chosen_passes(const std::string& file, std::initializer_list<std::string> keys) {
  Chosen c;
  nocsim::RunHooks hooks;
  hooks.before = [&](nocsim::Network& net) {
    c = {net.routers().front()->one_pass(), net.routers().front()->pull_in_run()};
    for (const auto& r : net.routers()) {
      EXPECT_EQ(r->one_pass(), c.one_pass);
      EXPECT_EQ(r->pull_in_run(), c.pull_in_run);
    }
  };
  EXPECT_EQ(nocsim::run_simulation(make_config(file, keys), hooks).exit_code, 0);
  return c;
}
bool one_pass_chosen(const std::string& file, std::initializer_list<std::string> keys) {
  return chosen_passes(file, keys).one_pass;
}

void expect_one_pass_equal(std::vector<std::string> args) {
  auto off = args;
  off.push_back("sim.one_pass=off");
  const std::string a = run_json(args), b = run_json(off);
  EXPECT_NE(a.find("\"delivered\""), std::string::npos);
  EXPECT_EQ(without(a, "sim.one_pass"), without(b, "sim.one_pass"));
}

}  // namespace

// One pass per router (sim.one_pass, Router::set_one_pass): committing each
// router's stages right after its evaluate gives the results of committing
// them after every router has evaluated, on one thread or two; and on one
// thread, pulling the links due at the start of each router's run gives
// those of pulling them in the update phase before (the warm-up's activity
// snapshot, taken between the two, included).
TEST(OnePass, ChangesNoResult) {
  expect_one_pass_equal({source_path("topologies/mesh-8x8.yaml"), "traffic.load=0.4", "sim.warmup=500",
                         sanitized_cycles_key(2000)});
  expect_one_pass_equal({source_path("topologies/torus-4x4x4.yaml"), "traffic.load=0.5", "sim.warmup=300",
                         sanitized_cycles_key(1500), "router.switching=wormhole", "router.speedup=2",
                         "router.output_buffer_depth=4", "link.latency=3", "sim.threads=2"});
  expect_one_pass_equal({source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=val", "router.vcs=4",
                         "traffic.pattern=adv", "traffic.load=0.4", "sim.warmup=300", sanitized_cycles_key(1500),
                         "sim.stage_order=reverse"});
  expect_one_pass_equal({source_path("topologies/bench/dragonfly-h4-bench.yaml"), "traffic.load=0.4",
                         "sim.warmup=200", sanitized_cycles_key(600)});
  expect_one_pass_equal({source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=ugal-l", "router.vcs=4",
                         "routing.reevaluate=true", "traffic.pattern=adv", "traffic.load=0.5", "sim.warmup=300",
                         sanitized_cycles_key(1500)});
  // Global links longer than the arrival log's lap of slots
  // (core/arrival_log.h): their sends wait in its sorted list.
  expect_one_pass_equal({source_path("topologies/dragonfly-h2.yaml"), "link.global_latency=300", "traffic.load=0.3",
                         "sim.warmup=300", sanitized_cycles_key(1500)});
  // Flits in flight on 40-cycle links at the end of warm-up and at the
  // end (no drain): the input buffers' writes count them out, whether they
  // wait on a link or in the flit log (Network::flits_in_flight).
  expect_one_pass_equal({source_path("topologies/mesh-8x8.yaml"), "link.latency=40", "traffic.load=0.3",
                         "sim.warmup=100", sanitized_cycles_key(300), "sim.drain=0"});
  // A network large enough that the log's credits wait in the clock's box
  // for their router's run (RouterClock::boxes_credits), with DAMQ
  // buffers (credits on the out-of-line path), over long links, and
  // buffers shallow enough that every credit counts.
  expect_one_pass_equal({source_path("topologies/bench/dragonfly-h4-bench.yaml"), "router.buffer_model=damq",
                         "router.buffer_depth=16", "link.global_latency=300", "traffic.load=0.4", "sim.warmup=200",
                         sanitized_cycles_key(600)});
}

// sim.one_pass=auto where nothing reads a router between its evaluate and
// the update phase, and stages have no processes of their own.
TEST(OnePass, ChosenForMinimalDragonflyRouting) {
  EXPECT_TRUE(one_pass_chosen("topologies/dragonfly-h2.yaml", {"routing.algorithm=min", "sim.cycles=100"}));
}
TEST(OnePass, ChosenForUgalL) {
  EXPECT_TRUE(one_pass_chosen("topologies/dragonfly-h2.yaml",
                              {"routing.algorithm=ugal-l", "router.vcs=4", "sim.cycles=100"}));
}
TEST(OnePass, NotChosenForUgalG) {
  EXPECT_FALSE(one_pass_chosen("topologies/dragonfly-h2.yaml",
                               {"routing.algorithm=ugal-g", "router.vcs=4", "sim.cycles=100"}));
}
TEST(OnePass, NotChosenForPiggyBack) {
  EXPECT_FALSE(one_pass_chosen("topologies/dragonfly-h2.yaml", {"routing.algorithm=pb", "router.vcs=4", "sim.cycles=100"}));
}
TEST(OnePass, ChosenForTheMesh) { EXPECT_TRUE(one_pass_chosen("topologies/mesh-8x8.yaml", {"sim.cycles=100"})); }
// One pass takes what the links brought in the routers' run, on one
// thread or on threads (each thread appends its sends to its own part of
// the arrival logs, so no link's ring is shared between threads).
TEST(OnePass, PullsInTheRunOnOneThread) {
  const Chosen c = chosen_passes("topologies/mesh-8x8.yaml", {"sim.cycles=100"});
  EXPECT_TRUE(c.one_pass);
  EXPECT_TRUE(c.pull_in_run);
}
TEST(OnePass, PullsInTheRunOnThreads) {
  const Chosen c = chosen_passes("topologies/mesh-8x8.yaml", {"sim.cycles=100", "sim.threads=2"});
  EXPECT_TRUE(c.one_pass);
  EXPECT_TRUE(c.pull_in_run);
}
// A router whose links were logged (docs/architecture.md, "The arrival
// log") refuses to be set again: its links would keep logging.
TEST(OnePass, LoggedLinksAreDecidedOnce) {
  nocsim::RunHooks hooks;
  hooks.before = [](nocsim::Network& net) {
    EXPECT_TRUE(net.routers().front()->pull_in_run());
    EXPECT_THROW(net.routers().front()->set_pull_in_run(false), std::logic_error);
  };
  EXPECT_EQ(nocsim::run_simulation(make_config("topologies/mesh-8x8.yaml", {"sim.cycles=100"}), hooks).exit_code, 0);
}
TEST(OnePass, NotChosenWhenOff) {
  EXPECT_FALSE(one_pass_chosen("topologies/mesh-8x8.yaml", {"sim.cycles=100", "sim.one_pass=off"}));
}
TEST(OnePass, NotChosenPerStage) {
  EXPECT_FALSE(one_pass_chosen("topologies/mesh-8x8.yaml", {"sim.cycles=100", "sim.mode=per-stage"}));
}
TEST(OnePass, NotChosenWithLinkGates) {
  EXPECT_FALSE(one_pass_chosen("topologies/mesh-8x8.yaml", {"sim.cycles=100", "link.power.policy=onoff"}));
}
TEST(OnePass, NotChosenWithAWaveformTrace) {
  EXPECT_FALSE(one_pass_chosen("topologies/mesh-8x8.yaml", {"sim.cycles=100", "trace.file=" + temp_path("one_pass.vcd")}));
}

namespace {

void expect_orders_equal(std::vector<std::string> args) {
  args.push_back("sim.mode=per-router");
  auto a = args, b = args;
  b.push_back("sim.stage_order=reverse");
  std::string ja = run_json(a), jb = run_json(b);
  EXPECT_NE(ja.find("\"delivered\""), std::string::npos);
  EXPECT_EQ(without(ja, "sim.stage_order"), without(jb, "sim.stage_order")) << args[1];
}

}  // namespace

// No evaluate reads what another evaluate of the same cycle writes, so the
// order a router's stages evaluate in cannot change a result. Re-evaluating
// adaptive routings route in VA as well as RC: each stage draws from its own
// random stream.
TEST(StageOrder, ResultsDoNotDependOnTheOrderStagesEvaluateIn) {
  for (const char* alg : {"ugal-l", "pb", "par", "olm"})
    expect_orders_equal({source_path("topologies/dragonfly-h2.yaml"), std::string("routing.algorithm=") + alg,
                         "router.vcs=5", "traffic.pattern=adv", "traffic.load=0.6", "sim.cycles=3000",
                         "sim.warmup=500"});
  expect_orders_equal({source_path("topologies/dragonfly-h2-fogsim.yaml"), "routing.algorithm=val",
                       "router.vcs=4", "traffic.load=0.4", "sim.cycles=3000", "sim.warmup=500"});
  expect_orders_equal({source_path("topologies/torus-4x4x4.yaml"), "traffic.load=0.5", "sim.cycles=2000",
                       "router.switching=wormhole", "router.speedup=2", "router.output_buffer_depth=4"});
}

namespace {

// Two runs of one seed, on one thread and on two (sim.threads), give the
// same bytes, the two scheduling modes the same results, and, the first
// time a topology file is met (`seeded` holds those seen), another seed
// other results.
void expect_deterministic(std::vector<std::string> args, std::set<std::string>& seeded) {
  auto two = args;
  two.push_back("sim.threads=2");
  const std::string a = run_json(args), b = run_json(two);
  EXPECT_EQ(without(a, "sim.threads"), without(b, "sim.threads"));
  auto per_stage = args;  // the default is per-router
  per_stage.push_back("sim.mode=per-stage");
  EXPECT_EQ(without(a, "sim.mode"), without(run_json(per_stage), "sim.mode"));
  if (!seeded.insert(args.front()).second) return;
  args.push_back("sim.seed=2");
  EXPECT_NE(without(a, "sim.seed"), without(run_json(args), "sim.seed"));
}

}  // namespace

// Every routing the registry holds, on every family that serves it (a name
// may serve several: dor on a torus and on a HyperX), under every VC policy
// the family allows. New routings join the matrix by registering; a name of
// a new family fails the test (on the dragonfly) until it is listed here.
TEST(Determinism, EveryRoutingAndVcPolicy) {
  const std::vector<std::string> hyperx = {"dor", "val", "ugal-l", "dal"};
  const std::vector<std::string> fat_tree = {"dmodk", "smodk", "adaptive-up"};
  const std::vector<std::string> graph = {"min", "val", "ugal-l"};  // also Dragonfly+'s
  int combos = 0;
  std::set<std::string> seeded;
  for (const std::string& alg : nocsim::routing_registry().keys()) {
    const bool torus_adaptive = alg == "star" || alg == "smart-dor" || alg == "abr" || alg == "por" || alg == "ofr";
    const bool torus_like = alg == "dor" || torus_adaptive;
    const bool on_hyperx = std::find(hyperx.begin(), hyperx.end(), alg) != hyperx.end();
    // Any other name is taken for a dragonfly routing: a new family's
    // routing fails there until it is listed here.
    const bool on_fat_tree = std::find(fat_tree.begin(), fat_tree.end(), alg) != fat_tree.end();
    const bool on_dragonfly = !torus_like && alg != "dal" && !on_fat_tree;
    for (const char* policy : {"distance", "flexvc"}) {
      if (!on_dragonfly && std::string(policy) == "flexvc") continue;  // flexvc needs dragonfly path shapes
      std::vector<std::string> args =
          torus_like ? std::vector<std::string>{source_path("topologies/torus-4x4x4.yaml"), "traffic.load=0.5"}
                     : std::vector<std::string>{source_path("topologies/dragonfly-h2.yaml"), "router.vcs=5",
                                                "traffic.pattern=adv", "traffic.load=0.5"};
      if (!torus_like && !on_dragonfly) continue;
      for (const char* kv : {"sim.warmup=200", "sim.cycles=800"}) args.push_back(kv);
      if (torus_adaptive)
        for (const char* kv : {"router.vcs=3", "router.buffer_depth=16"}) args.push_back(kv);
      args.push_back("routing.algorithm=" + alg);
      args.push_back(std::string("vc.policy=") + policy);
      SCOPED_TRACE(alg + " " + policy);
      expect_deterministic(args, seeded);
      ++combos;
    }
    if (std::find(graph.begin(), graph.end(), alg) != graph.end()) {
      SCOPED_TRACE(alg + " on a slimfly");
      expect_deterministic({source_path("topologies/slimfly-q5.yaml"), "traffic.pattern=bitcomp", "traffic.load=0.6",
                            "sim.warmup=200", "sim.cycles=600", "routing.algorithm=" + alg},
                           seeded);
      ++combos;
    }
    if (std::find(graph.begin(), graph.end(), alg) != graph.end()) {
      SCOPED_TRACE(alg + " on a dragonfly+");
      expect_deterministic({source_path("topologies/dragonfly-plus-4.yaml"), "topology.p=2", "traffic.pattern=adv",
                            "traffic.load=0.6", "sim.warmup=200", "sim.cycles=600", "routing.algorithm=" + alg},
                           seeded);
      ++combos;
    }
    if (on_fat_tree) {
      SCOPED_TRACE(alg + " on a fat tree");
      expect_deterministic({source_path("topologies/fat-tree-8-3.yaml"), "topology.k=4", "traffic.pattern=shuffle",
                            "traffic.load=0.7", "sim.warmup=200", "sim.cycles=600", "routing.algorithm=" + alg},
                           seeded);
      ++combos;
    }
    if (on_hyperx) {
      SCOPED_TRACE(alg + " on a hyperx");
      expect_deterministic({source_path("topologies/hyperx-4x4.yaml"), "traffic.pattern=neighbor", "traffic.load=0.6",
                            "sim.warmup=200", "sim.cycles=600", "routing.algorithm=" + alg},
                           seeded);
      ++combos;
    }
  }
  EXPECT_GE(combos, 20);
}

// Parallel cycles (sim.threads, docs/architecture.md): every configuration
// the project ships gives on 2 threads the bytes it gives on 1, and the
// small ones on 3 (whose ranges of routers split them otherwise). Short
// runs: the h = 8 dragonfly has 16,512 NICs (90 measured cycles still
// deliver over a hundred packets).
TEST(Threads, EveryShippedConfigurationGivesOneThreadsBytes) {
  const std::vector<std::string> files = shipped_configs();
  ASSERT_GE(files.size(), 15u);
  for (const std::string& f : files) {
    SCOPED_TRACE(f);
    const bool h8 = f.find("dragonfly-h8") != std::string::npos;
    bool big = false;  // the larger networks: 2 threads only (CI time)
    for (const char* name : {"dragonfly-h4", "dragonfly-h8", "dragonfly-plus", "fat-tree", "versaci-16"})
      big |= f.find(name) != std::string::npos;
#ifdef NOCSIM_TEST_ASAN
    // Under ASan the larger networks were most of this test (h = 8's set-up
    // alone); the smaller ones run the same threaded code, so the sanitized
    // pass of .ci/run keeps to its budget.
    if (big) continue;
#endif
    std::vector<std::string> args{f, "sim.drain=0", h8 ? "sim.warmup=30" : "sim.warmup=100",
                                  h8 ? "sim.cycles=90" : "sim.cycles=300"};
    // Its graph file is named relative to the source tree.
    if (f.find("graph-example") != std::string::npos)
      args.push_back("topology.graph_file=" + source_path("topologies/graph-example.txt"));
    const std::string one = without(run_json(args), "sim.threads");
    EXPECT_NE(one.find("\"delivered\""), std::string::npos);
    for (const char* n : {"sim.threads=2", "sim.threads=3"}) {
      if (big && std::string(n) == "sim.threads=3") continue;
      auto more = args;
      more.push_back(n);
      EXPECT_EQ(one, without(run_json(more), "sim.threads")) << n;
    }
  }
}

// On a network whose routers take their links' items in their runs, each
// thread boxes its own routers' items (RouterClock::box_batch); a cycle
// with an item sent beyond the log's lap of slots is taken serially. Both
// give one thread's bytes, cycle by cycle (sim.batch=1; in batches:
// Batch.ThreadsGiveCycleByCycleBytes).
TEST(Threads, BoxedArrivalsGiveOneThreadsBytes) {
  for (const char* global : {"link.global_latency=30", "link.global_latency=300"}) {
    SCOPED_TRACE(global);
    const std::vector<std::string> args{source_path("topologies/bench/dragonfly-h4-bench.yaml"), global,
                                        "router.buffer_depth=16", "traffic.load=0.4", "sim.warmup=200",
                                        sanitized_cycles_key(700), "sim.drain=0", "sim.batch=1"};
    const std::string one = without(run_json(args), "sim.threads");
    auto two = args;
    two.push_back("sim.threads=2");
    EXPECT_EQ(one, without(run_json(two), "sim.threads"));
  }
}

// The NICs on 2 and 3 threads (NicClock): what they count apart and add up
// (drops from full source queues, packet-size mixes, the latency parts, the
// per-router injection), what waits for the replay (the series, the routing
// statistics of delivered heads), random injection VCs and the invariant
// checks give one thread's bytes; the ranges of 64 nodes split the 72 and
// 264 NICs.
TEST(Threads, NicCountsGiveOneThreadsBytes) {
  const std::vector<std::vector<std::string>> runs{
      {source_path("topologies/dragonfly-h2.yaml"), "traffic.load=0.9", "traffic.source_queue=2",
       "traffic.packet_size=[1,4,8]", "router.injection_vc=random", "stats.series_period=100", "sim.check=true",
       "routing.algorithm=par", "router.vcs=5", "traffic.pattern=adv"},
      {source_path("topologies/bench/dragonfly-h4-bench.yaml"), "traffic.load=0.3", "traffic.source=onoff",
       "stats.series_period=50"},
      {source_path("topologies/torus-4x4x4.yaml"), "topology.k=6", "routing.algorithm=ofr", "router.vcs=3",
       "router.buffer_depth=16", "traffic.load=0.8"},
  };
  for (auto args : runs) {
    SCOPED_TRACE(args[0]);
#ifdef NOCSIM_TEST_ASAN
    // Under ASan the 1,056-node bench was most of this test's 108 s; the
    // others run the same NIC code, for a quarter of the cycles (the
    // sanitized pass keeps to its budget).
    if (args[0].find("h4-bench") != std::string::npos) continue;
#endif
    args.push_back("sim.warmup=200");
    args.push_back(sanitized_cycles_key(600));
    const std::string one = without(run_json(args), "sim.threads");
    const std::string packets = json_section(one, "packets");
    ASSERT_FALSE(packets.empty()) << one.substr(0, 300);
    if (args[0].find("dragonfly-h2") != std::string::npos) {
      EXPECT_GT(json_number(packets, "dropped"), 0);
    }
    for (const char* n : {"sim.threads=2", "sim.threads=3"}) {
      auto more = args;
      more.push_back(n);
      EXPECT_EQ(one, without(run_json(more), "sim.threads")) << n;
    }
  }
}

// Closed-loop applications and request-reply traffic on 2 threads: the
// NICs' engine and replies see the same deliveries in the same order.
TEST(Threads, ApplicationsAndRepliesGiveOneThreadsBytes) {
  const std::string df = source_path("topologies/dragonfly-h2.yaml");
  const std::vector<std::vector<std::string>> runs{
      {df, "workload.type=graph500", "workload.graph500.scale=10", "sim.warmup=0", "sim.cycles=20000"},
      {df, "workload.type=dpsnn", "workload.dpsnn.columns_x=6", "workload.dpsnn.columns_y=6", "sim.warmup=0",
       "sim.cycles=5000"},
      {df, "traffic.request_reply=true", "vc.policy=flexvc", "routing.algorithm=ugal-l", "router.vcs=4",
       "traffic.load=0.3", "sim.warmup=300", "sim.cycles=1000"},
  };
  for (const auto& args : runs) {
    SCOPED_TRACE(args[1]);
    auto two = args;
    two.push_back("sim.threads=2");
    const std::string one = without(run_json(args), "sim.threads");
    const bool app = args[1].rfind("workload", 0) == 0;
    EXPECT_NE(one.find(app ? "\"messages\"" : "\"delivered\""), std::string::npos) << one.substr(0, 300);
    EXPECT_EQ(one, without(run_json(two), "sim.threads"));
  }
}
