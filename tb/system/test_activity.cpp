// Activity counters on real runs: every flit and credit the counters see is
// accounted for by another counter or by the NICs (conservation), with the
// run drained so that nothing is left in flight.
#include <gtest/gtest.h>

#include "harness.h"
#include "sim/network.h"
#include "sim/report.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

void expect_conservation(const std::string& file, std::initializer_list<std::string> overrides) {
  Config cfg = test::make_config(file, overrides);
  for (const char* kv : {"sim.warmup=0", "sim.stop_injection=true", "sim.drain=20000", "stats.per_router=true"})
    cfg.set_override(kv);
  uint64_t hop_visits = 0, injected = 0, ejected = 0, misrouted = 0;
  ActivitySummary total;
  uint64_t per_link = 0, xbar = 0;
  RunHooks hooks;
  hooks.before = [](Network& net) { net.stats().record = true; };
  hooks.after = [&](Network& net) {
    const NetStats& s = net.stats();
    ASSERT_EQ(s.packets_delivered, s.packets_generated) << "the run must drain";
    for (const auto& d : s.deliveries) hop_visits += static_cast<uint64_t>(d.hops) + 1;  // VA grants a hop per router
    injected = s.flits_injected;
    ejected = s.flits_ejected;
    misrouted = s.misrouted_global + s.misrouted_local;
    for (int r = 0; r < net.topology().routers(); ++r) {
      total.add(net, r);
      for (const auto& p : net.port_activity(r)) per_link += p.link_flits;
      xbar += net.routers()[static_cast<size_t>(r)]->state().flits_moved;
    }
  };
  RunResult res = run_simulation(cfg, hooks);
  ASSERT_EQ(res.exit_code, 0) << res.error;
  ASSERT_GT(injected, 1000u);
  const uint64_t network_flits = total.link_flits[1] + total.link_flits[2];
  EXPECT_EQ(total.buffer_writes[0], injected) << "injection buffers take every injected flit";
  EXPECT_EQ(ActivitySummary::sum(total.buffer_writes), network_flits + injected) << "buffer writes = flits received";
  EXPECT_EQ(total.sa_grants, network_flits + total.link_flits[0]) << "SA grants = link flits out + ejections";
  EXPECT_EQ(total.link_flits[0], ejected);
  for (int c = 0; c < ActivitySummary::kPortClasses; ++c)  // the router's port classes are the topology's
    EXPECT_EQ(total.credits[c], total.buffer_reads[c]) << "credits returned = buffer reads, port class " << c;
  EXPECT_EQ(ActivitySummary::sum(total.buffer_reads), ActivitySummary::sum(total.buffer_writes)) << "drained: every flit read";
  EXPECT_EQ(total.va_grants, hop_visits) << "VA grants = packets routed per hop";
  EXPECT_EQ(per_link, xbar) << "per-link flits sum to router traversals (flits SA moved)";
  EXPECT_EQ(static_cast<double>(per_link), test::json_number(res.json, "router_traversals"));
  EXPECT_GE(total.va_requests, total.va_grants);
  EXPECT_GE(total.sa_requests, total.sa_grants);
  EXPECT_GE(total.rc, total.va_grants);
  if (cfg.get_str("routing.algorithm") == "olm") {
    EXPECT_GT(misrouted, 0u) << "the dragonfly run must misroute";
  }
}

}  // namespace

TEST(Activity, ConservedOnAMesh) {
  expect_conservation("topologies/mesh-8x8.yaml", {"traffic.load=0.3", "sim.cycles=3000"});
}

TEST(Activity, ConservedOnATorusWithWormhole) {
  expect_conservation("topologies/torus-8x8.yaml",
                      {"traffic.load=0.3", "sim.cycles=3000", "router.switching=wormhole", "router.buffer_depth=4"});
}

TEST(Activity, ConservedOnADragonflyWithMisrouting) {
  // dragonfly-h2 has speedup 2 and output buffers.
  expect_conservation("topologies/dragonfly-h2.yaml",
                      {"routing.algorithm=olm", "traffic.pattern=adv", "traffic.load=0.4", "sim.cycles=3000"});
}

TEST(Activity, ResetAtTheEndOfWarmUp) {
  // Steady uniform load for 1000 warm-up and 1000 measured cycles: the
  // reported counters cover about half of what the routers did in the run.
  Config cfg = test::make_config("topologies/mesh-8x8.yaml",
                                 {"sim.warmup=1000", "sim.cycles=1000", "sim.drain=0", "traffic.load=0.3"});
  uint64_t whole_run = 0;
  RunHooks hooks;
  hooks.after = [&](Network& net) {
    for (const auto& r : net.routers())
      for (uint64_t n : r->state().obs.get<ActivityCounters>().activity().buffer_reads) whole_run += n;
  };
  RunResult res = run_simulation(cfg, hooks);
  ASSERT_EQ(res.exit_code, 0) << res.error;
  const double measured = test::json_number(res.json, "buffer_reads");
  ASSERT_GT(whole_run, 10000u);
  EXPECT_NEAR(measured / static_cast<double>(whole_run), 0.5, 0.05);
}
