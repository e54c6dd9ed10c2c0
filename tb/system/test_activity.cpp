// Activity counters on real runs: every flit and credit the counters see is
// accounted for by another counter or by the NICs (conservation), with the
// run drained so that nothing is left in flight.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <regex>

#include "harness.h"
#include "sim/network.h"
#include "sim/report.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

using LinkRecord = std::map<std::string, uint64_t>;

// The records of activity.per_link (one line each).
std::vector<LinkRecord> per_link_records(const std::string& json) {
  const size_t begin = json.find("\"per_link\": [");
  if (begin == std::string::npos) return {};
  const std::string list = json.substr(begin, json.find(']', begin) - begin);
  const std::regex object(R"(\{[^}]*\})"), field(R"re("(\w+)": (\d+))re");
  std::vector<LinkRecord> out;
  for (std::sregex_iterator o(list.begin(), list.end(), object), end; o != end; ++o) {
    LinkRecord r;
    const std::string text = o->str();
    for (std::sregex_iterator f(text.begin(), text.end(), field); f != end; ++f)
      r[(*f)[1]] = std::stoull((*f)[2]);
    out.push_back(r);
  }
  return out;
}

void expect_conservation(const std::string& file, std::initializer_list<std::string> overrides) {
  Config cfg = test::make_config(file, overrides);
  for (const char* kv : {"sim.warmup=0", "sim.stop_injection=true", "sim.drain=20000", "stats.per_router=true"})
    cfg.set_override(kv);
  uint64_t hop_visits = 0, injected = 0, ejected = 0, misrouted = 0;
  ActivitySummary total;
  uint64_t per_link = 0, xbar = 0;
  std::vector<std::array<int, 4>> links;  // src router, src port, dst router, dst port
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
      for (int p = 0; p < net.topology().network_ports(); ++p)
        if (const PortPeer q = net.topology().peer(r, p); q.router >= 0) links.push_back({r, p, q.router, q.port});
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

  // activity.per_link: every router-to-router link once, in router and port order.
  const std::vector<LinkRecord> records = per_link_records(res.json);
  ASSERT_EQ(records.size(), links.size());
  uint64_t link_flits = 0, link_credits = 0;
  for (size_t i = 0; i < records.size(); ++i) {
    const LinkRecord& l = records[i];
    EXPECT_EQ((std::array<int, 4>{static_cast<int>(l.at("src_router")), static_cast<int>(l.at("src_port")),
                                  static_cast<int>(l.at("dst_router")), static_cast<int>(l.at("dst_port"))}),
              links[i]);
    link_flits += l.at("flits");
    link_credits += l.at("credits");
  }
  EXPECT_EQ(link_flits, xbar - ejected) << "per-link flits = router traversals to network ports";
  EXPECT_EQ(link_credits, total.buffer_reads[1] + total.buffer_reads[2])
      << "drained: a credit back for every flit read from a network input";
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

TEST(Activity, PerLinkCountsFromTheEndOfWarmUp) {
  // Counted like the rest of the section: the links' sums are the network
  // port classes' link flits and credits, both since the warm-up snapshot.
  Config cfg = test::make_config("topologies/dragonfly-h2.yaml", {"sim.warmup=1000", "sim.cycles=1000", "sim.drain=0",
                                                                  "traffic.load=0.3", "stats.per_router=true"});
  RunResult res = run_simulation(cfg);
  ASSERT_EQ(res.exit_code, 0) << res.error;
  uint64_t flits = 0, credits = 0;
  for (const LinkRecord& l : per_link_records(res.json)) flits += l.at("flits"), credits += l.at("credits");
  const size_t classes = res.json.find("\"by_port_class\"");
  auto class_sum = [&](const char* counter) {
    double v = 0;
    for (const char* c : {"\"local\"", "\"global\""})
      v += test::json_number(res.json.substr(res.json.find(c, classes)), counter);
    return v;
  };
  ASSERT_GT(flits, 10000u);
  EXPECT_EQ(static_cast<double>(flits), class_sum("link_flits"));
  EXPECT_EQ(static_cast<double>(credits), class_sum("credits"));
  EXPECT_LT(static_cast<double>(flits), test::json_number(res.json, "router_traversals"))
      << "the whole run's traversals include warm-up";
}
