// trace.file: the waveform of chosen routers holds their stage and unit
// signals over the window, agrees with the run's activity counters, and
// leaves the results untouched.
#include <gtest/gtest.h>

#include <cstring>

#include "harness.h"
#include "wave_reader.h"

using namespace nocsim;
using test::WaveFile;

namespace {

// per_router.<counter>[router] of a results document (stats.per_router=true).
uint64_t per_router(const std::string& json, const std::string& counter, int router) {
  const size_t at = json.find("\"" + counter + "\": [", json.find("\"per_router\": {"));
  EXPECT_NE(at, std::string::npos) << counter;
  const char* p = json.c_str() + json.find('[', at) + 1;
  for (int r = 0; r < router; ++r) p = std::strchr(p, ',') + 1;
  return std::strtoull(p, nullptr, 10);
}

TEST(Trace, WindowHoldsTheRoutersSignalsAndTheirCounts) {
  const std::string vcd = test::temp_path("mesh.vcd"), traced = test::temp_path("t.json"),
                    plain = test::temp_path("p.json");
  const std::vector<std::string> base = {test::source_path("topologies/mesh-8x8.yaml"), "traffic.load=0.4",
                                         "sim.warmup=300", "sim.cycles=700", "stats.per_router=true", "--quiet"};
  std::vector<std::string> a = base;
  // From the end of warm-up to past the end of the run: the activity window.
  a.insert(a.end(), {"trace.file=" + vcd, "trace.routers=[27,0]", "trace.start=300", "trace.cycles=100000", "-o", traced});
  ASSERT_EQ(test::run_cli(a).code, 0);
  std::vector<std::string> b = base;
  b.insert(b.end(), {"-o", plain});
  ASSERT_EQ(test::run_cli(b).code, 0);
  const std::string json = test::slurp(traced);
  EXPECT_EQ(test::without_keys(json, "trace."), test::without_keys(test::slurp(plain), "trace."));

  const WaveFile f = WaveFile::read(vcd);
  const std::vector<uint64_t> edges = f.edges();
  ASSERT_GT(edges.size(), 700u);
  EXPECT_EQ(edges.front(), 300u * 1000);
  for (size_t k = 1; k < edges.size(); ++k) ASSERT_EQ(edges[k] - edges[k - 1], 1000u);
  for (int r : {27, 0}) {
    const std::string R = "router_" + std::to_string(r);
    for (const char* s : {".rc.routed", ".va.requests", ".va.grants", ".sa.requests", ".sa.grants", ".in0.vc1.state",
                          ".in4.vc0.flits", ".in4.vc0.front_pkt", ".in4.vc0.out_port", ".in4.vc0.out_vc",
                          ".out4.link_flits", ".out0.queue", ".out0.vc1.credits", ".out0.vc1.busy"})
      EXPECT_TRUE(f.has(R + s)) << R + s;
    EXPECT_EQ(f.sum(R + ".rc.routed"), per_router(json, "rc", r));
    EXPECT_EQ(f.sum(R + ".va.requests"), per_router(json, "va_requests", r));
    EXPECT_EQ(f.sum(R + ".va.grants"), per_router(json, "va_grants", r));
    EXPECT_EQ(f.sum(R + ".sa.grants"), per_router(json, "sa_grants", r));
    uint64_t link = 0;
    for (int op = 0; op < 5; ++op)
      if (f.has(R + ".out" + std::to_string(op) + ".link_flits")) link += f.sum(R + ".out" + std::to_string(op) + ".link_flits");
    EXPECT_EQ(link, per_router(json, "link_flits", r));
    EXPECT_GT(link, 0u);
  }
  // State and events line up: at the edge of cycle c the VA grants of c
  // come from input VCs waiting for VA at that edge and the SA grants from
  // active VCs holding a flit; a VC granted in c is active at c + 1. A
  // route names a port; credits never pass the depth.
  const std::string R = "router_27.";
  int active = 0, granted = 0;
  for (size_t k = 0; k + 1 < edges.size(); ++k) {
    const uint64_t t = edges[k];
    uint64_t in_va = 0, ready = 0, newly_active = 0;
    for (int ip = 0; ip < 5; ++ip)
      for (int v = 0; v < 2; ++v) {
        const std::string vc = R + "in" + std::to_string(ip) + ".vc" + std::to_string(v) + ".";
        const uint64_t s = f.at(vc + "state", t);
        in_va += s == 2;
        ready += s == 3 && f.at(vc + "flits", t) > 0;
        newly_active += s == 2 && f.at(vc + "state", edges[k + 1]) == 3;
        if (s == 3) {
          ++active;
          EXPECT_LT(f.at(vc + "out_port", t), 5u);
        }
      }
    const uint64_t va = f.at(R + "va.grants", t);
    EXPECT_LE(va, in_va) << t;
    EXPECT_EQ(va, newly_active) << t;
    EXPECT_LE(f.at(R + "sa.grants", t), ready) << t;
    granted += static_cast<int>(va);
    EXPECT_LE(f.at(R + "out0.vc1.credits", t), 8u);
  }
  EXPECT_GT(active, 0);
  EXPECT_GT(granted, 50);
}

TEST(Trace, WindowBoundsAndBadKeys) {
  const std::string vcd = test::temp_path("w.vcd");
  ASSERT_EQ(test::run_cli({test::source_path("topologies/torus-4x4x4.yaml"), "sim.warmup=100", "sim.cycles=200",
                           "trace.file=" + vcd, "trace.routers=63", "trace.start=150", "trace.cycles=25", "--quiet"})
                .code,
            0);
  const std::vector<uint64_t> edges = WaveFile::read(vcd).edges();
  ASSERT_EQ(edges.size(), 25u);
  EXPECT_EQ(edges.front(), 150000u);
  EXPECT_EQ(edges.back(), 174000u);
  struct Bad {
    std::string kv, error;
  };
  for (const Bad& b : std::vector<Bad>{{"trace.file=x.txt", "trace.file: bad value 'x.txt'"},
                                       {"trace.file=/nonexistent/x.vcd", "trace.file: cannot write /nonexistent/x.vcd"},
                                       {"trace.routers=64", "trace.routers: router 64 out of range"},
                                       {"trace.routers=[1,1]", "trace.routers: router 1 listed twice"}}) {
    std::vector<std::string> a = {test::source_path("topologies/torus-4x4x4.yaml"), b.kv, "--quiet"};
    if (b.kv.rfind("trace.file", 0) != 0) a.push_back("trace.file=" + vcd);
    const test::CliResult r = test::run_cli(a);
    EXPECT_EQ(r.code, 2) << b.kv;
    EXPECT_NE(r.err.find(b.error), std::string::npos) << r.err;
  }
}

}  // namespace
