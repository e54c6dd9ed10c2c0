// trace.file in rtl and lockstep modes: the routers' Verilated blocks appear
// with their ports, agree with the router's own stage signals, and tracing
// (which clocks lazily clocked blocks up to each sampled cycle) leaves the
// results untouched.
#include <gtest/gtest.h>

#include "harness.h"
#include "live_runs.h"
#include "wave_reader.h"

using namespace nocsim::test;

namespace {

std::vector<std::string> traced(std::vector<std::string> a, const std::string& file, int router) {
  a.insert(a.end(), {"sim.cycles=2000", "trace.file=" + file, "trace.routers=" + std::to_string(router),
                     "trace.cycles=100000"});
  return a;
}

// The traced run's JSON is the untraced run's, trace.* keys aside.
void same_results(std::vector<std::string> with_trace, std::vector<std::string> without, const std::string& a,
                  const std::string& b) {
  ASSERT_EQ(run_cli(with_trace).code, 0);
  without.push_back("sim.cycles=2000");
  ASSERT_EQ(run_cli(without).code, 0);
  EXPECT_EQ(without_keys(slurp(a), "trace."), without_keys(slurp(b), "trace."));
}

int ones(uint64_t v) { return __builtin_popcountll(v); }

TEST(TraceCosim, MeshLockstepAllocatorsMatchTheStages) {
  const std::string vcd = temp_path("m.vcd"), a = temp_path("a.json"), b = temp_path("b.json");
  same_results(traced(mesh("lockstep", a), vcd, 27), mesh("lockstep", b), a, b);
  const WaveFile f = WaveFile::read(vcd);
  const std::string sa = "router_27.sw_alloc_sep_if.", va = "router_27.vc_alloc_sep_if.";
  for (const char* p : {"evals", "req_ip_ivc", "req_op_ip_ivc", "gnt_ip", "gnt_ivc_ip", "gnt_op_ip"})
    EXPECT_TRUE(f.has(sa + p)) << p;
  for (const char* p : {"evals", "req_op", "req_mask", "gnt", "gnt_ovc"}) EXPECT_TRUE(f.has(va + p)) << p;
  uint64_t sa_evals = 0, va_grants = 0;
  for (uint64_t t : f.edges()) {
    const uint64_t e = f.at(sa + "evals", t);
    ASSERT_LE(e, 1u);  // speedup 1: one allocation per cycle
    sa_evals += e;
    EXPECT_EQ(e ? ones(f.at(sa + "gnt_ip", t)) : 0, static_cast<int>(f.at("router_27.sa.grants", t))) << t;
    if (f.at(va + "evals", t)) va_grants += static_cast<uint64_t>(ones(f.at(va + "gnt", t)));
  }
  EXPECT_GT(sa_evals, 500u);
  EXPECT_EQ(va_grants, f.sum("router_27.va.grants"));
}

// FST where the build writes it, else VCD.
std::string wave_path(const std::string& tag) {
#ifdef NOCSIM_HAVE_FST
  return temp_path(tag + ".fst");
#else
  return temp_path(tag + ".vcd");
#endif
}

TEST(TraceCosim, DragonflyRtlCountersAndSelection) {
  const std::string fst = wave_path("d"), a = temp_path("a.json"), b = temp_path("b.json");
  same_results(traced(dragonfly("uniform", "rtl", a), fst, 5), dragonfly("uniform", "rtl", b), a, b);
  const WaveFile f = WaveFile::read(fst);
  const std::string cu = "router_5.contention_unit.", fs = "router_5.flexvc_select.";
  for (const char* p : {"threshold", "inc", "dec", "count", "filtered", "over"}) EXPECT_TRUE(f.has(cu + p)) << p;
  for (const char* p : {"lo", "k", "k_valid", "free", "credits", "need", "usable", "valid", "vc"})
    EXPECT_TRUE(f.has(fs + p)) << p;
  EXPECT_GT(f.sum(cu + "evals"), 100u);
  EXPECT_GT(f.sum(fs + "evals"), 100u);
  EXPECT_TRUE(f.has("router_5.sw_alloc_sep_if.gnt_ip") && f.has("router_5.vc_alloc_sep_if.gnt"));
}

// The other lazily clocked blocks: Filtered contention counters (clocked
// through idle cycles) and the minCred counters, traced in rtl mode.
TEST(TraceCosim, LazilyClockedBlocksKeepTheResults) {
  const std::string w1 = wave_path("f"), w2 = wave_path("m");
  const std::string a = temp_path("a.json"), b = temp_path("b.json"), c = temp_path("c.json"), d = temp_path("d.json");
  std::vector<std::string> filt = dragonfly("uniform", "cpp", a), plain = dragonfly("uniform", "cpp", b);
  for (auto* v : {&filt, &plain}) v->insert(v->end(), {"routing.contention.variant=filtered", "rtl.contention=rtl"});
  same_results(traced(filt, w1, 3), plain, a, b);
  EXPECT_GT(WaveFile::read(w1).sum("router_3.contention_unit.evals"), 1000u);  // every cycle
  same_results(traced(mincred("rtl", c), w2, 3), mincred("rtl", d), c, d);
  EXPECT_GT(WaveFile::read(w2).sum("router_3.mincred_counter.evals"), 10u);
}

}  // namespace
