// Links slower than the router (link.cycles_per_flit, link.nic_cycles_per_flit;
// link/pacer.h) in real runs: a saturated slow link carries exactly 1/b
// flits per cycle with every credit invariant checked (a flit into a full
// buffer stops the run), and bad values are refused.
#include <gtest/gtest.h>

#include "harness.h"

using namespace nocsim;

namespace {

// A line of two routers; `nodes` per router all send across (bitcomp) at
// load 1 with invariants on: the JSON of the run.
std::string saturate(int nodes, const std::string& key, const std::string& b, const std::string& out_buffer = "0") {
  const std::string out = test::temp_path("slow.json");
  const auto r = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "topology.k=2", "topology.n=1",
                                "topology.concentration=" + std::to_string(nodes), "traffic.pattern=bitcomp",
                                "traffic.load=1", "router.vcs=4", "router.buffer_depth=16", "sim.drain=0",
                                "sim.check=true", key + "=" + b, "router.output_buffer_depth=" + out_buffer, "-o", out,
                                "--quiet"});
  EXPECT_EQ(r.code, 0) << r.err;
  return test::slurp(out);
}

}  // namespace

// Four nodes share the link between the routers, so the link is the bottleneck.
TEST(SlowLinks, ANetworkLinkCarriesExactlyOneFlitEveryBCycles) {
  for (const auto& [b, rate] : std::vector<std::pair<std::string, double>>{{"1", 1.0}, {"2", 0.5}, {"3.2", 0.3125}}) {
    const std::vector<double> u =
        test::json_numbers(saturate(4, "link.cycles_per_flit", b), "link_utilisation_by_direction");
    ASSERT_EQ(u.size(), 2u);
    for (double x : u) EXPECT_NEAR(x, rate, 0.001) << "b = " << b;
  }
  // Between one and two cycles per flit the next flit must wait ready beside
  // the link: an output buffer of one flit (without it SA refills the
  // crossbar pipeline only after the held flit left; docs/user-guide.md).
  for (const auto& [b, rate] : std::vector<std::pair<std::string, double>>{{"1.2", 1 / 1.2}, {"1.6", 0.625}}) {
    const std::vector<double> u =
        test::json_numbers(saturate(4, "link.cycles_per_flit", b, "1"), "link_utilisation_by_direction");
    ASSERT_EQ(u.size(), 2u);
    for (double x : u) EXPECT_NEAR(x, rate, 0.001) << "b = " << b;
  }
}

// One node per router: its injection link (and the far ejection link) decide.
// Not b = 1: a source offers at most 1 flit per cycle, so at b = 1 its own
// queue runs empty now and then (accepted 0.993) and the link is not the
// bottleneck; the network-link test above covers b = 1.
TEST(SlowLinks, AnInjectionLinkCarriesExactlyOneFlitEveryBCycles) {
  for (const auto& [b, rate] : std::vector<std::pair<std::string, double>>{{"2", 0.5}, {"3.2", 0.3125}}) {
    const std::string j = saturate(1, "link.nic_cycles_per_flit", b);
    EXPECT_NEAR(test::json_number(j, "accepted_load"), rate, 0.001) << "b = " << b;
  }
}

TEST(SlowLinks, BandwidthsBelowOneFlitPerCycleOrTooFineAreRefused) {
  for (const auto& [kv, key] : std::vector<std::pair<std::string, std::string>>{
           {"link.cycles_per_flit=0.5", "link.cycles_per_flit"},
           {"link.nic_cycles_per_flit=3.2001", "link.nic_cycles_per_flit: cycles per flit must be >= 1 with at most 3 decimals"},
           {"link.global_cycles_per_flit=0.5", "link.global_cycles_per_flit: cycles per flit must be 0"},
           {"link.cycles_per_flit=10 sim.watchdog=8", "sim.watchdog: 8 cycles"}}) {
    std::vector<std::string> args{test::source_path("topologies/mesh-8x8.yaml"), "--check-config"};
    for (size_t at = 0, sp; at < kv.size(); at = sp + 1) {
      sp = kv.find(' ', at);
      if (sp == std::string::npos) sp = kv.size();
      args.push_back(kv.substr(at, sp - at));
    }
    const auto r = test::run_cli(args);
    EXPECT_EQ(r.code, 2) << kv;
    EXPECT_NE(r.err.find(key), std::string::npos) << r.err;
  }
}

// gamma0 is the uniform load that saturates the bisection: half as much
// over links of half the bandwidth.
TEST(SlowLinks, Gamma0FollowsTheNetworkLinksAndTheLoadTheInjectionLink) {
  const std::string out = test::temp_path("g0.json");
  const auto r = test::run_cli({test::source_path("topologies/torus-4x4x4.yaml"), "link.cycles_per_flit=2",
                          "traffic.load_unit=gamma0", "traffic.load=0.5", "sim.cycles=1", "-o", out, "--quiet"});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string j = test::slurp(out);
  EXPECT_NEAR(test::json_number(j, "gamma0_flits"), 8.0 * 63 / (64 * 4) / 2, 1e-9);  // 4x4x4: 2k(N-1)/(N a b), halved
  EXPECT_NEAR(test::json_number(j, "offered_load"), 0.5 * 8.0 * 63 / (64 * 4) / 2, 1e-9);
}
