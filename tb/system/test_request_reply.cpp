// Request-reply traffic (traffic.request_reply): every delivered request is
// answered once, on separate VC sets (distance) or FlexVC's shared chain,
// deadlock-free at saturation.
#include <gtest/gtest.h>

#include "harness.h"
#include "soak.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

void reply_soak(std::initializer_list<std::string> extra) {
  std::vector<std::string> keys{"traffic.request_reply=true", "traffic.load=0.9"};
  keys.insert(keys.end(), extra.begin(), extra.end());
  test::run_soak("topologies/dragonfly-h2.yaml", keys);
}

double injected(std::vector<std::string> args) {
  const std::string out = test::temp_path("rr.json");
  args.insert(args.begin(), test::source_path("topologies/dragonfly-h2.yaml"));
  args.insert(args.end(), {"router.vcs=4", "router.global_vcs=2", "sim.warmup=0", "sim.cycles=3000",
                           "sim.stop_injection=true", "sim.drain=100000", "--quiet", "-o", out});
  const auto res = test::run_cli(args);
  EXPECT_EQ(res.code, 0) << res.err;
  return test::json_number(test::slurp(out), "injected");
}

}  // namespace

// The sources generate the requests at half the offered load: the same
// packets a plain run at half the load generates, each answered once.
TEST(RequestReply, EveryRequestIsAnsweredOnce) {
  const double plain = injected({"traffic.load=0.3"});
  ASSERT_GT(plain, 1000);
  EXPECT_EQ(injected({"traffic.load=0.6", "traffic.request_reply=true"}), 2 * plain);
}

// traffic.reply_size: 1-flit requests answered by 3-flit replies. The
// requests take a quarter of the offered load, so the sources generate
// what a plain run at a quarter of it does, and the replies carry the rest.
TEST(RequestReply, RepliesOfTheirOwnSizeCarryTheRestOfTheLoad) {
  const double plain = injected({"traffic.load=0.1", "traffic.packet_size=1"});
  ASSERT_GT(plain, 1000);
  EXPECT_EQ(injected({"traffic.load=0.4", "traffic.request_reply=true", "traffic.packet_size=1", "traffic.reply_size=3"}),
            2 * plain);
  const std::string out = test::temp_path("rr-size.json");
  const auto res = test::run_cli({test::source_path("topologies/dragonfly-h2.yaml"), "router.vcs=4", "router.global_vcs=2",
                                  "traffic.load=0.6", "traffic.request_reply=true", "traffic.packet_size=1",
                                  "traffic.reply_size=5", "sim.warmup=1000", "sim.cycles=5000", "--quiet", "-o", out});
  ASSERT_EQ(res.code, 0) << res.err;
  const std::string json = test::slurp(out);
  EXPECT_NEAR(test::json_number(json, "generated_load"), 0.6, 0.03);
  EXPECT_NEAR(test::json_number(json, "accepted_load"), 0.6, 0.03);
  // The replies are the largest packets: virtual cut-through needs room for them.
  const auto small = test::run_cli({test::source_path("topologies/dragonfly-h2.yaml"), "router.vcs=4",
                                    "router.global_vcs=2", "router.buffer_depth=32", "traffic.request_reply=true",
                                    "traffic.reply_size=40", "--check-config"});
  EXPECT_EQ(small.code, 2);
  EXPECT_NE(small.err.find("needs room for a whole packet (>= the largest traffic.reply_size=40), got 32"),
            std::string::npos)
      << small.err;
}

namespace {

// Window loads in flits/(node*cycle) of a request-reply run on the 8x8 mesh
// with 1-flit requests and 5-flit replies.
struct WindowLoads {
  double generated = 0, offered = 0, accepted = 0;
  bool saturated = false;
};
WindowLoads reply_window(const std::string& load, const std::string& seed) {
  Config cfg = test::make_config("topologies/mesh-8x8.yaml",
                                 {"traffic.request_reply=true", "router.vcs=4", "traffic.packet_size=1",
                                  "traffic.reply_size=5", "traffic.load=" + load, "sim.seed=" + seed,
                                  "sim.warmup=3000", "sim.cycles=10000", "sim.drain=0"});
  WindowLoads w;
  RunHooks hooks;
  hooks.after = [&](Network& net) {
    const NetStats& s = net.stats();
    const double nc = static_cast<double>(net.topology().nodes()) * static_cast<double>(s.window.end - s.window.begin);
    w.generated = static_cast<double>(s.window_flits_generated) / nc;
    w.offered = (static_cast<double>(s.window_flits_generated) + static_cast<double>(s.window_replies_owed)) / nc;
    w.accepted = static_cast<double>(s.window_flits_accepted) / nc;
  };
  RunResult r = run_simulation(cfg, hooks);
  EXPECT_EQ(r.exit_code, 0) << r.error;
  w.saturated = r.json.find("\"saturated\": true") != std::string::npos;
  return w;
}

}  // namespace

// Past saturation the requests wait in their source queues, so their
// replies are not yet made: the flits generated fall short of the offered
// load, while those plus the replies the window's requests call for make it up.
TEST(RequestReply, SaturationCountsTheRepliesTheRequestsCallFor) {
  const WindowLoads w = reply_window("0.5", "1");
  EXPECT_LT(w.generated, 0.45);
  EXPECT_NEAR(w.offered, 0.5, 0.02);
  EXPECT_TRUE(w.saturated);
}

// Just past saturation the network keeps up with the flits made (accepted
// above 0.97 of them) while the requests' backlog grows: only the replies
// they call for show it, and the run is flagged (docs/user-guide.md, "Saturation").
TEST(RequestReply, ABacklogOfRequestsAloneFlagsTheRun) {
  const WindowLoads w = reply_window("0.36", "6");
  ASSERT_GE(w.accepted, 0.97 * w.generated) << "not a point the two readings tell apart: pick another load or seed";
  EXPECT_LT(w.accepted, 0.97 * w.offered);
  EXPECT_TRUE(w.saturated);
}

TEST(RequestReply, SoakWithSeparateSets) {
  reply_soak({"routing.algorithm=min", "router.vcs=4", "router.global_vcs=2"});
}

// FlexVC 3/2 for requests + 2/1 for replies (Theorem 2), opportunistic OLM
// under ADV+1 and Valiant under UN.
TEST(RequestReply, SoakOlmWithFlexVcChain) {
  reply_soak({"routing.algorithm=olm", "vc.policy=flexvc", "router.vcs=5", "router.global_vcs=3", "router.reply_vcs=2",
        "router.reply_global_vcs=1", "traffic.pattern=adv"});
}
TEST(RequestReply, SoakValWithFlexVcChain) {
  reply_soak({"routing.algorithm=val", "vc.policy=flexvc", "router.vcs=5", "router.global_vcs=3", "router.reply_vcs=2",
        "router.reply_global_vcs=1"});
}

TEST(RequestReply, TooFewVcsForBothSetsAreRefused) {
  auto r = test::run_cli({test::source_path("topologies/dragonfly-h2.yaml"), "traffic.request_reply=true", "--quiet"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("router.reply_vcs: traffic.request_reply splits the 3 local VCs into 2 for requests and 1 for "
                       "replies; needs at least 2 and 2"),
            std::string::npos)
      << r.err;
}
