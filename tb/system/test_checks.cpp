// Invariant checks and the deadlock watchdog.
#include <gtest/gtest.h>

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
    f.pkt = 77;
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
