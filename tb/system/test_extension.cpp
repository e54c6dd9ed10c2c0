// A new routing (with its own statistics in the JSON), dragonfly routing, VC
// policy, congestion provider, topology, traffic pattern, switch allocator or
// block with a Verilog twin takes its own code plus one registration: here
// each lives in the test binary, registered before the configuration is
// read, and runs a whole network (the block: under the one lockstep
// mechanism, against itself).
#include <gtest/gtest.h>

#include <algorithm>

#include "alloc/sw_alloc_backend.h"
#include "blocks/block_run.h"
#include "congestion/provider.h"
#include "harness.h"
#include "routing/dragonfly/family.h"
#include "sim/config_checks.h"
#include "sim/network.h"
#include "sim/run.h"
#include "core/json_writer.h"
#include "topologies/kary_ncube.h"
#include "traffic/pattern.h"
#include "traffic/source.h"
#include "vc/vc_policy.h"

using namespace nocsim;

namespace {

int routed = 0, ranged = 0, boards = 0, allocations = 0, coins = 0;
constexpr uint8_t kFirstHopY = 1;  // YxRouting's header flag: the packet's first hop went along Y

// YX: dimension order from the highest dimension down (minimal on a mesh).
class YxRouting : public Routing {
 public:
  explicit YxRouting(const KAryNCube& t) : t_(t) {}
  void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) override {
    ++routed;
    RouteCandidate c;
    c.next = ctx.head.rh;
    const uint64_t ports = t_.productive_ports(ctx.router, t_.node_router(ctx.head.dst));
    c.out_port = static_cast<int16_t>(ports ? 63 - __builtin_clzll(ports) : t_.node_port(ctx.head.dst));
    c.hop = ports ? 0 : kHopEject;
    if (ctx.in_port >= t_.network_ports() && c.out_port >= 2) c.next.flags |= kFirstHopY;
    out.push_back(c);
  }
  const VcSequence& reference() const override { return ref_; }
  std::vector<std::string> congestion_providers() const override { return {"quiet"}; }

 private:
  const KAryNCube& t_;
  VcSequence ref_;
};

// YX's own statistics: the measured packets whose first hop went along Y.
class FirstHopY : public RoutingStats {
 public:
  uint8_t head_flags() const override { return kFirstHopY; }
  void delivered(const Flit&) override { ++n_; }
  void write(JsonWriter& j, const RoutingReport& r) const override {
    j.open("yx");
    j.num("first_hop_y", r.measured_delivered ? n_ / r.measured_delivered : 0);
    j.close();
  }

 private:
  uint64_t n_ = 0;
};

// A dragonfly routing on the family's shared walk: Valiant for every other
// packet leaving its group (a coin at the source router), else minimal.
class CoinRouting : public DragonflyRouting {
 public:
  CoinRouting(const Dragonfly& t, const DragonflyTraits& traits, const Options& o, uint64_t seed, int router)
      : DragonflyRouting(t, traits, o, seed, router) {}

 protected:
  void at_source(const RouteContext& ctx, int dst, RoutingHeader& h) override {
    ++coins;
    if (rng_->below(2)) try_valiant(ctx, dst, h, false);
  }
};

// Every hop on VC 0 only.
class LowestVc : public VcPolicy {
 public:
  VcRange range(const RouteCandidate&, HeadAt) const override {
    ++ranged;
    return {0, 0};
  }
};

// Never flags a port.
class QuietBoard : public CongestionProvider {};

// Every node sends to the next one.
class NextNode : public TrafficPattern {
 public:
  explicit NextNode(int nodes) : n_(nodes) {}
  int dest(int src, Rng&) const override { return (src + 1) % n_; }

 private:
  int n_;
};

// The C++ twin, counting allocations.
class CountedAlloc : public SwAllocBackend {
 public:
  CountedAlloc(int ports, int vcs, SaArbiters arb) : twin_(sw_alloc_registry().at("sep_if").make(ports, vcs, arb)) {}
  void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) override {
    ++allocations;
    twin_->allocate(inputs, req, op_of, gnt);
  }

 private:
  std::unique_ptr<SwAllocBackend> twin_;
};

// One packet every 4 cycles per node, whatever the load.
class EveryFourth : public TrafficSource {
 public:
  EveryFourth(const SourceParams& p, const TrafficPattern& t) : TrafficSource(p, t) { schedule(p.node % 4); }
  void generate(Cycle now, std::vector<GenPacket>& out) override {
    for (; next_ <= now; schedule(next_ + 4)) out.push_back({next_, dest(), draw_size()});
  }
};

// A source with a bug: a message entry of no packets (GenPacket::packets
// 0, as positional initialisers written for an older GenPacket would give).
class NoPackets : public TrafficSource {
 public:
  NoPackets(const SourceParams& p, const TrafficPattern& t) : TrafficSource(p, t) { schedule(10); }
  void generate(Cycle now, std::vector<GenPacket>& out) override {
    for (; next_ <= now; schedule(kNeverCycle)) {
      GenPacket g{next_, dest(), draw_size()};
      g.packets = 0;
      out.push_back(g);
    }
  }
};

// A toy block with a register: out sum = the running sum of x[0..3] (mod
// 2^16) before this cycle's inputs, max = the largest input this cycle. Its
// "Verilated side" is the same model; `planted` breaks the sum once it
// passes 1000, as a wrong adder width would.
class ToyAccumulator : public Block {
 public:
  explicit ToyAccumulator(bool planted) : planted_(planted) {}
  void eval(const int64_t* in, int64_t* out) override {
    out[0] = planted_ && sum_ > 1000 ? sum_ & 1023 : sum_;
    out[1] = *std::max_element(in, in + 4);
    for (int i = 0; i < 4; ++i) sum_ = (sum_ + in[i]) & 0xffff;
  }

 private:
  bool planted_;
  int64_t sum_ = 0;
};

BlockSpec toy_block(bool planted) {
  BlockSpec s;
  s.title = "toy accumulator";
  s.help = "the toy accumulator's mode";
  s.signals = [](int, int) { return BlockSignals{{{"x", 4}}, {{"sum", 1}, {"max", 1}}}; };
  s.cpp = [](const BlockContext&) -> std::unique_ptr<Block> { return std::make_unique<ToyAccumulator>(false); };
  s.rtl = [planted](const BlockContext&) -> std::unique_ptr<Block> {
    return std::make_unique<ToyAccumulator>(planted);
  };
  return s;
}

// A toy component's typed configuration: its keys (a schema section), read
// in from() only, and its rule across them, reporting into the run's list.
struct ToyConfig {
  int period = 4;
  std::string mode = "any";
  static ToyConfig from(const Config& cfg) {
    return {static_cast<int>(cfg.get_int("toy.period")), cfg.get_str("toy.mode")};
  }
  void validate(ErrorList& errors) const {
    if (mode == "even" && period % 2)
      errors.add({"toy.period: toy.mode=even needs an even period, got " + std::to_string(period)});
  }
};

void register_toy_section() {
  static bool done = false;
  if (done) return;
  done = true;
  add_config_section({"toy",
                      [](std::vector<KeySpec>& s) {
                        s.push_back({"toy.period", KeyType::Int, "4", 1, 100, {}, "toy: cycles between its events"});
                        s.push_back({"toy.mode", KeyType::Enum, "any", 0, 0, {"any", "even"}, "toy: any period, or even ones"});
                      },
                      [](const Config& cfg, ErrorList& errors) { ToyConfig::from(cfg).validate(errors); }});
}

void register_toys() {
  mutable_source_registry().add("every4", [](const SourceParams& p, const TrafficPattern& t) {
    return std::unique_ptr<TrafficSource>(std::make_unique<EveryFourth>(p, t));
  });
  mutable_source_registry().add("no_packets", [](const SourceParams& p, const TrafficPattern& t) {
    return std::unique_ptr<TrafficSource>(std::make_unique<NoPackets>(p, t));
  });
  mutable_congestion_registry().add("quiet", {[](const Topology&, const CongestionView&, const Config&) {
                                      ++boards;
                                      return std::unique_ptr<CongestionProvider>(std::make_unique<QuietBoard>());
                                    }});
  // No shape function: validate_config builds the ring to learn its sizes.
  mutable_topology_registry().add("ring", {[](const Config& cfg) -> std::unique_ptr<Topology> {
                                             const int k = static_cast<int>(cfg.get_int_list("topology.k").front());
                                             return std::make_unique<KAryNCube>(std::vector<int>{k}, 1, true);
                                           },
                                           nullptr});
  mutable_pattern_registry().add("next", {[](const Topology& t, const Config&) -> std::unique_ptr<TrafficPattern> {
                                   return std::make_unique<NextNode>(t.nodes());
                                 }});
  mutable_sw_alloc_registry().add("counted", {[](int ports, int vcs, SaArbiters arb) -> std::unique_ptr<SwAllocBackend> {
                                               return std::make_unique<CountedAlloc>(ports, vcs, arb);
                                             }});
  mutable_block_registry().add("toy", toy_block(false));
  mutable_block_registry().add("toy_planted", toy_block(true));
  mutable_routing_registry().add(
      "yx", {[](const Topology& t, const Config&, uint64_t, int) -> std::unique_ptr<Routing> {
               return std::make_unique<YxRouting>(dynamic_cast<const KAryNCube&>(t));
             },
             [](const Topology&, const Config&) {},
             [](const Topology&, const Config&) -> std::unique_ptr<RoutingStats> {
               return std::make_unique<FirstHopY>();
             },
             {}});
  add_dragonfly_routing(mutable_routing_registry(), "coin",
                        {{VcSequence("LGLLGL")}, std::nullopt,
                         [](const Dragonfly& t, const DragonflyTraits& traits, const DragonflyRouting::Options& o,
                            uint64_t seed, int router) -> std::unique_ptr<DragonflyRouting> {
                           return std::make_unique<CoinRouting>(t, traits, o, seed, router);
                         }});
  mutable_vc_policy_registry().add(
      "vc0", {[](const VcSequence&, const std::vector<int>&, const std::vector<uint8_t>&, const Config&) {
        return std::unique_ptr<VcPolicy>(std::make_unique<LowestVc>());
      }});
}

}  // namespace

TEST(Extension, ToyRoutingAndVcPolicyRunAWholeNetwork) {
  register_toys();
  Config cfg = test::make_config("topologies/mesh-8x8.yaml",
                                 {"routing.algorithm=yx", "vc.policy=vc0", "traffic.load=0.2", "sim.cycles=2000"});
  RunResult res = run_simulation(cfg);
  ASSERT_EQ(res.exit_code, 0) << res.error;
  EXPECT_GT(routed, 1000);
  EXPECT_GT(ranged, 1000);
  EXPECT_EQ(boards, 1);  // one per network, however many routers name it
  EXPECT_EQ(test::json_number(res.json, "measured"), test::json_number(res.json, "measured_delivered"));
  EXPECT_NE(res.json.find("\"routing.algorithm\": \"yx\""), std::string::npos);
  // Its statistics hook: a packet starts along Y unless its destination is
  // in its own row, 56 of the 63 destinations under uniform traffic.
  const double y = test::json_number(test::json_section(res.json, "yx"), "first_hop_y");
  EXPECT_NEAR(y, 56.0 / 63, 0.03);
  EXPECT_EQ(test::json_section(res.json, "derouted"), "");  // the torus family's, not this routing's
}

TEST(Extension, ToyDragonflyRoutingUsesTheFamilysWalkChecksAndStatistics) {
  register_toys();
  Config cfg = test::make_config("topologies/dragonfly-h2.yaml",
                                 {"routing.algorithm=coin", "router.vcs=4", "traffic.load=0.2", "sim.cycles=2000"});
  RunResult res = run_simulation(cfg);
  ASSERT_EQ(res.exit_code, 0) << res.error;
  EXPECT_GT(coins, 1000);
  EXPECT_EQ(test::json_number(res.json, "measured"), test::json_number(res.json, "measured_delivered"));
  // Half the packets leaving their group go through an intermediate: misrouted globally.
  const double global = test::json_number(test::json_section(res.json, "misrouted_fraction"), "global");
  EXPECT_GT(global, 0.2);
  EXPECT_LT(global, 0.6);
  EXPECT_EQ(test::json_section(res.json, "bound"), "");  // no closed form registered
  // The family's VC check comes with the registration: LGLLGL needs 4 local VCs.
  try {
    validate_config(test::make_config("topologies/dragonfly-h2.yaml", {"routing.algorithm=coin", "router.vcs=3"}));
    ADD_FAILURE() << "coin with 3 VCs was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("coin uses the VC sequence LGLLGL"), std::string::npos) << e.what();
  }
}

TEST(Extension, ToyTopologyPatternAllocatorAndSourceRunAWholeNetwork) {
  register_toys();
  Config cfg = test::make_config("", {"topology.type=ring", "topology.k=8", "traffic.pattern=next",
                                      "router.allocator.sa=counted", "traffic.source=every4", "traffic.packet_size=2",
                                      "sim.cycles=2000"});
  RunResult res = run_simulation(cfg);
  ASSERT_EQ(res.exit_code, 0) << res.error;
  EXPECT_GT(allocations, 1000);
  EXPECT_EQ(test::json_number(res.json, "measured"), 8 * 2000 / 4);  // every fourth cycle of the window, 8 nodes
  EXPECT_EQ(test::json_number(res.json, "measured"), test::json_number(res.json, "measured_delivered"));
  EXPECT_NE(res.json.find("\"topology.type\": \"ring\""), std::string::npos);
}

TEST(Extension, ASourcesEntryOfNoPacketsFailsTheRun) {
  register_toys();
  Config cfg = test::make_config("", {"topology.type=ring", "topology.k=8", "traffic.pattern=next",
                                      "traffic.source=no_packets", "sim.cycles=100"});
  RunResult res = run_simulation(cfg);
  EXPECT_EQ(res.exit_code, kExitInvariant);
  EXPECT_NE(res.error.find("NIC 0: a message of 0 packets of 8 flits, the last of 0"), std::string::npos) << res.error;
}

TEST(Extension, UnregisteredValuesAreRefusedWithTheRegistryList) {
  Config cfg;
  try {
    cfg.set("routing.algorithm", "zz-never-registered");
    FAIL() << "zz-never-registered is not a routing";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("dor"), std::string::npos) << e.what();
  }
  EXPECT_THROW(cfg.set("topology.type", "ring"), ConfigError);
  register_toys();
  cfg.set("routing.algorithm", "yx");
  cfg.set("vc.policy", "vc0");
  cfg.set("topology.type", "ring");
  cfg.set("traffic.pattern", "next");
  cfg.set("router.allocator.sa", "counted");
  EXPECT_EQ(cfg.get_str("vc.policy"), "vc0");
  EXPECT_EQ(cfg.get_str("router.allocator.sa"), "counted");
}

// The toy block under the one lockstep mechanism: its two sides agree over
// many cycles (the outputs are the model's), the planted one is caught at
// the cycle its sum passes 1000, with the output and the inputs named; and
// the run's modes cover it (router.alloc=cpp: no runner at all).
TEST(Extension, ToyBlockRunsInLockstepAndAPlantedBugIsCaught) {
  register_toys();
  Config cfg;
  const BlockContext ctx{cfg, 3, 1, 1};
  auto drive = [](BlockRun& run, Cycle cycles) {
    Rng rng(7, "toy");
    int64_t sum = 0;
    for (Cycle c = 0; c < cycles; ++c) {
      int64_t x[4], top = 0;
      for (int i = 0; i < 4; ++i) top = std::max(top, run.in()[i] = x[i] = static_cast<int64_t>(rng.below(50)));
      const int64_t* out = run.eval(c);
      ASSERT_EQ(out[0], sum) << c;
      ASSERT_EQ(out[1], top) << c;
      for (int64_t v : x) sum = (sum + v) & 0xffff;
    }
  };
  auto good = make_block_run("toy", BlockMode::Lockstep, ctx);
  ASSERT_TRUE(good);
  drive(*good, 3000);

  auto planted = make_block_run("toy_planted", BlockMode::Lockstep, ctx);
  try {
    drive(*planted, 3000);
    FAIL() << "the planted bug was not caught";
  } catch (const InvariantError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("lockstep mismatch: cycle "), std::string::npos) << m;
    EXPECT_NE(m.find(" router 3 toy accumulator; sum: cpp "), std::string::npos) << m;
    EXPECT_NE(m.find("; inputs: x=["), std::string::npos) << m;
  }

  EXPECT_EQ(BlockModes(cfg, BlockShape{})["toy"], BlockMode::Cpp);
  EXPECT_EQ(make_block_run("toy", BlockMode::Cpp, ctx), nullptr);
}

// A toy component's config section from the test binary: its keys join the
// schema (values checked, YAML included), its rule joins the cross-key
// rules (reported with the others at once), and a whole run echoes it.
TEST(Extension, ToyComponentConfigIsCheckedWithTheRest) {
  register_toy_section();
  Config cfg;
  EXPECT_EQ(ToyConfig::from(cfg).period, 4);
  EXPECT_THROW(cfg.set("toy.period", "500"), ConfigError);
  try {
    cfg.load_yaml_string("toy:\n  mode: odd\n", "toy.yaml");
    FAIL() << "toy.mode odd accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("toy.mode"), std::string::npos) << e.what();
  }
  cfg = test::make_config("topologies/mesh-8x8.yaml",
                          {"toy.mode=even", "toy.period=3", "router.speedup=2", "sim.mode=per-stage",
                           "sim.stage_order=reverse"});
  try {
    validate_config(cfg);
    FAIL() << "three broken rules passed";
  } catch (const ConfigError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("toy.period: toy.mode=even needs an even period, got 3"), std::string::npos) << m;
    EXPECT_NE(m.find("router.output_buffer_depth: router.speedup > 1"), std::string::npos) << m;
    EXPECT_NE(m.find("sim.stage_order: reverse needs sim.mode=per-router"), std::string::npos) << m;
  }
  cfg = test::make_config("topologies/mesh-8x8.yaml", {"toy.mode=even", "toy.period=6", "sim.cycles=500"});
  RunResult res = run_simulation(cfg);
  ASSERT_EQ(res.exit_code, 0) << res.error;
  EXPECT_NE(res.json.find("\"toy.period\": \"6\""), std::string::npos) << res.json.substr(0, 200);
}
