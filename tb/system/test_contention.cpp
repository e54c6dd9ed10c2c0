// Contention counters in live networks: every head a counter charges is
// discharged by its tail (all counters at zero once the network drains),
// and the trigger misroutes under adversarial traffic but not under uniform
// traffic below saturation.
#include <gtest/gtest.h>

#include "harness.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

void drained_counters_are_zero(const std::string& variant, const std::string& routing,
                               const std::string& extra = "routing.contention.ectn_exchange=ideal") {
  Config cfg = test::make_config("topologies/dragonfly-h2.yaml",
                                 {"routing.algorithm=" + routing, "router.vcs=5", "routing.trigger=contention",
                                  "routing.contention.variant=" + variant, "traffic.pattern=adv", "traffic.load=0.6",
                                  "sim.warmup=0", test::sanitized_cycles_key(20000), "sim.stop_injection=true",
                                  "sim.drain=200000",
                                  extra});
  RunHooks hooks;
  hooks.after = [&](Network& net) {
    const Topology& t = net.topology();
    for (int r = 0; r < t.routers(); ++r) {
      const ContentionUnit* u = net.routers()[static_cast<size_t>(r)]->state().obs.get<ContentionCounters>().unit();
      ASSERT_NE(u, nullptr);
      for (int p = 0; p < t.ports(); ++p) EXPECT_EQ(u->count(p), 0) << "router " << r << " port " << p;
      if (net.ectn()) {
        for (int g = 0; g < t.group_of(t.routers() - 1) + 1; ++g)
          EXPECT_EQ(net.ectn()->partial(r, g), 0) << "router " << r << " group " << g;
      }
    }
  };
  RunResult res = run_simulation(cfg, hooks);
  ASSERT_EQ(res.exit_code, 0) << res.error;
  EXPECT_EQ(test::json_number(res.json, "in_flight"), 0) << res.summary;
  // Misrouting under this trigger means counters went above their threshold:
  // the zeros above come after real counts.
  EXPECT_GT(test::json_number(res.json.substr(res.json.find("\"misrouted_fraction\"")), "global"), 0.1);
}

double misrouted_global(const std::string& pattern, double load) {
  const std::string out = test::temp_path("contention.json");
  auto r = test::run_cli({test::source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=olm",
                          "routing.trigger=contention", "traffic.pattern=" + pattern,
                          "traffic.load=" + std::to_string(load), "sim.cycles=4000", "--quiet", "-o", out});
  EXPECT_EQ(r.code, 0) << r.err;
  const std::string json = test::slurp(out);
  return test::json_number(json.substr(json.find("\"misrouted_fraction\"")), "global");
}

}  // namespace

TEST(ContentionDrain, Base) { drained_counters_are_zero("base", "olm"); }
TEST(ContentionDrain, Filtered) { drained_counters_are_zero("filtered", "par"); }
TEST(ContentionDrain, Hybrid) { drained_counters_are_zero("hybrid", "ugal-l"); }
TEST(ContentionDrain, Ectn) { drained_counters_are_zero("ectn", "pb"); }
TEST(ContentionDrain, EctnMessages) {
  drained_counters_are_zero("ectn", "olm", "routing.contention.ectn_exchange=messages");
}

TEST(ContentionTrigger, MisroutesUnderAdversarialNotUniformTraffic) {
  EXPECT_LT(misrouted_global("uniform", 0.3), 0.05);
  EXPECT_GT(misrouted_global("adv", 0.3), 0.3);
}

TEST(ContentionTrigger, NeedsMinimalPorts) {
  auto r = test::run_cli({test::source_path("topologies/mesh-8x8.yaml"), "routing.trigger=contention"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("routing.trigger"), std::string::npos) << r.err;
}

// traffic.phases switches UN to ADV+1; the series shows the counters'
// reaction: no misrouting under UN, most packets misrouted soon after the
// switch, and the series accounts for every delivered packet.
TEST(ContentionTransient, MisroutingFollowsTheSwitchToAdversarial) {
  Config cfg = test::make_config("topologies/dragonfly-h2.yaml",
                                 {"routing.algorithm=olm", "routing.trigger=contention",
                                  "traffic.load=0.2", "traffic.phases=[{cycles: 3000, pattern: uniform}, {cycles: 1, pattern: adv}]",
                                  "stats.series_period=100", "sim.warmup=0", "sim.cycles=6000"});
  RunResult r = run_simulation(cfg);
  ASSERT_EQ(r.exit_code, 0) << r.error;
  const std::string series = r.json.substr(r.json.find("\"series\""));
  auto array = [&](const std::string& key) {
    std::vector<double> v;
    const size_t at = series.find("\"" + key + "\": [");
    EXPECT_NE(at, std::string::npos) << key;
    const char* p = series.c_str() + series.find('[', at) + 1;
    while (*p != ']') {
      char* end;
      v.push_back(std::strtod(p, &end));
      p = end;
      while (*p == ',' || *p == ' ') ++p;
    }
    return v;
  };
  const auto ends = array("interval_end"), delivered = array("delivered"), mis = array("misrouted_global");
  ASSERT_EQ(ends.size(), delivered.size());
  double total = 0, before_d = 0, before_m = 0, after_d = 0, after_m = 0;
  for (size_t k = 0; k < ends.size(); ++k) {
    total += delivered[k];
    if (ends[k] <= 3000) before_d += delivered[k], before_m += mis[k];
    if (ends[k] > 3500 && ends[k] <= 6000) after_d += delivered[k], after_m += mis[k];
  }
  EXPECT_EQ(total, test::json_number(r.json, "delivered"));
  EXPECT_LT(before_m, 0.02 * before_d);
  EXPECT_GT(after_m, 0.2 * after_d);
  EXPECT_GE(array("contention_total").size(), 6000u / 100) << "a sample per interval, drain included";
}
