// Closed-loop applications in whole networks (docs/workloads.md): a trace of
// a ring exchange, compute gaps and collectives runs to completion on a
// torus and a dragonfly with exactly its messages and bytes; a rank's time
// is its computing plus its overheads plus its waiting; the result is byte-identical per seed
// and in both execution modes; a program that can never finish exits 3
// naming the waiting ranks; a malformed line exits 2 with its number.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "harness.h"
#include "otf2_write_test_trace.h"
#include "workload/text_trace.h"

using namespace nocsim::test;

namespace {

// 16 ranks: compute (rank r: 100 + 10 r ns), a ring exchange of 2 KiB,
// compute again, an allreduce of 256 B and a barrier.
std::string ring_trace() {
  std::string t = "ranks 16\n";
  for (int r = 0; r < 16; ++r) t += std::to_string(r) + " compute " + std::to_string(100 + 10 * r) + "\n";
  for (int r = 0; r < 16; ++r) {
    t += std::to_string(r) + " isend " + std::to_string((r + 1) % 16) + " 2048 7\n";
    t += std::to_string(r) + " recv " + std::to_string((r + 15) % 16) + " 2048 7\n";
    t += std::to_string(r) + " wait\n";
  }
  t += "* compute 50\n* allreduce 256\n* barrier\n";
  return t;
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path) << text;
  return path;
}

struct AppRun {
  CliResult r;
  std::string json;
};

AppRun run_trace(const std::string& topo, const std::string& trace, std::vector<std::string> extra = {}) {
  const std::string out = temp_path("app.json");
  std::vector<std::string> args{source_path(topo), "workload.type=trace", "workload.trace_file=" + trace, "--quiet",
                                "-o", out};
  args.insert(args.end(), extra.begin(), extra.end());
  AppRun run;
  run.r = run_cli(args);
  run.json = run.r.code == 0 || run.r.code == 3 ? slurp(out) : "";
  return run;
}

std::vector<uint64_t> json_ints(const std::string& json, const std::string& key) {
  std::vector<uint64_t> v;
  for (double d : json_numbers(json, key)) v.push_back(static_cast<uint64_t>(d));
  return v;
}

// Each rank's overhead cycles: `sends` and `receives` list the bytes of
// its messages.
struct Overheads {
  double o_s = 0, o_r = 0, per_byte = 0;
  std::vector<uint64_t> sends, receives;
  uint64_t cycles() const {
    uint64_t sum = 0;
    const auto one = [&](double o, uint64_t b) { return static_cast<uint64_t>(std::llround(o + per_byte * (b ? b - 1 : 0))); };
    for (const uint64_t b : sends) sum += one(o_s, b);
    for (const uint64_t b : receives) sum += one(o_r, b);
    return sum;
  }
};

void expect_ring_completes(const std::string& topo, std::vector<std::string> extra = {}, const Overheads& o = {}) {
  const AppRun run = run_trace(topo, write_file("ring.txt", ring_trace()), extra);
  ASSERT_EQ(run.r.code, 0) << run.r.err;
  const std::string j = json_section(run.json, "completion");
  EXPECT_NE(j.find("\"status\": \"complete\""), std::string::npos) << topo;
  // 16 ring messages; allreduce on 16 ranks: 4 rounds of 16; barrier: 4 rounds of 16.
  EXPECT_EQ(json_number(j, "messages"), 16 + 64 + 64);
  EXPECT_EQ(json_number(j, "messages_delivered"), 16 + 64 + 64);
  EXPECT_EQ(json_number(j, "bytes"), 16 * 2048 + 64 * 256);
  EXPECT_EQ(json_number(j, "unmatched_messages"), 0);
  const auto finish = json_ints(j, "finish"), compute = json_ints(j, "compute"), wait = json_ints(j, "wait");
  const auto overhead = json_ints(j, "overhead");
  ASSERT_EQ(finish.size(), 16u);
  ASSERT_EQ(overhead.size(), 16u);
  uint64_t last = 0;
  for (size_t r = 0; r < 16; ++r) {
    EXPECT_EQ(finish[r], compute[r] + overhead[r] + wait[r]) << "rank " << r;
    EXPECT_EQ(compute[r], 100 + 10 * r + 50) << "rank " << r;  // 1 GHz
    EXPECT_EQ(overhead[r], o.cycles()) << "rank " << r;
    last = std::max(last, finish[r]);
  }
  EXPECT_EQ(json_number(j, "cycles"), static_cast<double>(last));
  // The critical path: rank 15 computes 250 + 50 ns, and a 2 KiB message
  // (256 flits) takes at least 256 cycles to leave.
  EXPECT_GE(last, 250u + 50 + 256);
}

}  // namespace

TEST(Workload, ARingAndCollectivesCompleteOnATorus) { expect_ring_completes("topologies/torus-8x8.yaml"); }

TEST(Workload, ARingAndCollectivesCompleteOnADragonfly) {
  expect_ring_completes("topologies/dragonfly-h2.yaml", {"workload.mapping=random", "routing.algorithm=ugal-l", "router.vcs=4"});
}

TEST(Workload, ARingAndCollectivesPayTheirHostOverheads) {
  // docs/workloads.md, "Host overheads": each rank sends and receives one
  // 2 KiB ring message, four 256-byte ones of the allreduce (recursive
  // doubling) and four empty ones of the barrier.
  Overheads o;
  o.o_s = 200;
  o.o_r = 300;
  o.per_byte = 0.1;
  o.sends = o.receives = {2048, 256, 256, 256, 256, 0, 0, 0, 0};
  expect_ring_completes("topologies/dragonfly-h2.yaml",
                        {"workload.mapping=random", "routing.algorithm=ugal-l", "router.vcs=4",
                         "workload.send_overhead_ns=200", "workload.recv_overhead_ns=300",
                         "workload.overhead_per_byte_ns=0.1"},
                        o);
}

TEST(Workload, ARingByRendezvousCompletesWithTheSameMessages) {
  // The ring's 2 KiB messages go by rendezvous, the collectives' eager:
  // the network carries an RTS and a CTS more for each of the 16.
  const std::vector<std::string> keys{"workload.mapping=random", "routing.algorithm=ugal-l", "router.vcs=4"};
  std::vector<std::string> rdv = keys;
  rdv.push_back("workload.eager_limit=1024");
  expect_ring_completes("topologies/dragonfly-h2.yaml", rdv);
  const std::string trace = write_file("ring.txt", ring_trace());
  const auto injected = [&](const std::vector<std::string>& extra) {
    const AppRun run = run_trace("topologies/dragonfly-h2.yaml", trace, extra);
    EXPECT_EQ(run.r.code, 0) << run.r.err;
    return json_number(json_section(run.json, "packets"), "injected");
  };
  EXPECT_EQ(injected(rdv), injected(keys) + 2 * 16);
}

TEST(Workload, TheDataCollectivesCompleteOnATorusWithTheirMessages) {
  // 16 ranks (docs/workloads.md, "Collectives"): gather and scatter of
  // 100-byte blocks, 15 messages each carrying 100 * sum popcount(1..15) =
  // 3,200 bytes; allgather of 64 (MPICH's recursive doubling at 16
  // ranks): 4 rounds of 16 messages, each rank receiving 15 blocks (15,360
  // bytes); reduce_scatter of 32 (recursive halving below 512 KiB): 4
  // rounds of 16, each rank sending all blocks but its own (7,680 bytes);
  // scan and exscan of 8: 4 rounds of 16 (512 bytes each).
  const std::string t = "ranks 16\n* gather 3 100\n* scatter 5 100\n* allgather 64\n* reduce_scatter 32\n"
                        "* scan 8\n* exscan 8\n";
  const AppRun run = run_trace("topologies/torus-8x8.yaml", write_file("colls.txt", t));
  ASSERT_EQ(run.r.code, 0) << run.r.err;
  const std::string c = json_section(run.json, "completion");
  EXPECT_NE(c.find("\"status\": \"complete\""), std::string::npos) << c;
  EXPECT_EQ(json_number(c, "messages"), 15 + 15 + 64 + 64 + 64 + 64);
  EXPECT_EQ(json_number(c, "messages_delivered"), 15 + 15 + 64 + 64 + 64 + 64);
  EXPECT_EQ(json_number(c, "bytes"), 3200 + 3200 + 15360 + 7680 + 512 + 512);
  // The report names each collective's algorithm.
  EXPECT_EQ(json_number(c, "allgather recursive doubling"), 1);
  EXPECT_EQ(json_number(c, "reduce_scatter recursive halving"), 1);
  EXPECT_EQ(json_number(c, "gather binomial"), 1);
}

TEST(Workload, CompletionIsIdenticalPerSeedAndInBothModes) {
  const std::string trace = write_file("ring.txt", ring_trace());
  std::vector<std::string> extra{"workload.mapping=random", "sim.seed=5"};
  auto with = [&](const std::string& mode) {
    std::vector<std::string> e = extra;
    e.push_back("sim.mode=" + mode);
    const AppRun run = run_trace("topologies/torus-8x8.yaml", trace, e);
    EXPECT_EQ(run.r.code, 0) << run.r.err;
    return without_keys(run.json, "sim.mode");
  };
  const std::string a = with("per-stage"), b = with("per-stage"), c = with("per-router");
  EXPECT_NE(a.find("\"completion\""), std::string::npos);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, c);
  extra.push_back("workload.eager_limit=100");  // every message by rendezvous but the barrier's
  const std::string d = with("per-stage"), e = with("per-router");
  EXPECT_EQ(d, e);
  EXPECT_NE(json_section(d, "completion"), json_section(a, "completion"));  // the handshakes take time
  // Another seed maps the ranks elsewhere.
  const AppRun other = run_trace("topologies/torus-8x8.yaml", trace, {"workload.mapping=random", "sim.seed=6"});
  EXPECT_NE(json_ints(other.json, "node"), json_ints(a, "node"));
}

TEST(Workload, AReceiveNoRankSendsExitsThreeNamingTheWaitingRanks) {
  const std::string trace = write_file("blocked.txt", "ranks 4\n* compute 10\n0 recv 3 8 9\n1 send 2 8 0\n2 recv 1 8 0\n");
  const AppRun run = run_trace("topologies/torus-8x8.yaml", trace);
  EXPECT_EQ(run.r.code, 3) << run.r.err;
  EXPECT_NE(run.r.err.find("application blocked: 1 ranks wait"), std::string::npos) << run.r.err;
  EXPECT_NE(run.r.err.find("rank 0 (node 0) since cycle 10 in recv from rank 3 tag 9 (line 3)"), std::string::npos)
      << run.r.err;
  EXPECT_NE(json_section(run.json, "completion").find("\"status\": \"blocked\""), std::string::npos);
}

TEST(Workload, AMalformedTraceLineExitsTwoWithItsNumber) {
  const std::string trace = write_file("bad.txt", "ranks 4\n* compute 10\n0 send 1 eight 0\n");
  const AppRun run = run_trace("topologies/torus-8x8.yaml", trace);
  EXPECT_EQ(run.r.code, 2);
  EXPECT_NE(run.r.err.find("workload.trace_file (" + trace + "): line 3: bytes 'eight' is not an integer"),
            std::string::npos)
      << run.r.err;
}

TEST(Workload, AMessageOfAGibibyteWaitsAsOneEntryCountedInPackets) {
  // 2^30 bytes: 2^24 packets of 8 flits, cut by the NIC as they leave; in
  // 2,000 cycles at most 250 heads leave, the rest count as source-queued.
  const std::string trace = write_file("gib.txt", "ranks 2\n0 send 1 1073741824 0\n1 recv 0 1073741824 0\n");
  const AppRun run = run_trace("topologies/mesh-8x8.yaml", trace, {"sim.warmup=0", "sim.cycles=2000"});
  ASSERT_EQ(run.r.code, 0) << run.r.err;
  EXPECT_NE(json_section(run.json, "completion").find("\"status\": \"incomplete\""), std::string::npos);
  const std::string pk = json_section(run.json, "packets");
  const double all = 1 << 24, queued = json_number(pk, "source_queued");
  EXPECT_EQ(json_number(pk, "injected"), all);
  EXPECT_LE(all - queued, 250);  // the packets whose head has left
  EXPECT_GE(all - queued, 240);  // at one flit per cycle, less the head's wait for the link
  EXPECT_LE(json_number(pk, "delivered"), all - queued);
}

TEST(Workload, TheNicCutsAMessageIntoItsPacketsTheLastShorter) {
  // 1,000 bytes: 125 flits, 15 packets of 8 and one of 5, from node 0 to
  // its neighbour node 1. The send completes the cycle after its 125th
  // flit left (at 124); every flit crosses one router link and one
  // ejection link.
  const std::string trace = write_file("kb.txt", "ranks 2\n0 send 1 1000 0\n1 recv 0 1000 0\n");
  const AppRun run = run_trace("topologies/mesh-8x8.yaml", trace);
  ASSERT_EQ(run.r.code, 0) << run.r.err;
  const std::string j = json_section(run.json, "completion");
  EXPECT_NE(j.find("\"status\": \"complete\""), std::string::npos);
  EXPECT_EQ(json_ints(j, "finish").at(0), 125u);
  const std::string pk = json_section(run.json, "packets");
  EXPECT_EQ(json_number(pk, "injected"), 16);
  EXPECT_EQ(json_number(pk, "delivered"), 16);
  EXPECT_EQ(json_number(json_section(run.json, "total"), "link_flits"), 250);
}

TEST(Workload, ARendezvousAddsTheRtsAndCtsRoundTrip) {
  // The same 1,000-byte send by rendezvous: its data leaves once the RTS
  // has reached node 1 and the CTS node 0, each a 1-flit packet that takes
  // as long as a 0-byte message does (l); both ranks end 2 l later.
  const std::string kb = write_file("kb.txt", "ranks 2\n0 send 1 1000 0\n1 recv 0 1000 0\n");
  const std::string ping = write_file("ping.txt", "ranks 2\n0 send 1 0 0\n1 recv 0 0 0\n");
  const auto finish = [](const AppRun& run) {
    EXPECT_EQ(run.r.code, 0) << run.r.err;
    return json_ints(json_section(run.json, "completion"), "finish");
  };
  const auto eager = finish(run_trace("topologies/mesh-8x8.yaml", kb));
  const auto rdv = finish(run_trace("topologies/mesh-8x8.yaml", kb, {"workload.eager_limit=999"}));
  const uint64_t l = finish(run_trace("topologies/mesh-8x8.yaml", ping)).at(1);
  ASSERT_EQ(eager.size(), 2u);
  ASSERT_EQ(rdv.size(), 2u);
  EXPECT_GT(l, 0u);
  EXPECT_EQ(rdv[0], eager[0] + 2 * l);
  EXPECT_EQ(rdv[1], eager[1] + 2 * l);
  const AppRun again = run_trace("topologies/mesh-8x8.yaml", kb, {"workload.eager_limit=1000"});
  EXPECT_EQ(finish(again), eager);  // not more than the limit: eager
}

TEST(Workload, AMessageDelayHoldsEachMessageOnItsWay) {
  // workload.message_delay_ns=1000 at 1 GHz: a ping-pong's two messages
  // each reach their NIC 1,000 cycles later on the empty mesh, so both
  // ranks end 2,000 cycles later; by rendezvous the RTS, CTS and data of
  // the one send are each held: 3,000.
  const std::string pp = write_file("pp.txt", "ranks 2\n0 send 1 64 0\n0 recv 1 64 1\n1 recv 0 64 0\n1 send 0 64 1\n");
  const std::string kb = write_file("kb.txt", "ranks 2\n0 send 1 1000 0\n1 recv 0 1000 0\n");
  const auto finish = [](const std::string& trace, std::vector<std::string> extra) {
    const AppRun run = run_trace("topologies/mesh-8x8.yaml", trace, extra);
    EXPECT_EQ(run.r.code, 0) << run.r.err;
    return json_ints(json_section(run.json, "completion"), "finish");
  };
  const auto plain = finish(pp, {}), held = finish(pp, {"workload.message_delay_ns=1000"});
  ASSERT_EQ(held.size(), 2u);
  EXPECT_EQ(held[0], plain[0] + 2000);
  EXPECT_EQ(held[1], plain[1] + 2000);
  const auto rdv = finish(kb, {"workload.eager_limit=0"});
  const auto rdv_held = finish(kb, {"workload.eager_limit=0", "workload.message_delay_ns=1000"});
  ASSERT_EQ(rdv_held.size(), 2u);
  EXPECT_EQ(rdv_held[1], rdv[1] + 3000);
}

TEST(Workload, ASynchronousSendCompletesWhenTheAckOfItsReceiveArrives) {
  // A 0-byte message takes l to arrive, and the receive completes then;
  // synchronous, its send completes when the receiver's 1-flit ACK, made
  // at the match, is back: at 2 l. By rendezvous the CTS says as much:
  // ssend and send give the same cycles.
  const auto finish = [](const AppRun& run) {
    EXPECT_EQ(run.r.code, 0) << run.r.err;
    return json_ints(json_section(run.json, "completion"), "finish");
  };
  const std::string mesh = "topologies/mesh-8x8.yaml";
  const auto ping = finish(run_trace(mesh, write_file("ping.txt", "ranks 2\n0 send 1 0 0\n1 recv 0 0 0\n")));
  const auto sync = finish(run_trace(mesh, write_file("sping.txt", "ranks 2\n0 ssend 1 0 0\n1 recv 0 0 0\n")));
  ASSERT_EQ(ping.size(), 2u);
  ASSERT_EQ(sync.size(), 2u);
  const uint64_t l = ping[1];
  EXPECT_EQ(ping[0], 1u);  // its one flit left at 0
  EXPECT_EQ(sync, (std::vector<uint64_t>{2 * l, l}));
  const std::string kb = write_file("kb.txt", "ranks 2\n0 send 1 1000 0\n1 recv 0 1000 0\n");
  const std::string skb = write_file("skb.txt", "ranks 2\n0 ssend 1 1000 0\n1 recv 0 1000 0\n");
  EXPECT_EQ(finish(run_trace(mesh, skb, {"workload.eager_limit=999"})),
            finish(run_trace(mesh, kb, {"workload.eager_limit=999"})));
}

TEST(Workload, ABufferedRingByRendezvousFinishesWhereStandardSendsBlock) {
  // Four ranks each send 1 KiB to the next, then receive from the one
  // before, by rendezvous (eager_limit 512): blocking standard sends each
  // wait for a receive that comes only after them (exit 3); buffered ones
  // complete at once, every receive is posted, and the ring finishes.
  const auto ring = [](const std::string& send) {
    std::string t = "ranks 4\n";
    for (int r = 0; r < 4; ++r) t += std::to_string(r) + " " + send + " " + std::to_string((r + 1) % 4) + " 1024 0\n";
    for (int r = 0; r < 4; ++r) t += std::to_string(r) + " recv " + std::to_string((r + 3) % 4) + " 1024 0\n";
    return run_trace("topologies/mesh-8x8.yaml", write_file(send + "-ring.txt", t), {"workload.eager_limit=512"});
  };
  const AppRun standard = ring("send"), buffered = ring("bsend");
  EXPECT_EQ(standard.r.code, 3) << standard.r.err;
  EXPECT_NE(standard.r.err.find("rank 0 (node 0) since cycle 0 in send to rank 1 by rendezvous"), std::string::npos)
      << standard.r.err;
  ASSERT_EQ(buffered.r.code, 0) << buffered.r.err;
  const std::string j = json_section(buffered.json, "completion");
  EXPECT_NE(j.find("\"status\": \"complete\""), std::string::npos) << j;  // an unfinished run exits 0 too
  EXPECT_EQ(json_number(j, "finished_ranks"), 4);
  EXPECT_EQ(json_number(j, "messages_delivered"), 4);
  EXPECT_EQ(json_number(j, "unmatched_messages"), 0);
}

TEST(Workload, SendsPastARanksPacketNumbersExitTwo) {
  // 2^40 bytes are 2^34 packets; a node numbers its packets in 32 bits.
  const std::string trace = write_file("tib.txt", "ranks 2\n0 send 1 1099511627776 0\n1 recv 0 1099511627776 0\n");
  const AppRun run = run_trace("topologies/mesh-8x8.yaml", trace);
  EXPECT_EQ(run.r.code, 2);
  EXPECT_NE(run.r.err.find("workload.trace_file (" + trace + "): rank 0 sends more than 2^32 - 1 packets"),
            std::string::npos)
      << run.r.err;
}

TEST(Workload, AProgramTooBigBesideTheNetworkIsRefusedBeforeTheRun) {
  // 400 alltoalls of 64 ranks, pairwise (long blocks): 4.8 M operations
  // of 24 bytes, about 0.11 GiB, where the 8x8 mesh needs a few tens of MB.
  std::string text = "ranks 64\n";
  for (int k = 0; k < 400; ++k) text += "* alltoall 40000\n";
  const std::string trace = write_file("big.txt", text);
  const AppRun refused = run_trace("topologies/mesh-8x8.yaml", trace, {"sim.memory_limit_mb=100"});
  EXPECT_EQ(refused.r.code, 2);
  EXPECT_NE(refused.r.err.find("workload.trace_file (" + trace + "): the application's program needs about 0.1"),
            std::string::npos)
      << refused.r.err;
  EXPECT_NE(refused.r.err.find("more than sim.memory_limit_mb=100"), std::string::npos) << refused.r.err;
  const AppRun room = run_trace("topologies/mesh-8x8.yaml", trace, {"sim.memory_limit_mb=1000", "sim.cycles=10"});
  ASSERT_EQ(room.r.code, 0) << room.r.err;
  // The estimate counts the program: above the 4.8 M operations alone.
  EXPECT_GT(json_number(json_section(room.json, "sim"), "memory_estimate_kb"), 4.8e6 * 24 / 1024);
}

TEST(Workload, ARunThatEndsFirstIsIncomplete) {
  const AppRun run = run_trace("topologies/torus-8x8.yaml", write_file("ring.txt", ring_trace()),
                            {"sim.warmup=0", "sim.cycles=200"});
  ASSERT_EQ(run.r.code, 0) << run.r.err;
  const std::string j = json_section(run.json, "completion");
  EXPECT_NE(j.find("\"status\": \"incomplete\""), std::string::npos) << j;
  EXPECT_LT(json_number(j, "finished_ranks"), 16);
  // The summary names the key that would let it finish; a finished run does not.
  const std::string hint = "ended first: raise sim.cycles to run the program to its end";
  EXPECT_NE(run.r.out.find(hint), std::string::npos) << run.r.out;
  const AppRun done = run_trace("topologies/torus-8x8.yaml", write_file("ring.txt", ring_trace()));
  ASSERT_EQ(done.r.code, 0) << done.r.err;
  EXPECT_NE(json_section(done.json, "completion").find("\"status\": \"complete\""), std::string::npos);
  EXPECT_EQ(done.r.out.find(hint), std::string::npos) << done.r.out;
}

// OTF2: the 16-rank ring trace, written as Score-P would record it, replays
// with exactly its messages and bytes, and the same program as a text trace
// gives the same completion to the cycle.
TEST(Workload, AnOtf2TraceReplaysLikeTheSameProgramAsText) {
  std::istringstream in(ring_trace());
  const nocsim::Program prog = nocsim::read_text_trace(in, "ring");
  const std::string dir = temp_path("otf2");
  nocsim::write_otf2_trace(dir, "traces", prog, {});
  std::ostringstream text;
  nocsim::write_text_trace(prog, text);
  const AppRun o = run_trace("topologies/torus-8x8.yaml", dir + "/traces.otf2", {"workload.type=otf2"});
  ASSERT_EQ(o.r.code, 0) << o.r.err;
  const std::string c = json_section(o.json, "completion");
  EXPECT_NE(c.find("\"status\": \"complete\""), std::string::npos) << c;
  EXPECT_EQ(json_number(c, "messages"), static_cast<double>(prog.messages()));
  EXPECT_EQ(json_number(c, "bytes"), static_cast<double>(prog.bytes()));
  const AppRun t = run_trace("topologies/torus-8x8.yaml", write_file("ring-written.txt", text.str()));
  ASSERT_EQ(t.r.code, 0) << t.r.err;
  EXPECT_EQ(c, json_section(t.json, "completion"));
}

// Collectives on split communicators: 16 ranks as a 4 x 4 grid reduce
// over their row, broadcast down their column, exchange over their row
// and pass a message round their row (communicators 1-4 the rows, 5-8 the
// columns, each listed from its last rank so that communicator ranks
// differ from world ranks). The text trace and the same program as an
// OTF2 archive complete alike, with the program's messages.
TEST(Workload, RowAndColumnCollectivesReplayAlikeAsTextAndOtf2) {
  std::string t = "ranks 16\n";
  for (int i = 0; i < 4; ++i) {
    t += "comm " + std::to_string(1 + i);
    for (int j = 3; j >= 0; --j) t += " " + std::to_string(4 * i + j);
    t += "\ncomm " + std::to_string(5 + i);
    for (int j = 3; j >= 0; --j) t += " " + std::to_string(4 * j + i);
    t += "\n";
  }
  for (int r = 0; r < 16; ++r) {
    const std::string me = std::to_string(r), row = std::to_string(1 + r / 4), col = std::to_string(5 + r % 4);
    const int m = 3 - r % 4;  // its rank in its row
    t += me + " compute " + std::to_string(50 + 5 * r) + "\n" + me + " allreduce@" + row + " 256\n" + me +
         " bcast@" + col + " 1 1024\n" + me + " alltoall@" + row + " 64\n" + me + " send@" + row + " " +
         std::to_string((m + 1) % 4) + " 512 9\n" + me + " recv@" + row + " " + std::to_string((m + 3) % 4) +
         " 512 9\n";
  }
  t += "* barrier\n";
  std::istringstream in(t);
  const nocsim::Program prog = nocsim::read_text_trace(in, "grid");
  const std::string dir = temp_path("otf2-grid");
  nocsim::write_otf2_trace(dir, "traces", prog, {});
  const AppRun text = run_trace("topologies/torus-8x8.yaml", write_file("grid.txt", t));
  const AppRun otf2 = run_trace("topologies/torus-8x8.yaml", dir + "/traces.otf2", {"workload.type=otf2"});
  ASSERT_EQ(text.r.code, 0) << text.r.err;
  ASSERT_EQ(otf2.r.code, 0) << otf2.r.err;
  const std::string c = json_section(text.json, "completion");
  EXPECT_NE(c.find("\"status\": \"complete\""), std::string::npos) << c;
  EXPECT_EQ(json_number(c, "messages_delivered"), static_cast<double>(prog.messages()));
  EXPECT_EQ(json_number(c, "bytes"), static_cast<double>(prog.bytes()));
  EXPECT_EQ(json_number(c, "unmatched_messages"), 0);
  EXPECT_EQ(c, json_section(otf2.json, "completion"));
  // Recorded as MPI_Iallreduce, MPI_Ibcast, ... completed at each rank's
  // end: refused by default, and run blocking where they were called with
  // workload.nonblocking_collectives=blocking, to the same completion.
  nocsim::Otf2WriteOptions o;
  o.nonblocking = true;
  const std::string nb = temp_path("otf2-grid-nonblocking");
  nocsim::write_otf2_trace(nb, "traces", prog, o);
  const AppRun refused = run_trace("topologies/torus-8x8.yaml", nb + "/traces.otf2", {"workload.type=otf2"});
  EXPECT_EQ(refused.r.code, 2);
  EXPECT_NE(refused.r.err.find("non-blocking collective allreduce: not supported with "
                               "workload.nonblocking_collectives=refuse"),
            std::string::npos)
      << refused.r.err;
  const AppRun blocking = run_trace("topologies/torus-8x8.yaml", nb + "/traces.otf2",
                                    {"workload.type=otf2", "workload.nonblocking_collectives=blocking"});
  ASSERT_EQ(blocking.r.code, 0) << blocking.r.err;
  EXPECT_EQ(c, json_section(blocking.json, "completion"));
}

TEST(Workload, NonblockingCollectivesOverlapTheComputeBeforeTheirWait) {
  // 16 ranks: a 64-KiB allreduce and an alltoall, then 20 us of compute.
  // Started non-blocking and waited for after the compute, they run under
  // it: the program ends sooner than with the blocking calls, moving the
  // same messages. Recorded in OTF2 and read with
  // workload.nonblocking_collectives=overlap, the same run; with
  // =blocking, the blocking program's.
  const std::string blocking_text = "ranks 16\n* allreduce 65536\n* alltoall 512\n* compute 20000\n* barrier\n";
  const std::string overlap_text =
      "ranks 16\n* iallreduce 65536\n* ialltoall 512\n* compute 20000\n* wait 1 0\n* barrier\n";
  const std::string room = "sim.cycles=400000";  // to the end, past the default
  const AppRun blocking = run_trace("topologies/torus-8x8.yaml", write_file("nb-blocking.txt", blocking_text), {room});
  const AppRun overlap = run_trace("topologies/torus-8x8.yaml", write_file("nb-overlap.txt", overlap_text), {room});
  ASSERT_EQ(blocking.r.code, 0) << blocking.r.err;
  ASSERT_EQ(overlap.r.code, 0) << overlap.r.err;
  const std::string cb = json_section(blocking.json, "completion"), co = json_section(overlap.json, "completion");
  EXPECT_NE(co.find("\"status\": \"complete\""), std::string::npos) << co;
  EXPECT_NE(cb.find("\"status\": \"complete\""), std::string::npos) << cb;
  EXPECT_LT(json_number(co, "cycles"), json_number(cb, "cycles"));
  EXPECT_GE(json_number(co, "cycles"), 20000);  // the compute at 1 GHz
  EXPECT_EQ(json_number(co, "messages_delivered"), json_number(cb, "messages_delivered"));
  EXPECT_EQ(json_number(co, "bytes"), json_number(cb, "bytes"));
  EXPECT_NE(co.find("\"iallreduce rabenseifner\": 1"), std::string::npos) << co;
  EXPECT_NE(cb.find("\"allreduce rabenseifner\": 1"), std::string::npos) << cb;
  std::istringstream in(overlap_text);
  const std::string dir = temp_path("otf2-nonblocking-overlap");
  nocsim::write_otf2_trace(dir, "traces", nocsim::read_text_trace(in, "overlap"), {});
  const AppRun o2 = run_trace("topologies/torus-8x8.yaml", dir + "/traces.otf2",
                              {"workload.type=otf2", "workload.nonblocking_collectives=overlap", room});
  const AppRun b2 = run_trace("topologies/torus-8x8.yaml", dir + "/traces.otf2",
                              {"workload.type=otf2", "workload.nonblocking_collectives=blocking", room});
  ASSERT_EQ(o2.r.code, 0) << o2.r.err;
  ASSERT_EQ(b2.r.code, 0) << b2.r.err;
  EXPECT_EQ(co, json_section(o2.json, "completion"));
  EXPECT_EQ(cb, json_section(b2.json, "completion"));
  // Steps only outside the compute (workload.nbc_progress=in_calls): less
  // overlap, the same from the text and from OTF2.
  const std::string in_calls = "workload.nbc_progress=in_calls";
  const AppRun ti = run_trace("topologies/torus-8x8.yaml", write_file("nb-overlap.txt", overlap_text), {room, in_calls});
  const AppRun oi = run_trace("topologies/torus-8x8.yaml", dir + "/traces.otf2",
                              {"workload.type=otf2", "workload.nonblocking_collectives=overlap", room, in_calls});
  ASSERT_EQ(ti.r.code, 0) << ti.r.err;
  ASSERT_EQ(oi.r.code, 0) << oi.r.err;
  const std::string ci = json_section(ti.json, "completion");
  EXPECT_GT(json_number(ci, "cycles"), json_number(co, "cycles"));
  EXPECT_LT(json_number(ci, "cycles"), json_number(cb, "cycles"));
  EXPECT_EQ(ci, json_section(oi.json, "completion"));
}

TEST(Workload, AnOtf2RingOfMpiSendrecvByRendezvousFinishes) {
  // Four ranks each send 1 KiB to the next and receive from the one
  // before, by rendezvous (eager_limit 512). Recorded as separate MPI_Send
  // and MPI_Recv calls the ring blocks (exit 3); recorded as MPI_Sendrecv
  // calls its halves run at once and it finishes.
  std::string t = "ranks 4\n";
  for (int r = 0; r < 4; ++r)
    t += std::to_string(r) + " send " + std::to_string((r + 1) % 4) + " 1024 0\n" + std::to_string(r) + " recv " +
         std::to_string((r + 3) % 4) + " 1024 0\n";
  std::istringstream in(t);
  const nocsim::Program prog = nocsim::read_text_trace(in, "ring");
  const auto replay = [&](bool sendrecv) {
    nocsim::Otf2WriteOptions o;
    o.sendrecv = sendrecv;
    const std::string dir = temp_path(sendrecv ? "otf2-sendrecv" : "otf2-send-recv");
    nocsim::write_otf2_trace(dir, "traces", prog, o);
    return run_trace("topologies/mesh-8x8.yaml", dir + "/traces.otf2",
                     {"workload.type=otf2", "workload.eager_limit=512"});
  };
  const AppRun apart = replay(false), at_once = replay(true);
  EXPECT_EQ(apart.r.code, 3) << apart.r.err;
  ASSERT_EQ(at_once.r.code, 0) << at_once.r.err;
  const std::string c = json_section(at_once.json, "completion");
  EXPECT_NE(c.find("\"status\": \"complete\""), std::string::npos) << c;  // an unfinished run exits 0 too
  EXPECT_EQ(json_number(c, "finished_ranks"), 4);
  EXPECT_EQ(json_number(c, "messages_delivered"), 4);
  EXPECT_EQ(json_number(c, "unmatched_messages"), 0);
}

// A text trace's sendrecv runs its halves at once as OTF2's MPI_Sendrecv
// does: the same ring by rendezvous finishes, with the same completion.
TEST(Workload, ATextRingOfSendrecvFinishesAsOtf2Does) {
  std::string t = "ranks 4\n";
  for (int r = 0; r < 4; ++r)
    t += std::to_string(r) + " sendrecv " + std::to_string((r + 1) % 4) + " 1024 0 " + std::to_string((r + 3) % 4) +
         " 1024 0\n";
  const std::string text = temp_path("ring-sendrecv.txt");
  std::ofstream(text) << t;
  const AppRun run = run_trace("topologies/mesh-8x8.yaml", text, {"workload.eager_limit=512"});
  ASSERT_EQ(run.r.code, 0) << run.r.err;
  std::string pairs = "ranks 4\n";
  for (int r = 0; r < 4; ++r)
    pairs += std::to_string(r) + " send " + std::to_string((r + 1) % 4) + " 1024 0\n" + std::to_string(r) + " recv " +
             std::to_string((r + 3) % 4) + " 1024 0\n";
  std::istringstream in(pairs);
  nocsim::Otf2WriteOptions o;
  o.sendrecv = true;
  const std::string dir = temp_path("otf2-ring-sendrecv");
  nocsim::write_otf2_trace(dir, "traces", nocsim::read_text_trace(in, "ring"), o);
  const AppRun otf2 = run_trace("topologies/mesh-8x8.yaml", dir + "/traces.otf2",
                                {"workload.type=otf2", "workload.eager_limit=512"});
  ASSERT_EQ(otf2.r.code, 0) << otf2.r.err;
  const std::string c = json_section(run.json, "completion");
  EXPECT_NE(c.find("\"status\": \"complete\""), std::string::npos) << c;  // an unfinished run exits 0 too
  EXPECT_EQ(json_number(c, "finished_ranks"), 4);
  EXPECT_EQ(json_number(c, "messages_delivered"), 4);
  EXPECT_EQ(c, json_section(otf2.json, "completion"));
}

// Graph500 (docs/workloads.md, "Graph500"): a small search on the 72-node
// dragonfly runs to its end; each rank's time is its computing plus its
// waiting, and computing (t_q per query generated or consumed) is a part of it.
TEST(Workload, AGraph500SearchCompletesOnADragonfly) {
  const std::string out = temp_path("g500.json");
  const auto r = run_cli({source_path("topologies/dragonfly-h2.yaml"), "workload.type=graph500",
                          "workload.graph500.scale=12", "sim.warmup=0", "sim.cycles=2000000", "--quiet", "-o", out});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string c = json_section(slurp(out), "completion");
  EXPECT_NE(c.find("\"status\": \"complete\""), std::string::npos) << c;
  EXPECT_EQ(json_number(c, "ranks"), 72);
  EXPECT_EQ(json_number(c, "messages"), json_number(c, "messages_delivered"));
  EXPECT_EQ(json_number(c, "unmatched_messages"), 0);
  const auto finish = json_ints(c, "finish"), compute = json_ints(c, "compute"), wait = json_ints(c, "wait");
  ASSERT_EQ(finish.size(), 72u);
  for (size_t k = 0; k < 72; ++k) {
    EXPECT_EQ(finish[k], compute[k] + wait[k]) << "rank " << k;
    EXPECT_GT(compute[k], 0u) << "rank " << k;
  }
  EXPECT_GT(json_number(c, "cycles"), json_number(c, "compute_cycles_max"));
}
