// router.alloc=lockstep runs the Verilated switch allocator beside the C++
// twin in every router of a live mesh.
#include <gtest/gtest.h>

#include "harness.h"

using namespace nocsim::test;

namespace {

std::vector<std::string> mesh_at_04(const std::string& alloc, const std::string& out) {
  return {source_path("topologies/mesh-8x8.yaml"), "traffic.load=0.4", "sim.warmup=0", "sim.cycles=20000",
          "router.alloc=" + alloc, "-o", out, "--quiet"};
}

std::string config_free(const std::string& json) {
  std::string out, line;
  std::istringstream in(strip_host_figures(json));
  while (std::getline(in, line))
    if (line.find("\"router.alloc\"") == std::string::npos) out += line + "\n";
  return out;
}

}  // namespace

TEST(Lockstep, Mesh8x8AtLoad04HasNoMismatch) {
  std::string out = temp_path("ls.json");
  auto r = run_cli(mesh_at_04("lockstep", out));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(slurp(out).find("\"status\": \"ok\""), std::string::npos);
}

TEST(Lockstep, RtlAllocatorGivesTheSameResultsAsCpp) {
  std::string a = temp_path("rtl.json"), b = temp_path("cpp.json");
  ASSERT_EQ(run_cli(mesh_at_04("rtl", a)).code, 0);
  ASSERT_EQ(run_cli(mesh_at_04("cpp", b)).code, 0);
  EXPECT_EQ(config_free(slurp(a)), config_free(slurp(b)));
}

TEST(Lockstep, PlantedBugInTheTwinIsCaught) {
  std::string out = temp_path("mut.json");
  std::string cmd = std::string("'") + NOCSIM_MUTANT_BIN + "'";
  for (const auto& a : mesh_at_04("lockstep", out)) cmd += " '" + a + "'";
  std::string err = temp_path("mut.err");
  int status = std::system((cmd + " >/dev/null 2>" + err).c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 4);
  std::string e = slurp(err);
  EXPECT_NE(e.find("lockstep mismatch: cycle "), std::string::npos) << e;
  EXPECT_NE(e.find("cpp grants:"), std::string::npos) << e;
  EXPECT_NE(e.find("rtl grants:"), std::string::npos) << e;
}
