// Invariant checks and the deadlock watchdog.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "harness.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim;

TEST(Checks, TorusWithoutDatelineDeadlocksAndIsReported) {
  auto r = test::run_cli({test::source_path("topologies/torus-8x8.yaml"), "router.vcs=1", "routing.dateline=false",
                          "traffic.load=0.8", "sim.watchdog=1000", "--quiet"});
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_NE(r.err.find("deadlock: no flit moved for"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("blocked VCs:"), std::string::npos);
  EXPECT_NE(r.err.find("waiting for VA on out port"), std::string::npos);
  EXPECT_NE(r.err.find(" vcs 0..0 (vc 0 "), std::string::npos) << "VC ranges printed as numbers: " << r.err;
  EXPECT_NE(r.out.find("status deadlock"), std::string::npos);
}

namespace {

struct WaitLine {
  int from[3], to[3];  // router, in port, vc
  int out_port = -1;
  bool downstream = false;
};

// The report's "wait cycle" lines.
std::vector<WaitLine> wait_cycle(const std::string& err) {
  std::vector<WaitLine> lines;
  std::istringstream in(err.substr(err.find("wait cycle")));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line) && line.rfind("  router ", 0) == 0) {
    WaitLine w;
    EXPECT_EQ(std::sscanf(line.c_str(), "  router %d in port %d vc %d", &w.from[0], &w.from[1], &w.from[2]), 3) << line;
    const size_t colon = line.rfind(": router ");
    EXPECT_NE(colon, std::string::npos) << line;
    EXPECT_EQ(std::sscanf(line.c_str() + colon, ": router %d in port %d vc %d", &w.to[0], &w.to[1], &w.to[2]), 3) << line;
    const size_t op = line.find("out port ");
    if (op != std::string::npos) w.out_port = std::atoi(line.c_str() + op + 9);
    w.downstream = line.find(", downstream:") != std::string::npos;
    lines.push_back(w);
  }
  return lines;
}

}  // namespace

// The report names a closed chain of VCs, each waiting on the next: for
// credits of the next hop's VC, the link's far end.
TEST(Checks, DeadlockReportNamesTheWaitCycle) {
  const std::vector<std::string> keys = {"router.vcs=1", "routing.dateline=false", "traffic.load=0.8"};
  std::vector<std::string> args = {test::source_path("topologies/torus-8x8.yaml"), "--quiet"};
  args.insert(args.end(), keys.begin(), keys.end());
  auto r = test::run_cli(args);
  ASSERT_EQ(r.code, 3) << r.err;
  const auto cycle = wait_cycle(r.err);
  ASSERT_GE(cycle.size(), 2u) << r.err;
  const auto topo = validate_config(
      test::make_config("topologies/torus-8x8.yaml", {"router.vcs=1", "routing.dateline=false", "traffic.load=0.8"}));
  for (size_t i = 0; i < cycle.size(); ++i) {
    const WaitLine& a = cycle[i];
    const WaitLine& b = cycle[(i + 1) % cycle.size()];
    for (int k = 0; k < 3; ++k) EXPECT_EQ(a.to[k], b.from[k]) << "line " << i;
    ASSERT_TRUE(a.downstream) << "a ring of one-VC links waits on credits";
    const PortPeer p = topo->peer(a.from[0], a.out_port);
    EXPECT_EQ(p.router, a.to[0]) << "line " << i;
    EXPECT_EQ(p.port, a.to[1]) << "line " << i;
  }
}

// A run shorter than the watchdog's window that ends frozen is a deadlock.
TEST(Checks, FrozenNetworkAtTheEndOfAShortRun) {
  auto r = test::run_cli({test::source_path("topologies/torus-8x8.yaml"), "router.vcs=1", "routing.dateline=false",
                          "traffic.load=0.8", "sim.cycles=2000", "sim.warmup=0", "--quiet"});
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_NE(r.err.find("input VCs can never move (found at the end of the run"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("wait cycle"), std::string::npos) << r.err;
}

// Flits on a link longer than the watchdog's window are on their way, not stuck.
TEST(Checks, LongLinksAreNotADeadlock) {
  auto r = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "topology.k=2", "topology.n=1",
                          "link.latency=20000", "traffic.load=0.0002", "sim.cycles=60000", "sim.warmup=0", "--quiet"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("status ok"), std::string::npos) << r.out;
}

// Credits on their way back over a long link travel in the routers'
// clock's arrival log, not on the link (docs/architecture.md, "The arrival
// log"): with one-flit buffers each flit waits a round trip for its
// credit, and between a flit's arrival and its credit's nothing moves for
// longer than the watchdog's window; the watchdog, and the check of a run
// that ends with flits waiting, see the credit on its way.
TEST(Checks, CreditsOnALongLinkAreNotADeadlock) {
  const std::string mesh = test::source_path("topologies/mesh-8x8.yaml");
  auto r = test::run_cli({mesh, "topology.k=2", "topology.n=1", "link.latency=5000", "router.buffer_depth=1",
                          "traffic.load=0.01", "sim.cycles=30000", "sim.warmup=0", "sim.watchdog=3000", "--quiet"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("status ok"), std::string::npos) << r.out;
  r = test::run_cli({mesh, "topology.k=2", "topology.n=1", "link.latency=5000", "router.buffer_depth=1",
                     "traffic.load=0.01", "sim.cycles=7500", "sim.warmup=0", "sim.drain=0", "--quiet"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("status ok"), std::string::npos) << r.out;
}

TEST(Checks, EveryPacketDeliveredOnceInOrder) {
  // All-to-all bursts on a small torus with no random traffic: the sinks check
  // order and destination on every flit; afterwards nothing may be left.
  Config cfg = test::make_config("topologies/torus-4x4x4.yaml",
                                 {"traffic.load=0", "sim.warmup=0", "sim.cycles=3000", "router.switching=wormhole"});
  uint64_t delivered = 0, generated = 0, in_net = 1;
  RunHooks hooks;
  hooks.before = [](Network& net) {
    const int n = net.topology().nodes();
    for (int round = 0; round < 3; ++round)
      for (int s = 0; s < n; ++s)
        for (int k = 1; k < n; k += 7) net.nics()[s]->script(10 + round, (s + k) % n);
  };
  hooks.after = [&](Network& net) {
    delivered = net.stats().packets_delivered;
    generated = net.stats().packets_generated;
    in_net = net.flits_in_network();
  };
  RunResult r = run_simulation(cfg, hooks);
  ASSERT_EQ(r.exit_code, 0) << r.error;
  EXPECT_EQ(generated, 3u * 64 * 9);
  EXPECT_EQ(delivered, generated);
  EXPECT_EQ(in_net, 0u);
}

TEST(Checks, CreditOverflowIsCaught) {
  // One extra credit planted at start: the first time the downstream buffer
  // returns all its credits, the counter passes the depth.
  Config cfg = test::make_config("topologies/mesh-8x8.yaml", {"traffic.load=0.3", "sim.warmup=0", "sim.cycles=2000"});
  RunHooks hooks;
  hooks.before = [](Network& net) { ++net.routers()[9]->state_for_test().out[0].vcs[0].credits; };
  RunResult r = run_simulation(cfg, hooks);
  EXPECT_EQ(r.exit_code, kExitInvariant);
  EXPECT_NE(r.error.find("credit overflow: router 9 out port 0 vc 0"), std::string::npos) << r.error;
}

TEST(Checks, SinkCatchesAFlitOutOfSequence) {
  // A lone flit 3 of a 4-flit packet planted in router 0's injection buffer:
  // the network carries it like any packet; the destination's sink expects a
  // head on that VC and stops the run.
  Config cfg = test::make_config("topologies/mesh-8x8.yaml", {"traffic.load=0", "sim.warmup=0", "sim.cycles=500"});
  RunHooks hooks;
  hooks.before = [](Network& net) {
    const Topology& t = net.topology();
    RouterState& st = net.routers()[t.node_router(0)]->state_for_test();
    Flit f;
    f.pseq = 77;
    f.src = 0;
    f.dst = 9;
    f.seq = 3;
    f.size = 4;
    st.arrived<false>(t.node_port(0), f, 0);  // a body flit where a head should be
  };
  RunResult r = run_simulation(cfg, hooks);
  EXPECT_EQ(r.exit_code, kExitInvariant);
  EXPECT_NE(r.error.find("flit 3 of packet 77 (dst 9) reached node 9 on vc 0 expecting flit 0"), std::string::npos)
      << r.error;
}

// Far beyond saturation the measured packets are not all delivered: the
// results say so beside status ok; below saturation they do not.
TEST(Checks, UndeliveredMeasuredPacketsAreFlagged) {
  auto over = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "traffic.load=1", "sim.cycles=1000", "--quiet"});
  EXPECT_EQ(over.code, 0) << over.err;
  EXPECT_NE(over.out.find("  warning  "), std::string::npos) << over.out;
  EXPECT_NE(over.out.find("measured packets not delivered"), std::string::npos) << over.out;
  auto under = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "traffic.load=0.1", "sim.cycles=1000", "--quiet"});
  EXPECT_EQ(under.code, 0) << under.err;
  EXPECT_EQ(under.out.find("warning"), std::string::npos) << under.out;
}
