// The closed-loop workload without SystemC: the collectives' point-to-point
// schedules pair every send with one receive, the engine runs programs over
// an ideal network to the cycle the rules give (docs/workloads.md), matches
// messages by source, tag and communicator, runs non-blocking collectives
// beside its program, and reports a program that can never finish with what
// each rank waits for. Protocols: test_protocols.cpp; the text format,
// generated programs and limits: test_workload_programs.cpp.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "workload/engine.h"
#include "ideal_net.h"

using namespace nocsim;
using namespace nocsim::workload_test;

TEST(Workload, CollectivesPairEverySendWithOneReceive) {
  for (int n = 1; n <= 17; ++n) {
    std::string t = "ranks " + std::to_string(n) + "\n* barrier\n* bcast " + std::to_string(n / 2) + " 100\n* reduce " +
                    std::to_string(n - 1) + " 100\n* allreduce 8\n* alltoall 4\n";
    for (int r = 0; r < n; ++r) {  // rank r sends r + d bytes to rank d, none to r + 1
      t += std::to_string(r) + " alltoallv";
      for (int d = 0; d < n; ++d) t += " " + std::to_string(d == r || d == (r + 1) % n ? 0 : r + d);
      t += "\n";
    }
    const Program p = parse(t, CollectiveRule::Fixed);
    expect_paired(p);
    int pow2 = 1;
    while (pow2 * 2 <= n) pow2 *= 2;
    const uint64_t m = static_cast<uint64_t>(n - pow2), un = static_cast<uint64_t>(n);
    const uint64_t alltoallv = n > 2 ? un * (un - 2) : 0;  // every ordered pair but r -> r + 1
    const uint64_t expected = un * log2_ceil(n)                                        // barrier
                              + 2 * (un - 1)                                           // bcast, reduce
                              + 2 * m + static_cast<uint64_t>(pow2) * log2_ceil(pow2)  // allreduce
                              + un * (un - 1) + alltoallv;
    EXPECT_EQ(p.messages(), expected) << n << " ranks";
  }
}

TEST(Workload, TheDataCollectivesMoveEachBlockAlongItsAlgorithmsPath) {
  // Binomial gather and scatter: the block of relative rank v travels
  // popcount(v) hops (v, v with its lowest set bit cleared, ..., the root),
  // so b bytes each move b * sum popcount(v) in n - 1 messages. Bruck's
  // allgather: ceil(log2 n) rounds of n messages, each rank receiving the
  // n - 1 blocks it lacks. Reduce_scatter's pairwise exchange: one block
  // per ordered pair. Scan and exscan: an exchange with r XOR 2^k in round
  // k wherever that rank exists. Every program runs to its end.
  for (int n = 1; n <= 17; ++n) {
    const uint64_t b = 10, un = static_cast<uint64_t>(n);
    const std::string root = std::to_string(n / 3);
    const auto run = [&](const std::string& coll) {
      const Program p = parse("ranks " + std::to_string(n) + "\n* " + coll + "\n", CollectiveRule::Fixed);
      expect_paired(p);
      IdealNet net(p, n, 5);
      net.run();
      EXPECT_TRUE(net.engine().done()) << coll << ", " << n << " ranks: " << net.engine().blocked_report(4);
      return std::make_pair(p.messages(), p.bytes());
    };
    uint64_t hops = 0, scan = 0;
    for (int v = 1; v < n; ++v) hops += static_cast<uint64_t>(__builtin_popcount(static_cast<unsigned>(v)));
    for (int k = 1; k < n; k *= 2)
      for (int r = 0; r < n; ++r) scan += (r ^ k) < n;
    const std::pair<uint64_t, uint64_t> tree{un - 1, b * hops};
    EXPECT_EQ(run("gather " + root + " 10"), tree) << n;
    EXPECT_EQ(run("scatter " + root + " 10"), tree) << n;
    EXPECT_EQ(run("allgather 10"), std::make_pair(un * log2_ceil(n), b * un * (un - 1))) << n;
    EXPECT_EQ(run("reduce_scatter 10"), std::make_pair(un * (un - 1), b * un * (un - 1))) << n;
    EXPECT_EQ(run("scan 10"), std::make_pair(scan, b * scan)) << n;
    EXPECT_EQ(run("exscan 10"), std::make_pair(scan, b * scan)) << n;
  }
}

TEST(Workload, PingPongTakesTheCyclesTheRulesGive) {
  // 64 bytes = 8 flits of 64 bits: one packet. The tail leaves at 7 and
  // arrives at 7 + L; rank 1 answers at once.
  const Program p = parse("ranks 2\n0 send 1 64 3\n0 recv 1 64 4\n1 recv 0 64 3\n1 send 0 64 4\n");
  const int L = 20;
  IdealNet net(p, 2, L);
  net.run();
  ASSERT_TRUE(net.engine().done());
  EXPECT_EQ(net.engine().result(1).finish, 7u + L + 7 + 1);  // its send completes when its tail has left
  EXPECT_EQ(net.engine().result(0).finish, 7u + L + 7 + L);
  EXPECT_EQ(net.engine().completion(), 7u + L + 7 + L);
  for (int r = 0; r < 2; ++r) {
    const auto& res = net.engine().result(r);
    EXPECT_EQ(res.finish, res.compute + res.waiting) << "rank " << r;
  }
  const auto m = net.engine().messages();
  EXPECT_EQ(m.sent, 2u);
  EXPECT_EQ(m.latency_max, 7u + L);
}

TEST(Workload, AMessageDelayHoldsEachMessageAndControlPacket) {
  // workload.message_delay_ns (docs/workloads.md, "Per-message delay"):
  // each message reaches the NIC D cycles after its send. The ping-pong
  // above, each way D later.
  const int L = 20;
  const Cycle D = 100;
  AppParams ap;
  ap.message_delay = D;
  const Program p = parse("ranks 2\n0 send 1 64 3\n0 recv 1 64 4\n1 recv 0 64 3\n1 send 0 64 4\n");
  IdealNet net(p, 2, L, ap);
  net.run();
  ASSERT_TRUE(net.engine().done());
  EXPECT_EQ(net.engine().result(1).finish, 2 * D + 7 + L + 7 + 1);
  EXPECT_EQ(net.engine().result(0).finish, 2 * D + 7 + L + 7 + L);
  EXPECT_EQ(net.engine().messages().latency_max, D + 7 + L);
  // By rendezvous (640 bytes, 80 flits): the RTS leaves at D, the CTS D
  // after its arrival, the data D after the CTS's: three delays.
  ap.eager_limit = 0;
  const Program q = parse("ranks 2\n0 send 1 640 0\n1 recv 0 640 0\n");
  IdealNet rdv(q, 2, L, ap);
  rdv.run();
  ASSERT_TRUE(rdv.engine().done());
  EXPECT_EQ(rdv.engine().result(1).finish, 3 * D + 3 * L + 79);
  // An isend returns at once: the rank computes while its message waits.
  ap.eager_limit = -1;
  const Program c = parse("ranks 2\n0 isend 1 64 0\n0 compute 50\n0 wait\n1 recv 0 64 0\n");
  IdealNet overlap(c, 2, L, ap);
  overlap.run();
  ASSERT_TRUE(overlap.engine().done());
  EXPECT_EQ(overlap.engine().result(0).compute, 50u);
  EXPECT_EQ(overlap.engine().result(0).finish, D + 7 + 1);
}

TEST(Workload, AMessageIsOneEntryTheNicCutsIntoItsPackets) {
  // 1,000 bytes = 125 flits of 64 bits: 15 packets of 8 and one of 5,
  // handed over as one entry whatever the message's length.
  const Program p = parse("ranks 2\n0 send 1 1000 0\n1 recv 0 1000 0\n");
  AppEngine e(p, {0, 1}, 2, AppParams{});
  std::vector<GenPacket> out;
  e.step(0, 0, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].packets, 16u);
  EXPECT_EQ(out[0].size, 8);
  EXPECT_EQ(out[0].last_size, 5);
  EXPECT_EQ(out[0].flits(), 125u);
  EXPECT_EQ(out[0].msg_flits, 125u);
  // Over the ideal net its 16 tails arrive one by one; the receive ends
  // with the last, L cycles after the 125th flit left.
  const int L = 20;
  IdealNet net(p, 2, L);
  net.run();
  ASSERT_TRUE(net.engine().done());
  EXPECT_EQ(net.engine().result(1).finish, 124u + L);
  EXPECT_EQ(net.engine().messages().delivered, 1u);
}

TEST(Workload, ARanksSendsPastItsPacketNumbersAreRefused) {
  // A node numbers its packets in 32 bits: 2^40 bytes are 2^34 packets of
  // 8 flits of 64 bits. Two messages of 2^37 bytes add up to 2^32 packets.
  const AppParams ap;
  EXPECT_EQ(ap.packets_of(uint64_t{1} << 40), uint64_t{1} << 34);
  const auto error = [&](const std::string& text, AppParams a) {
    try {
      check_packet_numbers(parse(text), a, "workload.trace_file (t)");
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string big = "ranks 2\n0 isend 1 137438953472 0\n0 send 1 137438953472 1\n";
  EXPECT_EQ(error(big, ap),
            "workload.trace_file (t): rank 0 sends more than 2^32 - 1 packets of 8 flits of 64 bits (a node numbers "
            "its packets in 32 bits); send fewer bytes from one rank, or set larger traffic.packet_size or "
            "power.flit_bits");
  EXPECT_EQ(error("ranks 2\n0 send 1 137438953472 0\n0 send 1 137438953408 1\n", ap), "");  // 2^32 - 1 packets
  AppParams wide = ap;
  wide.packet_flits = 16;
  EXPECT_EQ(error(big, wide), "");
  EXPECT_NE(error("ranks 3\n2 send 0 1099511627776 0\n", ap).find("rank 2 sends more"), std::string::npos);
}

TEST(Workload, ComputeTurnsNanosecondsIntoCyclesAtTheClock) {
  const Program p = parse("ranks 2\n0 compute 250.5\n0 isend 1 8 0\n1 recv any 8 any\n1 compute 10\n");
  AppParams ap;
  ap.freq_ghz = 2;  // 501 cycles, 20 cycles
  IdealNet net(p, 2, 5, ap);
  net.run();
  ASSERT_TRUE(net.engine().done());
  EXPECT_EQ(net.engine().result(0).compute, 501u);
  // Rank 0 waits at its end for the isend's tail to leave (at 501).
  EXPECT_EQ(net.engine().result(0).finish, 502u);
  EXPECT_EQ(net.engine().result(1).finish, 501u + 5 + 20);
}

TEST(Workload, MessagesMatchBySourceAndTagWhateverTheirArrivalOrder) {
  // Rank 0 sends tag 1 (long) then tag 2 (short); rank 2 receives tag 2
  // first: it must not take the tag-1 message that arrived before.
  const Program p = parse(
      "ranks 3\n0 isend 2 640 1\n0 isend 2 8 2\n0 wait\n2 recv 0 8 2\n2 recv any 8 any\n1 compute 1\n");
  IdealNet net(p, 3, 3);
  net.run();
  ASSERT_TRUE(net.engine().done());
  EXPECT_EQ(net.engine().messages().unmatched, 0u);
  // 80 flits then 1: the tag-2 tail leaves at 80 and arrives at 83.
  EXPECT_EQ(net.engine().result(2).finish, 83u);
}

namespace {

// Runs a two-rank text program on an ideal network; expects every rank to
// finish with no message left unmatched. Its message totals.
AppEngine::MessageTotals run_to_end(const std::string& text) {
  const Program p = parse(text);
  IdealNet net(p, 2, 4);
  net.run();
  EXPECT_TRUE(net.engine().done()) << net.engine().blocked_report(10);
  EXPECT_EQ(net.engine().messages().unmatched, 0u);
  return net.engine().messages();
}

}  // namespace

TEST(Workload, AReceiveOfAnyTagNeverTakesACollectivesMessage) {
  // Rank 1's irecv is posted before the barrier's message from rank 0
  // arrives: an `any` tag is any user tag, so the barrier's own receive
  // takes that message and the irecv the later tag-0 one.
  EXPECT_EQ(run_to_end("ranks 2\n1 irecv any 8 any\n* barrier\n0 send 1 8 0\n1 wait\n").sent, 3u);
}

TEST(Workload, ACollectiveWaitsForItsOwnRequestsOnly) {
  // Rank 0's irecv of tag 0 is still open across the barrier: the barrier
  // must not wait for it (rank 1 sends tag 0 only after the barrier).
  EXPECT_EQ(run_to_end("ranks 2\n0 irecv 1 8 0\n* barrier\n0 send 1 8 1\n1 recv 0 8 1\n1 send 0 8 0\n").sent, 4u);
}

TEST(Workload, ABlockingReceiveGoesOnWhenItsOwnMessageHasArrived) {
  // While rank 0 waits in its recv, its isend's tail is handed to the link
  // ahead of time (as a burst's is), to leave at 50; the recv's message
  // arrives at 5. The recv completes at 5 and the compute runs from there;
  // only the program's end waits for the isend.
  const Program p = parse("ranks 2\n0 isend 1 64 0\n0 recv 1 8 1\n0 compute 1000\n1 send 0 8 1\n1 recv 0 64 0\n");
  AppEngine e(p, {0, 1}, 2, AppParams{});
  std::vector<GenPacket> out0, out1;
  e.step(0, 0, out0);
  e.step(1, 0, out1);
  ASSERT_EQ(out0.size(), 1u);
  ASSERT_EQ(out1.size(), 1u);
  e.enqueued(out0[0], 100);
  e.enqueued(out1[0], 1ull << 40 | 200);  // a packet's number: its source node, then its sequence
  e.sent(out1[0].msg, 1);
  e.sent(out0[0].msg, 50);
  Flit tail;
  tail.src = 1;
  tail.pseq = 200;
  tail.size = 1;
  tail.seq = 0;
  e.delivered(0, tail, 5);
  EXPECT_EQ(e.next_time(0), 5u);
  e.step(0, 5, out0);
  EXPECT_EQ(e.next_time(0), 1005u);
  e.step(0, 1005, out0);
  EXPECT_EQ(e.result(0).finish, 1005u);
  EXPECT_EQ(e.result(0).finish, e.result(0).compute + e.result(0).waiting);
}

TEST(Workload, AProgramThatCannotFinishIsReportedWithWhatEachRankWaitsFor) {
  const Program p = parse("ranks 3\n0 recv 1 8 5\n1 compute 10\n2 irecv any 8 any\n2 send 0 16 1\n2 wait\n");
  IdealNet net(p, 3, 4);
  net.run();
  EXPECT_FALSE(net.engine().done());
  ASSERT_TRUE(net.engine().stuck());
  const std::string rep = net.engine().blocked_report(10);
  EXPECT_NE(rep.find("rank 0 (node 0) since cycle 0 in recv from rank 1 tag 5 (line 2)"), std::string::npos) << rep;
  EXPECT_NE(rep.find("holds 1 unmatched message(s), the first from rank 2 tag 1"), std::string::npos) << rep;
  EXPECT_NE(rep.find("rank 2 (node 2)"), std::string::npos) << rep;
  EXPECT_NE(rep.find("waits for irecv from any rank tag any (line 4)"), std::string::npos) << rep;
  EXPECT_EQ(rep.find("rank 1"), rep.find("rank 1 tag"));  // rank 1 finished: no line of its own
}

// Two messages from one rank with one tag on two communicators (an OTF2
// trace's; Event::comm): each receive takes only its communicator's.
Program two_communicators(uint16_t first_recv_comm) {
  using K = EventKind;
  Program p(2);
  Event big = Event::of(K::Isend, 1, 0, 640), small = Event::of(K::Isend, 1, 0, 8);
  big.comm = 1;
  p.add(0, big);  // 80 flits, on communicator 1
  p.add(0, small);
  p.add(0, Event::of(K::Wait));
  Event first = Event::of(K::Recv, 0, 0, 8);
  first.comm = first_recv_comm;
  p.add(1, first);
  p.add(1, Event::of(K::Compute, 0, 0, 1'000'000));  // 1,000 ns: 1,000 cycles
  Event second = Event::of(K::Recv, 0, 0, 640);
  second.comm = 1;
  p.add(1, second);
  p.finish();
  return p;
}

TEST(Workload, MessagesMatchOnlyWithinTheirCommunicator) {
  // The big message's tail leaves at 79 and arrives at 79 + L, the small
  // one's at 80 + L: rank 1's first receive (communicator 0) waits for the
  // small one although the big one, from the same rank with the same tag,
  // came first.
  const int L = 20;
  const Program p = two_communicators(0);
  IdealNet net(p, 2, L);
  net.run();
  ASSERT_TRUE(net.engine().done()) << net.engine().blocked_report(10);
  EXPECT_EQ(net.engine().result(1).finish, 80u + L + 1000);
  EXPECT_EQ(net.engine().messages().unmatched, 0u);
  // Two receives on communicator 1: the second never gets a message.
  const Program q = two_communicators(1);
  IdealNet stuck(q, 2, L);
  stuck.run();
  ASSERT_TRUE(stuck.engine().stuck());
  const std::string rep = stuck.engine().blocked_report(10);
  EXPECT_NE(rep.find("in recv from rank 0 tag 0 on communicator 1 (event 3)"), std::string::npos) << rep;
  EXPECT_NE(rep.find("holds 1 unmatched message(s), the first from rank 0 tag 0"), std::string::npos) << rep;
}

namespace {

// Runs a two-rank text program (the `ranks 2` line added) on an ideal
// network of latency 20; expects it to finish, each rank's time split
// exactly. Rank `rank`'s result.
AppEngine::RankResult run_two(const std::string& body, int rank = 0, AppParams ap = {}) {
  const Program p = parse("ranks 2\n" + body);
  IdealNet net(p, 2, 20, ap);
  net.run();
  EXPECT_TRUE(net.engine().done()) << net.engine().blocked_report(10);
  for (int r = 0; r < 2; ++r) {
    const auto& res = net.engine().result(r);
    EXPECT_EQ(res.finish, res.compute + res.overhead + res.waiting) << "rank " << r;
  }
  return net.engine().result(rank);
}

}  // namespace

TEST(Workload, ANonblockingCollectiveRunsBesideTheProgramUntilItsWait) {
  // An 8-byte allreduce of two ranks is one exchange of a one-flit
  // message: done at L = 20. Blocking, the compute starts after it; as
  // an iallreduce it runs under the compute, and the wait finds it done,
  // or waits for it when the compute is shorter.
  EXPECT_EQ(run_two("* allreduce 8\n* compute 1000\n").finish, 1020u);
  EXPECT_EQ(run_two("* iallreduce 8\n* compute 1000\n* wait 0\n").finish, 1000u);
  const auto short_compute = run_two("* iallreduce 8\n* compute 5\n* wait 0\n");
  EXPECT_EQ(short_compute.finish, 20u);
  EXPECT_EQ(short_compute.waiting, 15u);
  // No wait: the program's end waits for it, as for any open request.
  EXPECT_EQ(run_two("* iallreduce 8\n* compute 5\n").finish, 20u);
}

TEST(Workload, ANonblockingCollectiveCostsTheHostNoOverhead) {
  // With 100-ns send and receive overheads the blocking allreduce takes
  // them (its send and its message), the iallreduce none.
  AppParams ap;
  ap.send_overhead_ns = 100;
  ap.recv_overhead_ns = 100;
  EXPECT_EQ(run_two("* allreduce 8\n* compute 1000\n", 0, ap).overhead, 200u);  // one send, one message: o_s + o_r
  const auto nb = run_two("* iallreduce 8\n* compute 1000\n* wait 0\n", 0, ap);
  EXPECT_EQ(nb.overhead, 0u);
  EXPECT_EQ(nb.finish, 1000u);
}

TEST(Workload, InCallsANonblockingCollectiveStepsOnlyWhileItsRankIsNotComputing) {
  // Four ranks: an 8-byte allreduce by recursive doubling is two steps,
  // each an exchange of one one-flit message (L = 20). In the background
  // both run under the compute. With workload.nbc_progress=in_calls the
  // first goes at the call and the second only once the compute has
  // ended (at the wait: one step more), or in a blocking barrier between
  // two computes, under the barrier's own two steps (else 1,060).
  const auto finish = [](const std::string& body, bool in_calls) {
    AppParams ap;
    ap.nbc_progress_in_calls = in_calls;
    const Program p = parse("ranks 4\n" + body);  // the engine keeps a reference
    IdealNet net(p, 4, 20, ap);
    net.run();
    EXPECT_TRUE(net.engine().done()) << net.engine().blocked_report(10);
    const auto& res = net.engine().result(0);
    EXPECT_EQ(res.finish, res.compute + res.overhead + res.waiting);
    return net.engine().completion();
  };
  EXPECT_EQ(finish("* allreduce 8\n* compute 1000\n", false), 1040u);
  const std::string nb = "* iallreduce 8\n* compute 1000\n* wait 0\n";
  EXPECT_EQ(finish(nb, false), 1000u);
  EXPECT_EQ(finish(nb, true), 1020u);
  // Between two computes the rank is not computing: the second step goes
  // there (a trace's computes are the gaps between its MPI calls).
  EXPECT_EQ(finish("* iallreduce 8\n* compute 500\n* compute 500\n* wait 0\n", true), 1000u);
  EXPECT_EQ(finish("* iallreduce 8\n* compute 500\n* barrier\n* compute 500\n* wait 0\n", true), 1040u);
  EXPECT_EQ(finish("* iallreduce 8\n* compute 500\n* barrier\n* compute 500\n* wait 0\n", false), 1040u);
}

TEST(Workload, AWaitNamesANonblockingCollectiveAmongTheRanksRequests) {
  // Rank 0's issend (request 0) completes only once rank 1, after 2,000
  // ns, receives it; its iallreduce is request 1. `wait 1` goes on when
  // the collective is done, so the 5,000-ns compute ends near 5,000 and
  // the program's end finds the issend done; `wait 0` holds the compute
  // until after 2,000.
  const auto finish = [](const std::string& wait) {
    return run_two("0 issend 1 8 0\n* iallreduce 8\n0 " + wait +
                   "\n0 compute 5000\n1 wait 0\n1 compute 2000\n1 recv 0 8 0\n")
        .finish;
  };
  EXPECT_LT(finish("wait 1"), 5100u);
  EXPECT_GT(finish("wait 0"), 7000u);
  EXPECT_GT(finish("wait"), 7000u);
}

TEST(Workload, NonblockingCollectivesOpenAtOnceMatchOnlyTheirOwnMessages) {
  // Two open at once, a blocking one and a message between them: each
  // collective's messages match only its own receives, an `any` receive
  // only the user's message. 2 + 2 + 2 collective messages and 1.
  EXPECT_EQ(run_to_end("ranks 2\n* ibarrier\n* iallreduce 64\n0 irecv 1 8 any\n* allreduce 8\n1 send 0 8 3\n"
                       "* wait\n").sent,
            7u);
  // 2 + 1 (the bcast's root to the other rank) + 2.
  EXPECT_EQ(run_to_end("ranks 2\n* iallreduce 64\n* ibcast 1 4096\n0 wait 1\n* barrier\n* wait\n").sent, 5u);
}

TEST(Workload, AnIbarrierBeforeASendItsPeerReceivesFirstFinishes) {
  // Rank 0 sends after its ibarrier; rank 1 receives that message before
  // its own: the barrier waits in the background, so both finish (run
  // blocking at its call, as workload.nonblocking_collectives=blocking
  // reads an OTF2 trace, it could not).
  EXPECT_EQ(run_to_end("ranks 2\n0 ibarrier\n0 send 1 8 0\n0 wait 0\n1 recv 0 8 0\n1 ibarrier\n1 wait 0\n").sent,
            3u);
  const Program blocking = parse("ranks 2\n0 barrier\n0 send 1 8 0\n1 recv 0 8 0\n1 barrier\n");
  IdealNet net(blocking, 2, 4);
  net.run();
  EXPECT_TRUE(net.engine().stuck());
}

TEST(Workload, ABlockingCallNeverMatchesANonblockingOne) {
  try {
    parse("ranks 2\n0 iallreduce 8\n1 allreduce 8\n");
    FAIL() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("(allreduce) differs from rank 0's (line 2: iallreduce)"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("a blocking call never matches a non-blocking one"), std::string::npos)
        << e.what();
  }
}

TEST(Workload, AStuckNonblockingCollectiveIsReportedWithItsReceives) {
  // Rank 1 waits for a message rank 0 never sends before it starts its
  // iallreduce: rank 0's collective waits in the background. A wait for
  // it, a wait for every request and the program's end each list the
  // collective's receives once, under the collective.
  for (const std::string& wait : {std::string("0 wait 0\n"), std::string("0 wait\n"), std::string()}) {
    const Program p = parse("ranks 2\n0 iallreduce 8\n" + wait + "1 recv 0 8 5\n1 iallreduce 8\n1 wait 0\n");
    IdealNet net(p, 2, 20);
    net.run();
    ASSERT_TRUE(net.engine().stuck());
    const std::string rep = net.engine().blocked_report(10);
    const std::string in = wait.empty() ? "at its end, for 1 open request(s)" : "in wait (line 3)";
    EXPECT_NE(rep.find("rank 0 (node 0) since cycle 0 " + in + "; in the background since cycle 0, iallreduce (line "
                       "2); waits for iallreduce's receive from rank 1 tag of collective 1 (line 2)\n"),
              std::string::npos)
        << rep;
    const std::string receive = "iallreduce's receive from rank 1";
    EXPECT_EQ(rep.find(receive), rep.rfind(receive)) << "listed once: " << rep;
  }
}
