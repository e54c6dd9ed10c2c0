// router.alloc=lockstep runs every block with a Verilog twin (switch and VC
// allocators; contention counters, minCred counters and FlexVC's selection
// where the run has them) beside its C++ logic in every router of a live network; rtl runs the
// Verilated blocks alone. Acceptance runs of the RTL co-simulation, and the
// planted bug of each twin caught in a live network.
#include <gtest/gtest.h>

#include "harness.h"
#include "live_runs.h"

using namespace nocsim::test;

namespace {

using Args = std::vector<std::string> (*)(const std::string& alloc, const std::string& out);

// lockstep finishes its 10,000 cycles with no mismatch; rtl gives the JSON
// of cpp. Lockstep has compared every decision already; the rtl run checks
// that the Verilated outputs drive the router, over 3,000 cycles (CI time:
// rtl alone costs what lockstep does).
void lockstep_and_rtl(Args args) {
  const std::string l = temp_path("ls.json"), a = temp_path("rtl.json"), b = temp_path("cpp.json");
  const CliResult r = run_cli(args("lockstep", l));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(slurp(l).find("\"status\": \"ok\""), std::string::npos);
  std::vector<std::string> rtl = args("rtl", a), cpp = args("cpp", b);
  rtl.push_back("sim.cycles=3000");
  cpp.push_back("sim.cycles=3000");
  ASSERT_EQ(run_cli(rtl).code, 0);
  ASSERT_EQ(run_cli(cpp).code, 0);
  EXPECT_EQ(config_free(slurp(a)), config_free(slurp(b)));
}

std::vector<std::string> dragonfly_uniform(const std::string& alloc, const std::string& out) {
  return dragonfly("uniform", alloc, out);
}
std::vector<std::string> dragonfly_adv1(const std::string& alloc, const std::string& out) {
  return dragonfly("adv", alloc, out);
}

// A simulator linked with a planted bug in one twin (`key`: its rtl.* key):
// - under lockstep of that block alone (the rest C++) it stops at the first
//   mismatch: exit 4, the block named, both outputs reported;
// - with that block in rtl mode the twin decides nothing: the JSON is the
//   correct simulator's in cpp mode (shorter runs).
void caught(const char* bin, Args args, const std::string& key, const std::string& block) {
  std::vector<std::string> a = args("cpp", temp_path("m.json"));
  a.push_back(key + "=lockstep");
  const CliResult r = run_bin(bin, a);
  EXPECT_EQ(r.code, 4) << r.err;
  EXPECT_NE(r.err.find("lockstep mismatch: cycle "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(block), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("cpp "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("rtl "), std::string::npos) << r.err;

  const std::string x = temp_path("mut_rtl.json"), y = temp_path("cpp.json");
  std::vector<std::string> m = args("cpp", x), c = args("cpp", y);
  m.insert(m.end(), {key + "=rtl", "sim.cycles=3000"});
  c.push_back("sim.cycles=3000");
  ASSERT_EQ(run_bin(bin, m).code, 0);
  ASSERT_EQ(run_cli(c).code, 0);
  std::string mj = slurp(x);
  const std::string mode = "\"" + key + "\": \"rtl\"", none = "\"" + key + "\": \"auto\"";
  ASSERT_NE(mj.find(mode), std::string::npos);
  mj.replace(mj.find(mode), mode.size(), none);
  EXPECT_EQ(strip_host_figures(mj), strip_host_figures(slurp(y)));
}

}  // namespace

TEST(Lockstep, Mesh8x8Dor) { lockstep_and_rtl(mesh); }
TEST(Lockstep, Mesh8x8WavefrontSwitchAllocator) { lockstep_and_rtl(mesh_wavefront); }
TEST(Lockstep, Torus8x8Dor) { lockstep_and_rtl(torus); }
TEST(Lockstep, DragonflyOlmContentionFlexVcUniform) { lockstep_and_rtl(dragonfly_uniform); }
TEST(Lockstep, DragonflyOlmContentionFlexVcAdv1) { lockstep_and_rtl(dragonfly_adv1); }
TEST(Lockstep, DragonflyUgalMinCred) { lockstep_and_rtl(mincred); }

// Each block on its own: the others stay C++.
TEST(Lockstep, OneBlockAtATime) {
  for (const char* block : {"sa", "va", "contention", "vc_select", "mincred"}) {
    const std::string b = block;
    std::vector<std::string> a = b == "mincred" ? mincred("cpp", temp_path("one.json"))
                                                : dragonfly("uniform", "cpp", temp_path("one.json"));
    a.insert(a.end(), {"rtl." + b + "=lockstep", "sim.cycles=3000"});
    const CliResult r = run_cli(a);
    EXPECT_EQ(r.code, 0) << block << ": " << r.err;
  }
}

// The other counter variants: Filtered (its average clocked through idle
// cycles), Hybrid's and ECtN's per-port counters.
TEST(Lockstep, ContentionVariants) {
  for (const char* variant : {"filtered", "hybrid", "ectn"}) {
    std::vector<std::string> a = dragonfly("uniform", "cpp", temp_path("v.json"));
    a.insert(a.end(), {std::string("routing.contention.variant=") + variant, "rtl.contention=lockstep",
                       "sim.cycles=5000"});
    const CliResult r = run_cli(a);
    EXPECT_EQ(r.code, 0) << variant << ": " << r.err;
  }
}

TEST(Lockstep, BlocksWithoutTwinsHereAreRefusedWhenAskedFor) {
  auto refused = [](std::vector<std::string> a, const std::string& what) {
    const CliResult r = run_cli(a);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
  };
  refused({source_path("topologies/mesh-8x8.yaml"), "rtl.contention=lockstep"}, "rtl.contention: lockstep needs");
  refused({source_path("topologies/mesh-8x8.yaml"), "rtl.vc_select=rtl"}, "rtl.vc_select: rtl needs");
  refused({source_path("topologies/mesh-8x8.yaml"), "rtl.mincred=rtl"}, "rtl.mincred: rtl needs");
  refused({source_path("topologies/mesh-8x8.yaml"), "rtl.va=lockstep", "router.arbiter.va=lrs"},
          "rtl.va: the VC allocator's lockstep needs router.arbiter.va=rr");
  refused({source_path("topologies/mesh-8x8.yaml"), "router.alloc=lockstep", "router.vcs=6"},
          "router.alloc: the switch allocator's lockstep needs a verilated sw_alloc_sep_if");
  refused({source_path("topologies/mesh-8x8.yaml"), "rtl.va=rtl", "router.vcs=6"},
          "rtl.va: needs a verilated vc_alloc_sep_if with 5 ports and 6 VCs");
  std::vector<std::string> a = dragonfly("uniform", "lockstep", temp_path("r.json"));
  a.insert(a.end(), {"routing.contention.variant=filtered", "routing.contention.alpha=0.75"});
  refused(a, "the verilated Filtered unit has alpha = 0.5 built in");
}

TEST(Lockstep, PlantedBugInTheSwitchAllocatorIsCaught) {
  caught(NOCSIM_MUTANT_SEP_IF_BIN, mesh, "rtl.sa", "switch allocator");
}
TEST(Lockstep, PlantedBugInTheWavefrontAllocatorIsCaught) {
  caught(NOCSIM_MUTANT_WAVEFRONT_BIN, mesh_wavefront, "rtl.sa", "switch allocator");
}
TEST(Lockstep, PlantedBugInTheVcAllocatorIsCaught) { caught(NOCSIM_MUTANT_VA_BIN, mesh, "rtl.va", "VC allocator"); }
TEST(Lockstep, PlantedBugInTheContentionCountersIsCaught) {
  caught(NOCSIM_MUTANT_CONTENTION_BIN, dragonfly_uniform, "rtl.contention", "contention counters");
}
TEST(Lockstep, PlantedBugInTheMinCredCountersIsCaught) {
  caught(NOCSIM_MUTANT_MINCRED_BIN, mincred, "rtl.mincred", "minCred counters");
}
TEST(Lockstep, PlantedBugInTheFlexVcSelectionIsCaught) {
  caught(NOCSIM_MUTANT_SELECT_BIN, dragonfly_uniform, "rtl.vc_select", "FlexVC selection");
}
