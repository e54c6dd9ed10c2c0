// The switch allocators in a live router (docs/architecture.md,
// "Allocators"): on a 10 x 10 single switch with 4 VCs at offered 1 they
// keep the published order (maximum size above wavefront, iSLIP with more
// iterations near wavefront, one iteration and the separable ones below),
// and each refuses the arbiters it does not have; the architect's own block
// (router.allocator.sa=user) is refused where it was not built, and in rtl
// mode an illegal grant ends the run.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "blocks/block.h"
#include "harness.h"
#include "sim/run.h"

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

// The VC allocators on the switch allocators' matchings in a live 4 x 4
// mesh (wormhole, 4 VCs, 8-flit packets, where heads contend for VCs): each
// carries the offered 0.3 and delivers every measured packet, with the
// run's invariants checked; round-robin sep_of grants as one-iteration
// iSLIP here too.
namespace {

// A wormhole run on the single switch at offered 1 (8-flit packets): its JSON.
std::string held_run(int vcs, const char* hold) {
  const std::string out = test::temp_path("hold.json");
  const test::CliResult r = test::run_cli(
      {test::source_path("topologies/single-10.yaml"), "router.vcs=" + std::to_string(vcs), "router.switching=wormhole",
       "traffic.packet_size=8", "traffic.load=1", "sim.warmup=1000", "sim.cycles=6000", "sim.drain=0",
       "sim.check=true", std::string("router.hold_switch=") + hold, "--quiet", "-o", out});
  EXPECT_EQ(r.code, 0) << r.err;
  return test::slurp(out);
}

}  // namespace

// router.hold_switch (BookSim2's hold_switch_for_packet). With one VC per
// port a packet holds its output VC to the tail, so no other input competes
// for that output and the round-robin pointers a held grant skips would not
// have moved: nothing changes. With two VCs two packets may share an output
// and, allocated flit by flit, interleave; held, each crosses whole, so its
// tail leaves sooner and the switch carries more.
TEST(Allocators, HeldConnectionsServeWholePackets) {
  EXPECT_EQ(test::without_keys(held_run(1, "false"), "router.hold_switch"),
            test::without_keys(held_run(1, "true"), "router.hold_switch"));
  const std::string flit_by_flit = held_run(2, "false"), held = held_run(2, "true");
  const double lat_a = test::json_number(test::json_section(flit_by_flit, "latency"), "network_mean");
  const double lat_b = test::json_number(test::json_section(held, "latency"), "network_mean");
  EXPECT_LT(lat_b, 0.97 * lat_a);
  EXPECT_GT(test::json_number(held, "accepted_load"), 1.02 * test::json_number(flit_by_flit, "accepted_load"));
  const test::CliResult r = test::run_cli({test::source_path("topologies/single-10.yaml"), "router.hold_switch=true",
                                           "router.speedup=2", "router.output_buffer_depth=4", "--check-config"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("router.hold_switch: a held connection is one crossbar input to one output, so it needs "
                       "router.speedup=1; got 2"),
            std::string::npos)
      << r.err;
}

TEST(Allocators, VcMatchingsCarryALiveMesh) {
  std::map<std::string, std::string> json;
  for (const std::string alg : {"sep_of", "islip", "wavefront", "max_size"}) {
    const std::string out = test::temp_path("va-" + alg + ".json");
    const test::CliResult r = test::run_cli(
        {test::source_path("topologies/mesh-8x8.yaml"), "topology.k=4", "router.vcs=4", "router.switching=wormhole",
         "traffic.packet_size=8", "traffic.load=0.3", "sim.warmup=500", "sim.cycles=2000", "sim.check=true",
         "router.allocator.va=" + alg, "--quiet", "-o", out});
    ASSERT_EQ(r.code, 0) << alg << ": " << r.err;
    json[alg] = test::slurp(out);
    EXPECT_NE(json[alg].find("\"saturated\": false"), std::string::npos) << alg;
    EXPECT_NEAR(test::json_number(json[alg], "accepted_load"), 0.3, 0.02) << alg;
  }
  EXPECT_EQ(test::json_number(json["sep_of"], "accepted_load"), test::json_number(json["islip"], "accepted_load"));
  EXPECT_EQ(test::json_number(json["sep_of"], "mean"), test::json_number(json["islip"], "mean"));
}

TEST(Allocators, ArbitersAnAllocatorDoesNotHaveAreRefused) {
  const std::string cfg = test::source_path("topologies/single-10.yaml");
  for (const std::vector<std::string>& kv :
       {std::vector<std::string>{"router.allocator.sa=islip", "router.arbiter.sa_in=lrs"},
        std::vector<std::string>{"router.allocator.sa=wavefront", "router.arbiter.sa_out=matrix"},
        std::vector<std::string>{"router.allocator.sa=sep_of", "router.arbiter.sa_out=age"},
        std::vector<std::string>{"router.allocator.sa=sep_if", "router.allocator.sa_iterations=3"},
        std::vector<std::string>{"router.allocator.sa=islip", "router.arbiter.sa_in_update=grant"},
        std::vector<std::string>{"router.allocator.va=wavefront", "router.arbiter.va=lrs"},
        std::vector<std::string>{"router.allocator.va=max_size", "router.arbiter.va=age"},
        std::vector<std::string>{"router.allocator.va=sep_of", "router.allocator.va_iterations=2"}}) {
    std::vector<std::string> args = {cfg, "--check-config"};
    args.insert(args.end(), kv.begin(), kv.end());
    const test::CliResult r = test::run_cli(args);
    EXPECT_EQ(r.code, 2) << kv[1];
    const std::string key = kv[1].substr(0, kv[1].find('='));
    EXPECT_EQ(r.err.rfind("nocsim: error: " + key + ":", 0), 0u) << r.err;
  }
}

// router.allocator.sa=user and .va=user are the architect's Verilog blocks
// (docs/cosim-your-rtl.md): this build has none, and only user has a
// reference. A reference that keeps its own priority takes rr arbiters.
TEST(Allocators, YourBlockNeedsABuildWithItAndOnlyItHasAReference) {
  const std::string cfg = test::source_path("topologies/mesh-8x8.yaml");
  for (const auto& [kv, said] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"router.allocator.sa=user"}, "router.allocator.sa: user needs a build with your switch allocator"},
           {{"router.allocator.sa_reference=islip"},
            "router.allocator.sa_reference: only router.allocator.sa=user (your Verilog block) has a reference"},
           {{"router.allocator.sa=user", "router.allocator.sa_reference=user"},
            "router.allocator.sa_reference: the reference of your block is a C++ allocator"},
           {{"router.allocator.sa=user", "router.allocator.sa_reference=islip", "router.arbiter.sa_in=lrs"},
            "router.arbiter.sa_in: router.allocator.sa=islip keeps its own priority"},
           {{"router.allocator.va=user"}, "router.allocator.va: user needs a build with your VC allocator"},
           {{"router.allocator.va_reference=free_pool"},
            "router.allocator.va_reference: only router.allocator.va=user (your Verilog block) has a reference"}}) {
    std::vector<std::string> args = {cfg, "--check-config"};
    args.insert(args.end(), kv.begin(), kv.end());
    const test::CliResult r = test::run_cli(args);
    EXPECT_EQ(r.code, 2) << kv.back();
    EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
  }
}

namespace {

// A switch allocator block that grants each requesting input's lowest VC
// the next output, whatever it asked for.
class RecklessSa : public Block {
 public:
  explicit RecklessSa(int ports) : P_(ports) {}
  void eval(const int64_t* in, int64_t* out) override {
    for (int ip = 0; ip < P_; ++ip) {
      out[ip] = in[ip] ? __builtin_ctzll(static_cast<uint64_t>(in[ip])) : -1;
      out[P_ + ip] = in[ip] ? (ip + 1) % P_ : -1;
    }
  }

 private:
  int P_;
};

// A VC allocator block that grants each requesting input VC the output VC
// just above the highest it asked for.
class RecklessVa : public Block {
 public:
  explicit RecklessVa(size_t n) : n_(n) {}
  void eval(const int64_t* in, int64_t* out) override {
    for (size_t i = 0; i < n_; ++i) {
      const uint64_t mask = static_cast<uint64_t>(in[n_ + i]);
      out[i] = mask ? 64 - __builtin_clzll(mask) : -1;
    }
  }

 private:
  size_t n_;
};

// Runs the mesh with block `name` replaced by `block` in rtl mode.
RunResult with_block(const std::string& name, BlockFactory block) {
  const BlockSpec saved = block_registry().at(name);
  BlockSpec replaced = saved;
  replaced.rtl = std::move(block);
  replaced.check = nullptr;
  mutable_block_registry().add(name, replaced);
  const RunResult r = run_simulation(
      test::make_config("topologies/mesh-8x8.yaml", {"rtl." + name + "=rtl", "traffic.load=0.3", "sim.cycles=300"}));
  mutable_block_registry().add(name, saved);
  return r;
}

}  // namespace

// In rtl mode the block decides alone: a grant of an output the VC did not
// ask for stops the run (exit 4) instead of corrupting the router.
TEST(Allocators, RtlModeStopsAtAnIllegalSwitchGrant) {
  if (block_modes_built().size() < 2) GTEST_SKIP() << "a build without NOCSIM_RTL_COSIM has no rtl mode";
  const RunResult r = with_block("sa", [](const BlockContext& c) -> std::unique_ptr<Block> {
    return std::make_unique<RecklessSa>(c.ports);
  });
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.error.find("rtl mode: cycle "), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("switch allocator block: input "), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("which requested"), std::string::npos) << r.error;
}

// (A test of its own: SystemC elaborates once per process.)
TEST(Allocators, RtlModeStopsAtAnIllegalVcGrant) {
  if (block_modes_built().size() < 2) GTEST_SKIP() << "a build without NOCSIM_RTL_COSIM has no rtl mode";
  const RunResult r = with_block("va", [](const BlockContext& c) -> std::unique_ptr<Block> {
    return std::make_unique<RecklessVa>(static_cast<size_t>(c.ports) * static_cast<size_t>(c.vcs));
  });
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.error.find("VC allocator block: input VC "), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("outside the VCs it asked for"), std::string::npos) << r.error;
}
