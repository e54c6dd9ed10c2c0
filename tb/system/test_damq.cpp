// DAMQ input buffers (router.buffer_model=damq): with a reserve per VC a
// saturated dragonfly drains (every pool and shared count back at zero);
// with none it deadlocks and says so; with all of the pool reserved it is
// the static buffer, flit for flit.
#include <gtest/gtest.h>

#include "harness.h"
#include "soak.h"
#include "sim/network.h"
#include "sim/run.h"

using namespace nocsim;

namespace {

std::vector<std::string> saturated(const std::string& reserve) {
  return {test::source_path("topologies/dragonfly-h2.yaml"), "router.buffer_model=damq",
          "router.damq.reserve=" + reserve, "traffic.load=0.9", "sim.warmup=0", "--quiet"};
}

}  // namespace

TEST(Damq, WithReserveDrainsAfterASaturatedSoak) {
  RunHooks hooks;
  int routers = 0;
  hooks.after = [&](Network& net) {  // every pool and shared count back at zero
    for (const auto& router : net.routers()) {
      const RouterState& st = router->state();
      for (int p = 0; p < st.p.ports; ++p) {
        EXPECT_EQ(st.damq.held(p), 0) << "router " << st.id << " in " << p;
        EXPECT_EQ(st.damq.shared_used(p), 0) << "router " << st.id << " out " << p;
      }
      ++routers;
    }
  };
  test::run_soak("topologies/dragonfly-h2.yaml",
                 {"router.buffer_model=damq", "router.damq.reserve=1", "traffic.load=0.9"}, hooks);
  EXPECT_GT(routers, 0);
}

TEST(Damq, WithoutReserveDeadlocksAndIsReported) {
  auto args = saturated("0");
  args.insert(args.end(), {"sim.cycles=20000", "sim.watchdog=2000"});
  auto r = test::run_cli(args);
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_NE(r.err.find("deadlock: no flit moved for"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("blocked VCs:"), std::string::npos) << r.err;
}

// The pool (VCs x depth flits) all reserved, nothing shared: the static
// buffers' results exactly.
TEST(Damq, FullyReservedEqualsStaticBuffers) {
  auto run = [](std::vector<std::string> extra) {
    const std::string out = test::temp_path("damq.json");
    std::vector<std::string> args{test::source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=val",
                                  "router.vcs=4", "router.global_buffer_depth=32", "traffic.load=0.9",
                                  "sim.warmup=0", "sim.cycles=4000",
                                  "--quiet", "-o", out};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto res = test::run_cli(args);
    EXPECT_EQ(res.code, 0) << res.err;
    const std::string j = test::slurp(out);
    return j.substr(0, j.find("\"sim\""));
  };
  // 32-flit local and global VC buffers, 8-flit packets: 4 packets fill a VC.
  const std::string stat = run({});
  ASSERT_NE(stat.find("accepted_load"), std::string::npos);
  EXPECT_EQ(stat, run({"router.buffer_model=damq", "router.damq.reserve=4"}));
  EXPECT_NE(stat, run({"router.buffer_model=damq", "router.damq.reserve=1"}));
}

TEST(Damq, NotOfferedWithFlexVc) {
  auto args = saturated("1");
  args.insert(args.end(), {"vc.policy=flexvc", "router.vcs=4"});
  auto r = test::run_cli(args);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("router.buffer_model: damq with vc.policy=flexvc is not offered"), std::string::npos) << r.err;
}

TEST(Damq, ReserveLargerThanThePoolIsRefused) {
  auto r = test::run_cli(saturated("5"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("router.damq.reserve: 5 packets of 8 flits per VC exceed"), std::string::npos) << r.err;
}
