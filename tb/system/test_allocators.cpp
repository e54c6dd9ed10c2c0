// The switch allocators in a live router (docs/architecture.md,
// "Allocators"): on a 10 x 10 single switch with 4 VCs at offered 1 they
// keep the published order (maximum size above wavefront, iSLIP with more
// iterations near wavefront, one iteration and the separable ones below),
// and each refuses the arbiters it does not have.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness.h"

using namespace nocsim;

namespace {

double accepted(const std::vector<std::string>& keys) {
  std::vector<std::string> args = {test::source_path("topologies/single-10.yaml"), "router.vcs=4", "traffic.load=1",
                                   "sim.warmup=1000", "sim.cycles=4000", "sim.drain=0", "--quiet", "-o",
                                   test::temp_path("alloc.json")};
  args.insert(args.end(), keys.begin(), keys.end());
  const test::CliResult r = test::run_cli(args);
  EXPECT_EQ(r.code, 0) << r.err;
  return test::json_number(test::slurp(args[8]), "accepted_load");
}

}  // namespace

TEST(Allocators, SaturationThroughputKeepsThePublishedOrder) {
  const double max_size = accepted({"router.allocator.sa=max_size"});
  const double wavefront = accepted({"router.allocator.sa=wavefront"});
  const double islip4 = accepted({"router.allocator.sa=islip", "router.allocator.sa_iterations=4"});
  const double islip1 = accepted({"router.allocator.sa=islip"});
  const double sep_of = accepted({"router.allocator.sa=sep_of"});
  const double sep_if = accepted({"router.allocator.sa=sep_if"});
  EXPECT_GT(max_size, wavefront + 0.02);
  EXPECT_NEAR(islip4, wavefront, 0.02);
  EXPECT_GT(wavefront, islip1 + 0.05);
  EXPECT_EQ(sep_of, islip1);  // round-robin sep_of grants as one-iteration iSLIP
  EXPECT_NEAR(sep_if, islip1, 0.04);
}

TEST(Allocators, ArbitersAnAllocatorDoesNotHaveAreRefused) {
  const std::string cfg = test::source_path("topologies/single-10.yaml");
  for (const std::vector<std::string>& kv :
       {std::vector<std::string>{"router.allocator.sa=islip", "router.arbiter.sa_in=lrs"},
        std::vector<std::string>{"router.allocator.sa=wavefront", "router.arbiter.sa_out=matrix"},
        std::vector<std::string>{"router.allocator.sa=sep_of", "router.arbiter.sa_out=age"},
        std::vector<std::string>{"router.allocator.sa=sep_if", "router.allocator.sa_iterations=3"}}) {
    std::vector<std::string> args = {cfg, "--check-config"};
    args.insert(args.end(), kv.begin(), kv.end());
    const test::CliResult r = test::run_cli(args);
    EXPECT_EQ(r.code, 2) << kv[1];
    const std::string key = kv[1].substr(0, kv[1].find('='));
    EXPECT_EQ(r.err.rfind("nocsim: error: " + key + ":", 0), 0u) << r.err;
  }
}
