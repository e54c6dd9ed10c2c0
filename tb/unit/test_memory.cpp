// The memory estimate's worst case of what traffic holds (sim/memory.cpp;
// docs/reliability.md, "Memory"): each term follows the keys that size it.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/arrival_log.h"
#include "core/config.h"
#include "core/flit.h"
#include "sim/memory.h"
#include "sim/run_config.h"
#include "topologies/kary_ncube.h"

namespace {

nocsim::MemoryEstimate estimate(const std::map<std::string, std::string>& keys) {
  nocsim::Config cfg;
  for (const auto& [k, v] : keys) cfg.set(k, v);
  const nocsim::TopologyShape mesh = nocsim::KAryNCube::shape_of({4, 4}, 1, false);  // 16 routers of 5 ports
  return nocsim::estimate_memory(mesh, nocsim::RunConfig::from(cfg));
}

TEST(MemoryEstimate, InputBuffersTakeTheSlotsTheirRingsGrowTo) {
  // A ring grows to 8 slots, then doubles: 5 and 8 flits take the same, 9 takes 16.
  const uint64_t eight = estimate({{"router.buffer_depth", "8"}}).buffers_full;
  EXPECT_GT(eight, 0u);  // else the equalities below hold of a term left out
  EXPECT_EQ(eight % (8 * sizeof(nocsim::Flit)), 0u);
  EXPECT_EQ(estimate({{"router.buffer_depth", "5"}}).buffers_full, estimate({{"router.buffer_depth", "8"}}).buffers_full);
  EXPECT_EQ(2 * estimate({{"router.buffer_depth", "8"}}).buffers_full, estimate({{"router.buffer_depth", "9"}}).buffers_full);
}

TEST(MemoryEstimate, StQueuesFollowThePipelineAndTheOutputBuffer) {
  // 2 pipeline flits: 8 slots; with 30 output-buffer flits, 32; speedup 2 and 28 more: 32 too.
  const auto bare = estimate({}), buffered = estimate({{"router.output_buffer_depth", "30"}});
  EXPECT_GT(bare.st_full, 0u);
  EXPECT_EQ(4 * bare.st_full, buffered.st_full);
  EXPECT_EQ(buffered.st_full,
            estimate({{"router.output_buffer_depth", "28"}, {"router.speedup", "2"}}).st_full);
}

TEST(MemoryEstimate, LinksHoldALatencysWorthOfFlitsAndCredits) {
  const auto near = estimate({{"link.latency", "1"}}), far = estimate({{"link.latency", "11"}});
  // 16 routers of 4 network ports, 10 cycles more each, a flit and a credit a cycle.
  EXPECT_EQ(far.links_full - near.links_full,
            16u * 4u * 10u * (sizeof(nocsim::LoggedFlit) + sizeof(nocsim::LoggedCredit)));
}

TEST(MemoryEstimate, PacketRecordsFollowTheSmallestPacket) {
  const auto one = estimate({{"traffic.packet_size", "1"}}), eight = estimate({{"traffic.packet_size", "8"}});
  EXPECT_GT(one.packets_full, 0u);
  EXPECT_NEAR(static_cast<double>(one.packets_full) / static_cast<double>(eight.packets_full), 8.0, 0.01);
  EXPECT_EQ(estimate({{"traffic.packet_size", "[8, 1]"}}).packets_full, one.packets_full);
  EXPECT_EQ(one.network_full(), one.buffers_full + one.st_full + one.links_full + one.packets_full);
}

}  // namespace

// Bubble routings under several packet sizes keep an entry per credit
// (router/slot_pads.h); one size, or a routing without slots, none.
TEST(MemoryEstimate, BubbleSlotPadsTakeAnEntryPerCredit) {
  const std::map<std::string, std::string> torus{
      {"routing.algorithm", "abr"}, {"router.buffer_depth", "16"}, {"router.injection_buffer_depth", "16"}};
  auto with = [&](std::map<std::string, std::string> more) {
    more.insert(torus.begin(), torus.end());
    return estimate(more);
  };
  const auto one = with({}), several = with({{"traffic.packet_size", "1,8"}});
  // Every depth is 16 flits, which a ring holds in 16 slots: slots = credits.
  EXPECT_EQ(several.structure - one.structure, several.buffers_full / sizeof(nocsim::Flit) * 4);  // 4 B: an Owed entry
  EXPECT_EQ(with({{"traffic.packet_size", "1,8"}, {"routing.algorithm", "dor"}}).structure,
            with({{"routing.algorithm", "dor"}}).structure);
}
