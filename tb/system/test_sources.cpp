// Traffic sources and per-packet sizes in whole runs: a mix of 1- and 8-flit
// packets crosses the network with every invariant checked, each packet's
// zero-load latency follows its own size, the ON/OFF source offers the
// configured load, and a NIC that draws its injection VC at random waits
// for the VC it drew.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

struct Outcome {
  RunResult r;
  double accepted = 0;  // flits/(node*cycle) in the window
};

Outcome run(const std::string& file, std::initializer_list<std::string> overrides, const RunHooks& extra = {}) {
  Config cfg = test::make_config(file, overrides);
  Outcome o;
  RunHooks hooks = extra;
  hooks.after = [&](Network& net) {
    const NetStats& s = net.stats();
    const double nc = static_cast<double>(net.topology().nodes()) * static_cast<double>(s.window.end - s.window.begin);
    o.accepted = static_cast<double>(s.window_flits_accepted) / nc;
    if (extra.after) extra.after(net);
  };
  o.r = run_simulation(cfg, hooks);
  return o;
}

// One run of the CLI on the 8x8 mesh; its results document.
std::string mesh_json(std::vector<std::string> overrides) {
  const std::string out = test::temp_path("run.json");
  overrides.insert(overrides.begin(), test::source_path("topologies/mesh-8x8.yaml"));
  for (const char* a : {"sim.check=true", "--quiet", "-o"}) overrides.push_back(a);
  overrides.push_back(out);
  const auto r = test::run_cli(overrides);
  EXPECT_EQ(r.code, 0) << r.err;
  return test::slurp(out);
}

// 1- and 8-flit packets (S = 4.5) at `load`, then drained; checks that the
// run offered and carried the load and left nothing behind. About 28,000
// measured packets at 0.2: a relative standard error of 0.8% on the offered
// flit rate (sqrt(Var S + S^2) / (S sqrt(n))), so 5% is 6 of them.
void expect_mix_carried(const std::string& switching, double load) {
  const std::string j = mesh_json({"traffic.packet_size=[1,8]", "traffic.load=" + std::to_string(load),
                                   "router.switching=" + switching, "router.buffer_depth=8",
                                   "sim.stop_injection=true", "sim.drain=20000"});
  EXPECT_NEAR(test::json_number(j, "generated_load"), load, 0.05 * load) << switching;
  EXPECT_NEAR(test::json_number(j, "accepted_load"), load, 0.05 * load) << switching;
  EXPECT_EQ(test::json_number(j, "in_flight"), 0) << switching;
  EXPECT_GT(test::json_number(j, "delivered"), 20000) << switching;
}

}  // namespace

// The sinks check every flit (order, destination, no duplicates), the routers
// their credits; any violation fails the run (exit code 4).
TEST(PacketSizeMix, OneAndEightFlitPacketsAreDeliveredWithChecksOn) {
  expect_mix_carried("vct", 0.2);
  expect_mix_carried("wormhole", 0.2);
}

namespace {

// One VC per port, 8-flit buffers: node 0 sends an 8-flit packet and then two
// 1-flit packets to node 7, all generated at cycle 100. At each hop a 1-flit
// packet waits for the VC to free (the tail before it leaves) and then for
// the credits its switching needs: one flit under wormhole and, reserving
// the packet's own size, under virtual cut-through too; the two runs must
// deliver at the same cycles. Reserving 8 flits for every packet instead
// (as the router once did) makes each 1-flit packet wait for the whole
// buffer: latencies 48, 55, 62.
void expect_one_flit_packets_follow_closely(const std::string& switching) {
  std::vector<NetStats::Delivery> got;
  RunHooks hooks;
  hooks.before = [](Network& net) {
    net.stats().record = true;
    net.nics()[0]->script(100, 7, 8);
    net.nics()[0]->script(100, 7, 1);
    net.nics()[0]->script(100, 7, 1);
  };
  hooks.after = [&](Network& net) { got = net.stats().deliveries; };
  Outcome o = run("topologies/mesh-8x8.yaml", {"traffic.load=0", "traffic.packet_size=[1,8]", "router.vcs=1",
                                               "router.buffer_depth=8", "router.switching=" + switching,
                                               "sim.warmup=10", "sim.cycles=2000"}, hooks);
  ASSERT_EQ(o.r.exit_code, 0) << o.r.error;
  ASSERT_EQ(got.size(), 3u);
  const Cycle expect[] = {48, 51, 54};  // 48: 2*1 + 8*4 + 7*1 + (8-1), test_zero_load.cpp
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(got[i].done - got[i].gen, expect[i]) << switching << " packet " << i;
}

}  // namespace

TEST(PacketSizeMix, WormholeOneFlitPacketsFollowAnEightFlitPacket) {
  expect_one_flit_packets_follow_closely("wormhole");
}

TEST(PacketSizeMix, VctReservesOnlyEachPacketsOwnSize) { expect_one_flit_packets_follow_closely("vct"); }

// The dragonfly's global links and longer buffers, at saturation, with the
// same mix: nothing lost, duplicated or out of order, no deadlock.
TEST(PacketSizeMix, DragonflyAtSaturationKeepsTheInvariants) {
  Outcome o = run("topologies/dragonfly-h2.yaml",
                  {"traffic.packet_size=[1,8]", "traffic.load=0.8", "routing.algorithm=ugal-l", "router.vcs=4",
                   "traffic.pattern=adv", "sim.check=true", "sim.warmup=500", "sim.cycles=4000"});
  ASSERT_EQ(o.r.exit_code, 0) << o.r.error;
  EXPECT_GT(o.accepted, 0.1);
}

// Zero load: a packet of F flits takes 2*L_nic + H*(rc+va+sa+st) +
// (H-1)*L_link + (F-1) cycles (test_zero_load.cpp); with scripted 1- and
// 8-flit packets on one path the difference is exactly 7 cycles.
TEST(PacketSizeMix, ZeroLoadLatencyFollowsEachPacketsSize) {
  std::vector<NetStats::Delivery> got;
  RunHooks hooks;
  hooks.before = [](Network& net) {
    net.stats().record = true;
    net.nics()[0]->script(100, 27, 1);
    net.nics()[0]->script(600, 27, 8);
    net.nics()[0]->script(1100, 27, 3);
  };
  hooks.after = [&](Network& net) { got = net.stats().deliveries; };
  Outcome o = run("topologies/mesh-8x8.yaml", {"traffic.load=0", "traffic.packet_size=[1,8]", "sim.warmup=10",
                                               "sim.cycles=2000"}, hooks);
  ASSERT_EQ(o.r.exit_code, 0) << o.r.error;
  ASSERT_EQ(got.size(), 3u);
  const Cycle one = got[0].done - got[0].gen;
  EXPECT_EQ(got[1].done - got[1].gen, one + 7);
  EXPECT_EQ(got[2].done - got[2].gen, one + 2);
  EXPECT_EQ(one, static_cast<Cycle>(2 * 1 + (3 + 3 + 1) * 4 + (3 + 3) * 1));  // node 0 -> 27 = (3,3): 6 hops, 7 routers
}

// ON/OFF at 0.2 (B = 5, 8 flits: M = 160 idle cycles per burst): 64 nodes
// over 40,000 cycles make 12,800 bursts; the delta-method standard error of
// the flit rate (test_source.cpp) is 0.95% of 0.2, so 5% is 5.3 of them.
// Bursts queue behind each other: at the same load the latency is higher
// than Bernoulli's.
TEST(OnOffRun, OffersTheConfiguredLoadAndBurstsRaiseLatency) {
  auto run_source = [](const std::string& source) {
    const std::string j = mesh_json({"traffic.source=" + source, "traffic.load=0.2", "sim.cycles=40000"});
    return std::make_pair(test::json_number(j, "generated_load"), test::json_number(j, "mean"));
  };
  const auto [onoff_load, onoff_latency] = run_source("onoff");
  const auto [bern_load, bern_latency] = run_source("bernoulli");
  EXPECT_NEAR(onoff_load, 0.2, 0.05 * 0.2);
  EXPECT_NEAR(bern_load, 0.2, 0.05 * 0.2);
  EXPECT_GT(onoff_latency, 1.5 * bern_latency);
}

TEST(SourceConfig, BadSourceAndTooSmallBuffersForTheLargestPacketAreRejected) {
  auto r = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "traffic.source=poisson", "--quiet"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("allowed: bernoulli, message, onoff"), std::string::npos) << r.err;
  r = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "traffic.packet_size=[2,16]",
                     "router.switching=vct", "router.buffer_depth=8", "--quiet"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("largest traffic.packet_size=16"), std::string::npos) << r.err;
}

// Versaci's messages: 12 packets at a time to one destination, handed over
// at 0.5 flits/cycle. The run offers the load and carries it, and the wait in
// the source queue (a message's last packets wait for its first) shows in
// latency.mean beside the network's.
TEST(MessageRun, OffersTheLoadAndCountsLifetimeFromTheMessage) {
  const std::string j = mesh_json({"traffic.source=message", "traffic.message_packets=12", "traffic.message_rate=0.5",
                                   "traffic.load=0.2", "sim.cycles=40000", "sim.stop_injection=true", "sim.drain=20000"});
  EXPECT_NEAR(test::json_number(j, "generated_load"), 0.2, 0.1 * 0.2);
  EXPECT_NEAR(test::json_number(j, "accepted_load"), test::json_number(j, "generated_load"), 0.01);
  EXPECT_EQ(test::json_number(j, "in_flight"), 0);
  // The k-th packet of a message waits at least k * 16 cycles to be handed over: 88 on average.
  EXPECT_GT(test::json_number(j, "injection_wait_mean"), 80);
  for (const auto& [kv, key] : std::vector<std::pair<std::string, std::string>>{
           {"traffic.phases=[{cycles: 100, load: 0.1}, {cycles: 100, load: 0.2}]", "traffic.phases: the message source"},
           {"traffic.message_rate=0.1", "traffic.message_rate: 0.1 flits/cycle"}}) {
    const auto r = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "traffic.source=message",
                                  "traffic.load=0.2", kv, "--check-config"});
    EXPECT_EQ(r.code, 2) << kv;
    EXPECT_NE(r.err.find(key), std::string::npos) << r.err;
  }
}

// Zahn's hot spot: 25% of the 64 nodes send to node 0 at 0.4 flits/cycle
// each, 6.4 times what node 0's ejection link carries. That link saturates
// first: it carries its one flit per cycle (no more) while the network as a
// whole accepts far less than it is offered. In a second phase of the same
// run the mix pattern holds: every node but the hot senders is uniform.
TEST(HotspotRun, TheHotNodesEjectionLinkSaturatesFirst) {
  double hot_rate = 0, offered = 0, accepted = 0;
  RunHooks hooks;
  hooks.after = [&](Network& net) {
    const Topology& t = net.topology();
    const auto ports = net.port_activity(t.node_router(0));
    const NetStats& s = net.stats();
    hot_rate = static_cast<double>(ports[static_cast<size_t>(t.node_port(0))].link_flits) /
               static_cast<double>(s.window.end - s.window.begin);
    const double nc = static_cast<double>(t.nodes()) * static_cast<double>(s.window.end - s.window.begin);
    offered = static_cast<double>(s.window_flits_generated) / nc;
    accepted = static_cast<double>(s.window_flits_accepted) / nc;
  };
  const Outcome o = run("topologies/mesh-8x8.yaml",
                        {"traffic.pattern=hotspot", "traffic.hotspot.nodes=[0]", "traffic.hotspot.fraction=0.25",
                         "traffic.load=0.4", "sim.warmup=3000", "sim.cycles=6000", "sim.drain=0"},
                        hooks);
  ASSERT_EQ(o.r.exit_code, 0) << o.r.error;
  EXPECT_LE(hot_rate, 1.0);
  EXPECT_GT(hot_rate, 0.95);
  EXPECT_NEAR(offered, 0.4, 0.02);
  EXPECT_LT(accepted, 0.75 * offered);
}

TEST(MixRun, ConcurrentPatternsRunInPhases) {
  const std::string j = mesh_json(
      {"traffic.phases=[{cycles: 2000, pattern: uniform}, {cycles: 1, pattern: mix}]",
       "traffic.mix=[{pattern: transpose, fraction: 0.5}, {pattern: uniform, fraction: 0.5}]", "traffic.load=0.1",
       "sim.stop_injection=true", "sim.drain=20000"});
  // Transpose leaves the diagonal's nodes silent: about 4 of 64 in the second phase.
  EXPECT_GT(test::json_number(j, "generated_load"), 0.08);
  EXPECT_NEAR(test::json_number(j, "accepted_load"), test::json_number(j, "generated_load"), 0.005);
  EXPECT_EQ(test::json_number(j, "in_flight"), 0);
  const auto r = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "traffic.pattern=mix",
                                "traffic.mix=[{pattern: uniform, fraction: 0.5}, {pattern: tornado, fraction: 0.4}]",
                                "--check-config"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("traffic.mix: the fractions add up to 0.9"), std::string::npos) << r.err;
}

namespace {

// The run's JSON under router.injection_vc=MODE on a 10-port single switch
// with 2 VCs of one 8-flit packet each (VCT), at offered 0.5.
std::string injection_json(const std::string& mode, const std::string& extra = "") {
  const std::string out = test::temp_path("inj-" + mode + extra.substr(extra.find('=') + 1) + ".json");
  std::vector<std::string> args = {test::source_path("topologies/single-10.yaml"), "router.vcs=2",
                                   "router.buffer_depth=8", "traffic.load=0.5", "sim.warmup=1000", "sim.cycles=4000",
                                   "sim.check=true", "router.injection_vc=" + mode, "--quiet", "-o", out};
  if (!extra.empty()) args.push_back(extra);
  const test::CliResult r = test::run_cli(args);
  EXPECT_EQ(r.code, 0) << r.err;
  return test::slurp(out);
}

}  // namespace

// router.injection_vc=random (docs/architecture.md, "Time and scheduling"):
// a packet waits for the VC it drew even when the other has room, so at a
// load where an injection VC is often taken the source queue waits much
// longer than round-robin's, which takes any VC with room. With one
// injection VC there is nothing to draw: the two runs are the same.
TEST(Sources, RandomInjectionVcWaitsForTheVcItDrew) {
  const std::string rr = injection_json("rr"), random = injection_json("random");
  const double rr_wait = test::json_number(rr, "injection_wait_mean");
  const double random_wait = test::json_number(random, "injection_wait_mean");
  EXPECT_GT(random_wait, 0.1);
  EXPECT_GT(random_wait, 5 * rr_wait);
  EXPECT_NEAR(test::json_number(random, "accepted_load"), 0.5, 0.01);  // it still carries the load
  const std::string rr1 = injection_json("rr", "router.injection_vcs=1");
  const std::string random1 = injection_json("random", "router.injection_vcs=1");
  for (const char* key : {"accepted_load", "mean", "injection_wait_mean", "p99"})
    EXPECT_EQ(test::json_number(rr1, key), test::json_number(random1, key)) << key;
}

// With traffic.phases, the offered load is what the phases offer over the
// measured cycles: each phase's load weighted by the cycles of the window
// it covers (here 5,000 at 0.1 and 15,000 at 0.3 of warm-up 1,000 and
// 20,000 measured), and the sources generate it; one phase at
// traffic.load's offers exactly traffic.load.
TEST(PhasesRun, OfferedLoadIsThePhasesOverTheWindow) {
  const std::string j = mesh_json({"traffic.phases=[{cycles: 6000, load: 0.1}, {cycles: 1, load: 0.3}]",
                                   "sim.warmup=1000", "sim.cycles=20000"});
  const double offered = (5000 * 0.1 + 15000 * 0.3) / 20000;
  EXPECT_DOUBLE_EQ(test::json_number(j, "offered_load"), offered);
  EXPECT_NEAR(test::json_number(j, "generated_load"), offered, 0.03 * offered);
  const std::string one = mesh_json({"traffic.phases=[{cycles: 6000, pattern: same}]", "traffic.load=0.15",
                                     "sim.cycles=2000"});
  EXPECT_DOUBLE_EQ(test::json_number(one, "offered_load"), 0.15);
}
