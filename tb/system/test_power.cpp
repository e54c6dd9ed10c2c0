// The power section on real runs: dynamic power is the activity counters
// priced by the model, leakage does not depend on the traffic, and the
// plotting script and --power-model read what a run writes.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "harness.h"

using namespace nocsim;
using test::json_number;

namespace {

using test::json_section;

std::string power_run(std::initializer_list<std::string> overrides) {
  const std::string out = test::temp_path("power.json");
  std::vector<std::string> args{"topology.k=4", "--quiet", "-o", out};
  for (const auto& o : overrides) args.push_back(o);
  const test::CliResult r = test::run_cli(args);
  EXPECT_EQ(r.code, 0) << r.err;
  return test::slurp(out);
}

double stage(const std::string& json, const std::string& name, const std::string& field) {
  return json_number(json_section(json_section(json, "power"), name), field);
}

}  // namespace

TEST(PowerReport, DynamicPowerIsTheActivityPricedByTheModel) {
  const std::string j = power_run({"traffic.load=0.2", "sim.warmup=500", "sim.cycles=3000"});
  const std::string power = json_section(j, "power"), activity = json_section(j, "total", j.find("\"activity\""));
  const std::string e = json_section(power, "energy_per_event_j");
  ASSERT_FALSE(e.empty());
  const double seconds = json_number(power, "seconds");
  ASSERT_GT(seconds, 0);
  const double cycles = json_number(j, "cycles") - json_number(j, "since_cycle");
  EXPECT_NEAR(seconds, cycles / 1e9, 1e-12);  // power.freq_ghz = 1
  auto act = [&](const char* k) { return json_number(activity, k); };
  auto near = [](double a, double b) { EXPECT_NEAR(a, b, 1e-6 * std::abs(b) + 1e-15); };
  // Every input port of the mesh has the same VCs and depth: one energy per write and read.
  near(stage(j, "buffer", "dynamic_w"),
       (act("buffer_writes") * json_number(e, "buffer_write") + act("buffer_reads") * json_number(e, "buffer_read")) / seconds);
  near(stage(j, "st", "dynamic_w"), act("xbar") * json_number(e, "xbar") / seconds);
  near(stage(j, "va", "dynamic_w"),
       (act("va_requests") * json_number(e, "va_request") + act("va_grants") * json_number(e, "va_grant")) / seconds);
  near(stage(j, "clock", "dynamic_w"), 16 * json_number(e, "clock_cycle") * 1e9);  // 16 routers, every cycle
  // VC state: a VA grant writes it; a crossbar traversal spends a credit that later returns.
  near(stage(j, "vc_state", "dynamic_w"),
       (act("va_grants") + 2 * act("xbar")) * json_number(e, "vc_state_update") / seconds);
  // Totals add up; shares sum to one.
  const char* stages[] = {"buffer", "rc", "va", "sa", "st", "link", "clock", "vc_state"};
  double sum = 0, share = 0;
  for (const char* s : stages) {
    EXPECT_GT(stage(j, s, "area_um2"), 0) << s;
    EXPECT_GT(stage(j, s, "dynamic_w"), 0) << s;
    sum += stage(j, s, "leakage_w") + stage(j, s, "dynamic_w");
    share += stage(j, s, "share");
  }
  const std::string total = json_section(power, "total");
  near(json_number(total, "power_w"), sum);
  EXPECT_NEAR(share, 1.0, 1e-6);
  EXPECT_TRUE(json_section(power, "output").empty());  // no output buffers in this router
  // Energy per bit: the window's energy over the bits ejected in it.
  const double ejected = json_number(json_section(j, "nic", j.find("\"by_port_class\"")), "link_flits");
  near(json_number(power, "energy_per_bit_j"), json_number(total, "energy_j") / (ejected * 64));
  near(json_number(json_section(power, "per_router"), "power_w"), json_number(total, "power_w") / 16);
}

TEST(PowerReport, LoadRaisesDynamicPowerNotLeakageOrClock) {
  const std::string lo = power_run({"traffic.load=0.05"}), hi = power_run({"traffic.load=0.25"});
  for (const char* s : {"buffer", "st", "link", "sa", "va"}) {
    ASSERT_GT(stage(lo, s, "dynamic_w"), 0) << s;  // json_number gives -1 for a missing stage
    ASSERT_GT(stage(lo, s, "leakage_w"), 0) << s;
    EXPECT_GT(stage(hi, s, "dynamic_w"), 3 * stage(lo, s, "dynamic_w")) << s;
    EXPECT_EQ(stage(hi, s, "leakage_w"), stage(lo, s, "leakage_w")) << s;
  }
  ASSERT_GT(stage(lo, "clock", "dynamic_w"), 0);
  EXPECT_NEAR(stage(hi, "clock", "dynamic_w"), stage(lo, "clock", "dynamic_w"), 1e-9);
}

TEST(PowerReport, KeysReachTheModel) {
  const std::string base = power_run({}), half = power_run({"power.vdd=0.5"}),
                    sram = power_run({"power.buffer=sram", "router.buffer_depth=64"}),
                    deep = power_run({"router.buffer_depth=64"}), node = power_run({"power.tech_nm=22"}),
                    cap = power_run({"power.tech.wire_cap_ff_per_um=0.37"});  // twice the 45 nm file's 0.185
  auto event = [](const std::string& j, const char* k) { return json_number(json_section(j, "energy_per_event_j"), k); };
  EXPECT_NEAR(event(base, "xbar") / event(half, "xbar"), 4.0, 1e-6);  // nominal 1.0 V at 45 nm
  ASSERT_GT(stage(sram, "buffer", "area_um2"), 0);
  EXPECT_LT(stage(sram, "buffer", "area_um2"), stage(deep, "buffer", "area_um2"));
  auto area = [](const std::string& j) { return json_number(json_section(json_section(j, "power"), "total"), "area_um2"); };
  EXPECT_LT(area(node), area(base));
  EXPECT_GT(area(node), 0);
  EXPECT_EQ(json_number(json_section(node, "power"), "tech_nm"), 22);
  EXPECT_NEAR(event(cap, "link_flit") / event(base, "link_flit"), 2.0, 1e-6);
}

TEST(PowerReport, BadPowerKeysAreOneLineErrors) {
  const test::CliResult r = test::run_cli({"power.tech_nm=7", "--check-config"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("power.tech_nm"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("22"), std::string::npos) << r.err;  // lists the nodes there are
  const test::CliResult neg = test::run_cli({"power.tech.gate_cap_ff=-1", "--check-config"});
  EXPECT_EQ(neg.code, 2);
  EXPECT_NE(neg.err.find("power.tech.gate_cap_ff"), std::string::npos) << neg.err;
}

TEST(PowerReport, PowerModelPrintsStagesAndRtlBlocks) {
  const test::CliResult r = test::run_cli({"router.vcs=2", "--power-model"});
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* s : {"buffer", "clock", "energy per event", "block sw_alloc_sep_if P=5 V=2", "block vc_alloc_sep_if P=5 V=2"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s << "\n" << r.out;
}

TEST(PowerReport, PlotScriptDrawsAPng) {
  const std::string a = test::temp_path("a.json"), b = test::temp_path("b.json"), png = test::temp_path("p.png");
  std::ofstream(a) << power_run({"traffic.load=0.1"});
  std::ofstream(b) << power_run({"traffic.load=0.1", "power.buffer=sram"});
  const test::CliResult r = test::run_bin("/usr/bin/python3", {test::source_path("scripts/plot_power.py"), "-o", png, a, b});
  ASSERT_EQ(r.code, 0) << r.err << " (scripts/setup.sh installs python3-matplotlib)";
  const std::string img = test::slurp(png);
  ASSERT_GT(img.size(), 1000u);
  EXPECT_EQ(img.substr(1, 3), "PNG");
}
