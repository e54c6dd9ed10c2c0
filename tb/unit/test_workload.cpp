// The closed-loop workload without SystemC: the collectives' point-to-point
// schedules pair every send with one receive, the engine runs programs over
// an ideal network to the cycle the rules give (docs/workloads.md), reports
// a program that can never finish with what each rank waits for, and the
// text format reads back what it writes; bad lines are refused with their
// number.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <map>
#include <sstream>

#include "core/error.h"
#include "workload/application.h"
#include "workload/engine.h"
#include "workload/dpsnn.h"
#include "workload/graph500.h"
#include "workload/text_trace.h"
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

// Drives the engine by hand for a network that reorders: rank 0's two
// isends to rank 1, an 80-flit message (packets 100..109) then a 1-flit
// one (packet 110). The small one's packet arrives at 30, the large one's
// at 40..49. The small one has tag `small_tag`; rank 1 runs `recv1` and
// then `1 compute 1000`.
struct Overtaken {
  Overtaken(int small_tag, const std::string& recv1)
      : prog(parse("ranks 2\n0 isend 1 640 0\n0 isend 1 8 " + std::to_string(small_tag) + "\n0 wait\n" + recv1 +
                   "1 compute 1000\n")),
        e(prog, {0, 1}, 2, AppParams{}) {
    e.step(0, 0, out);
    e.step(1, 0, out);
    e.enqueued(out.at(0), 100);
    e.enqueued(out.at(1), 110);
    e.sent(out.at(0).msg, 9);
    e.sent(out.at(1).msg, 10);
  }
  void arrive(uint32_t pseq, Cycle at) {
    Flit tail;
    tail.src = 0;
    tail.pseq = pseq;
    tail.size = 1;
    e.delivered(1, tail, at);
  }
  // Delivers the small message at 30 and the large one at 40..49, then runs
  // rank 1 to its end.
  Cycle finish() {
    arrive(110, 30);
    for (uint32_t k = 0; k < 10; ++k) arrive(100 + k, 40 + k);
    for (Cycle now = 30; now < 5000 && e.result(1).finish == kNeverCycle; ++now)
      if (e.next_time(1) <= now) e.step(1, now, out);
    EXPECT_EQ(e.messages().unmatched, 0u);
    EXPECT_EQ(e.result(1).finish, e.result(1).compute + e.result(1).waiting);
    return e.result(1).finish;
  }
  Program prog;
  AppEngine e;
  std::vector<GenPacket> out;
};

}  // namespace

TEST(Workload, AMessageThatOvertakesAnEarlierOneFromItsRankIsNotReceivedFirst) {
  // Both tag 0: MPI's non-overtaking rule gives the first irecv the message
  // sent first, although the second arrived before it. `wait 0` therefore
  // waits for the large message (49), not the small one (30).
  Overtaken a(0, "1 irecv 0 640 0\n1 irecv 0 8 0\n1 wait 0\n");
  EXPECT_EQ(a.finish(), 1049u);
  // An any-tag irecv, then a receive of the small one's tag (key_combos'
  // deadlock, docs/reliability.md): the irecv takes the large message and
  // the recv the small one, which waited for the large one's envelope (40);
  // the irecv completed at 49, long before the program's end.
  Overtaken b(7, "1 irecv any 640 any\n1 recv 0 8 7\n");
  EXPECT_EQ(b.finish(), 1040u);
}

TEST(Workload, EnvelopesAreOfferedInTheOrderTheirRankSent) {
  // A receive for the small message only: it arrived at 30 but is matched
  // once the large one's first packet has arrived (40), as an MPI library
  // matches one sender's envelopes in order.
  Overtaken a(7, "1 recv 0 8 7\n");
  a.arrive(110, 30);
  a.e.step(1, 30, a.out);
  EXPECT_EQ(a.e.next_time(1), kNeverCycle);  // still blocked: held behind packet 100
  a.arrive(100, 40);
  EXPECT_EQ(a.e.next_time(1), 40u);
  // The large one waits unreceived; once here it counts as unmatched.
  for (uint32_t k = 1; k < 10; ++k) a.arrive(100 + k, 40 + k);
  EXPECT_EQ(a.e.messages().unmatched, 1u);
  EXPECT_EQ(a.e.messages().delivered, 2u);
  EXPECT_EQ(a.e.messages_in_flight(), 0u);
}

namespace {

// Packets delivered by hand: every rank steps at cycle 0, its messages'
// packets numbered from 100 at its node (rank r on node r).
struct ByHand {
  explicit ByHand(const std::string& text, AppParams ap = {})
      : prog(parse(text)), e(prog, linear(prog.ranks()), prog.ranks(), ap) {
    std::vector<uint32_t> next(static_cast<size_t>(prog.ranks()), 100);
    for (int r = 0; r < prog.ranks(); ++r) {
      std::vector<GenPacket> out;
      e.step(r, 0, out);
      for (const GenPacket& g : out) {
        uint32_t& seq = next[static_cast<size_t>(r)];
        e.enqueued(g, static_cast<uint64_t>(r) << 40 | seq);
        seq += g.packets;
        e.sent(g.msg, 1);
      }
    }
  }
  static std::vector<int> linear(int n) {
    std::vector<int> v;
    for (int r = 0; r < n; ++r) v.push_back(r);
    return v;
  }
  void arrive(int src, int dst, uint32_t pseq, Cycle at) {
    Flit tail;
    tail.src = src;
    tail.pseq = pseq;
    tail.size = 1;
    e.delivered(dst, tail, at);
  }
  // Steps rank r at each cycle from `from` to `to`.
  void run(int r, Cycle from, Cycle to) {
    std::vector<GenPacket> out;
    for (Cycle now = from; now <= to; ++now)
      if (e.next_time(r) <= now) e.step(r, now, out);
  }
  Program prog;
  AppEngine e;
};

}  // namespace

TEST(Workload, HeldEnvelopesWaitForEveryEarlierOneOfTheirRankOnly) {
  // Rank 0 sends tags 1, 2, 3 to rank 1 (packets 100, 101, 102), rank 2
  // sends tag 9 (its packet 100). Rank 1's request 0 takes rank 2's message,
  // request 1 the tag-3 one. Whatever order rank 0's three arrive in, the
  // tag-3 envelope is offered only once the other two have arrived; rank
  // 2's, at 15, is held behind none of them.
  const std::string text = "ranks 3\n0 isend 1 8 1\n0 isend 1 8 2\n0 isend 1 8 3\n2 send 1 8 9\n"
                           "1 irecv 2 8 9\n1 irecv 0 8 3\n1 irecv 0 8 any\n1 irecv 0 8 any\n1 wait 0\n1 wait 1\n";
  // Arrival cycles of tags 1, 2, 3: 2-3-1, 3-1-2, 1-3-2.
  for (const std::array<Cycle, 3> at : {std::array<Cycle, 3>{30, 10, 20}, {20, 30, 10}, {10, 30, 20}}) {
    ByHand h(text);
    for (Cycle now = 0; now <= 40; ++now) {
      for (uint32_t k = 0; k < 3; ++k)
        if (at[k] == now) h.arrive(0, 1, 100 + k, now);
      if (now == 15) h.arrive(2, 1, 100, now);
      h.run(1, now, now);
      if (now == 15) {
        EXPECT_EQ(h.e.next_time(1), kNeverCycle) << "wait 0 ended at 15; wait 1 holds";
      }
    }
    EXPECT_EQ(h.e.result(1).finish, 30u) << at[0] << " " << at[1] << " " << at[2];
    EXPECT_EQ(h.e.result(1).waiting, 30u);
    EXPECT_EQ(h.e.messages().unmatched, 0u);
  }
}

TEST(Workload, AReceiveOfAnEnvelopeWhoseDataIsOnItsWayWaitsForIt) {
  // The 80-flit message's envelope arrives at 40 and its last packet at
  // 49; rank 1's recv, posted at 45, takes it and waits until 49 (a
  // blocking recv), its irecv's wait likewise.
  for (const std::string recv : {"1 recv 0 640 0\n", "1 irecv 0 640 0\n1 wait\n"}) {
    ByHand h("ranks 2\n0 isend 1 640 0\n0 wait\n1 compute 45\n" + recv + "1 compute 1000\n");
    for (Cycle now = 40; now <= 60; ++now) {
      if (now < 50) h.arrive(0, 1, 100 + static_cast<uint32_t>(now - 40), now);
      h.run(1, now, now);
    }
    h.run(1, 61, 2000);
    EXPECT_EQ(h.e.result(1).finish, 1049u) << recv;
    EXPECT_EQ(h.e.result(1).waiting, 4u) << recv;
  }
}

TEST(Workload, ARendezvousSendsItsDataOnceAReceiveTookItsEnvelope) {
  // 640 bytes (80 flits, 10 packets) on an ideal network of latency 10;
  // rank 1 posts its receive at 1,000. Eager, the data left at once: the
  // send completes at 80. By rendezvous (more than eager_limit bytes) the
  // RTS arrives at 10, the receive at 1,000 answers with a CTS that
  // arrives at 1,010, and only then does the data leave: its tail at
  // 1,089 (the send completes at 1,090), arriving at 1,099.
  const Program p = parse("ranks 2\n0 send 1 640 0\n1 compute 1000\n1 recv 0 640 0\n");
  const auto finish = [&](int64_t eager_limit) {
    AppParams ap;
    ap.eager_limit = eager_limit;
    IdealNet net(p, 2, 10, ap);
    net.run();
    EXPECT_TRUE(net.engine().done()) << net.engine().blocked_report(10);
    EXPECT_EQ(net.engine().messages().delivered, 1u);
    return std::make_pair(net.engine().result(0).finish, net.engine().result(1).finish);
  };
  EXPECT_EQ(finish(-1), std::make_pair(Cycle{80}, Cycle{1000}));
  EXPECT_EQ(finish(640), std::make_pair(Cycle{80}, Cycle{1000}));  // not more than the limit: eager
  EXPECT_EQ(finish(639), std::make_pair(Cycle{1090}, Cycle{1099}));
  EXPECT_EQ(finish(0), std::make_pair(Cycle{1090}, Cycle{1099}));
}

namespace {

// Runs p, whose rank 0 sends a message no rank receives, until it is
// stuck: the report names rank 0's send as `says`, the message counts as
// unmatched, and `delivered` messages arrived.
void expect_sender_held(const Program& p, const AppParams& ap, const std::string& says, uint64_t delivered) {
  IdealNet net(p, 2, 10, ap);
  net.run();
  ASSERT_TRUE(net.engine().stuck());
  const std::string rep = net.engine().blocked_report(10);
  EXPECT_NE(rep.find("rank 0 (node 0) since cycle 0 in " + says + " (line 2)"), std::string::npos) << rep;
  EXPECT_EQ(net.engine().messages().unmatched, 1u);
  EXPECT_EQ(net.engine().messages().delivered, delivered);
}

}  // namespace

TEST(Workload, ARendezvousNoRankReceivesHoldsItsSender) {
  // Eager, the send completes and only the message stays unmatched; by
  // rendezvous its data never leaves, and the sender waits for ever.
  const Program p = parse("ranks 2\n0 send 1 640 0\n1 compute 500\n");
  AppParams ap;
  ap.eager_limit = 64;
  expect_sender_held(p, ap, "send to rank 1 by rendezvous (its data waits for a receive)", 0);
  IdealNet eager(p, 2, 10);
  eager.run();
  EXPECT_TRUE(eager.engine().done());
  EXPECT_EQ(eager.engine().messages().unmatched, 1u);
}

TEST(Workload, ASynchronousSendCompletesOnceAReceiveTookIt) {
  // 64 bytes (8 flits, one packet) on an ideal network of latency 10. A
  // standard send completes when its tail has left, at 8. A synchronous
  // one waits for the ACK its receiver returns when a receive takes the
  // message: the receive posted at 1,000 sends it then, and it arrives at
  // 1,010; posted at 0, the receive takes the message at its arrival, 17,
  // and the ACK arrives at 27. An issend and its wait do the same. By
  // rendezvous (eager_limit 0) the CTS already says a receive took it: no
  // ACK, and the send completes when its data has left after the CTS, at
  // 1,018, as a standard send by rendezvous does.
  const auto finish = [](const std::string& send, bool late, int64_t eager_limit = -1) {
    AppParams ap;
    ap.eager_limit = eager_limit;
    const Program p = parse("ranks 2\n0 " + send + " 1 64 0\n" + (send == "issend" ? "0 wait\n" : "") +
                            (late ? "1 compute 1000\n" : "") + "1 recv 0 64 0\n");
    IdealNet net(p, 2, 10, ap);  // the engine keeps a reference to the program
    net.run();
    EXPECT_TRUE(net.engine().done()) << net.engine().blocked_report(10);
    EXPECT_EQ(net.engine().messages().delivered, 1u);
    EXPECT_EQ(net.engine().messages_in_flight(), 0u);  // the ACK counted while on its way
    return std::make_pair(net.engine().result(0).finish, net.engine().result(1).finish);
  };
  EXPECT_EQ(finish("send", true), std::make_pair(Cycle{8}, Cycle{1000}));
  EXPECT_EQ(finish("ssend", true), std::make_pair(Cycle{1010}, Cycle{1000}));
  EXPECT_EQ(finish("issend", true), std::make_pair(Cycle{1010}, Cycle{1000}));
  EXPECT_EQ(finish("send", false), std::make_pair(Cycle{8}, Cycle{17}));
  EXPECT_EQ(finish("ssend", false), std::make_pair(Cycle{27}, Cycle{17}));
  EXPECT_EQ(finish("send", true, 0), std::make_pair(Cycle{1018}, Cycle{1027}));
  EXPECT_EQ(finish("ssend", true, 0), std::make_pair(Cycle{1018}, Cycle{1027}));
}

TEST(Workload, ASynchronousSendCompletesWhenItsTailHasLeftEvenIfTheAckCameFirst) {
  // 6,400 bytes (800 flits, 100 packets): the receive takes the first
  // packet at 17 and its ACK is back at 27, long before the tail leaves at
  // 799. The send completes at 800, as a standard send does.
  const Program p = parse("ranks 2\n0 ssend 1 6400 0\n1 recv 0 6400 0\n");
  IdealNet net(p, 2, 10);
  net.run();
  ASSERT_TRUE(net.engine().done()) << net.engine().blocked_report(10);
  EXPECT_EQ(net.engine().result(0).finish, 800u);
}

TEST(Workload, ASynchronousSendNoRankReceivesHoldsItsSender) {
  // The data arrives and stays unmatched; no ACK comes, and the sender
  // waits for ever where a standard send would have completed.
  const Program p = parse("ranks 2\n0 ssend 1 64 0\n1 compute 500\n");
  expect_sender_held(p, {}, "ssend to rank 1 (synchronous: it completes once a receive takes it)", 1);
}

TEST(Workload, ABufferedSendCompletesAtOnceAndTheRanksEndWaitsForItsData) {
  // 640 bytes (80 flits) on an ideal network of latency 10, then 30 cycles
  // of compute; rank 1 receives at 1,000. A standard send holds rank 0
  // until its tail has left (80; by rendezvous, eager_limit 0, until its
  // data has left after the CTS, 1,090), then computes: 110 and 1,120. A
  // buffered send, or an ibsend and its wait, completes at once: rank 0
  // computes at once and its end waits for the data to have left: 80 and
  // 1,090. The receive ends as it did (1,000 eager, 1,099 by rendezvous).
  const auto finish = [](const std::string& send, int64_t eager_limit) {
    AppParams ap;
    ap.eager_limit = eager_limit;
    const Program p = parse("ranks 2\n0 " + send + " 1 640 0\n" + (send[0] == 'i' ? "0 wait 0\n" : "") +
                            "0 compute 30\n1 compute 1000\n1 recv 0 640 0\n");
    IdealNet net(p, 2, 10, ap);  // the engine keeps a reference to the program
    net.run();
    EXPECT_TRUE(net.engine().done()) << net.engine().blocked_report(10);
    EXPECT_EQ(net.engine().messages().delivered, 1u);
    const auto& r0 = net.engine().result(0);
    EXPECT_EQ(r0.compute + r0.waiting, r0.finish) << send;
    return std::make_pair(r0.finish, net.engine().result(1).finish);
  };
  EXPECT_EQ(finish("send", -1), std::make_pair(Cycle{110}, Cycle{1000}));
  EXPECT_EQ(finish("bsend", -1), std::make_pair(Cycle{80}, Cycle{1000}));
  EXPECT_EQ(finish("isend", -1), std::make_pair(Cycle{110}, Cycle{1000}));
  EXPECT_EQ(finish("ibsend", -1), std::make_pair(Cycle{80}, Cycle{1000}));
  EXPECT_EQ(finish("send", 0), std::make_pair(Cycle{1120}, Cycle{1099}));
  EXPECT_EQ(finish("bsend", 0), std::make_pair(Cycle{1090}, Cycle{1099}));
  EXPECT_EQ(finish("ibsend", 0), std::make_pair(Cycle{1090}, Cycle{1099}));
}

TEST(Workload, BufferedSendsByRendezvousLetAnExchangeOfLongMessagesFinish) {
  // Both ranks send first, then receive: by rendezvous, blocking standard
  // sends wait for receives that come only after them, and the run is
  // stuck; buffered sends complete at once, both receives are posted, and
  // the data goes.
  const auto run = [](const std::string& send) {
    AppParams ap;
    ap.eager_limit = 64;
    const Program p =
        parse("ranks 2\n0 " + send + " 1 640 0\n0 recv 1 640 0\n1 " + send + " 0 640 0\n1 recv 0 640 0\n");
    IdealNet net(p, 2, 10, ap);
    net.run();
    return std::make_pair(net.engine().done(), net.engine().stuck());
  };
  EXPECT_EQ(run("send"), std::make_pair(false, true));
  EXPECT_EQ(run("bsend"), std::make_pair(true, false));
}

TEST(Workload, ABufferedSendNoRankReceivesHoldsItsRanksEndByRendezvousOnly) {
  // By rendezvous the data never leaves: rank 0's end waits for ever, and
  // the report says so. Eager, the data leaves, rank 0 ends, and the
  // message stays unmatched, as a standard send's would.
  const Program p = parse("ranks 2\n0 isend 1 8 1\n0 bsend 1 640 0\n1 recv 0 8 1\n1 compute 500\n");
  AppParams ap;
  ap.eager_limit = 64;
  IdealNet net(p, 2, 10, ap);
  net.run();
  ASSERT_TRUE(net.engine().stuck());
  const std::string rep = net.engine().blocked_report(10);
  EXPECT_NE(rep.find("rank 0 (node 0) since cycle 1 at its end, for 1 buffered send(s) whose data has not left, the "
                     "first bsend to rank 1 by rendezvous (its data waits for a receive) (line 3)"),
            std::string::npos)
      << rep;
  EXPECT_EQ(net.engine().messages().unmatched, 1u);
  IdealNet eager(p, 2, 10);
  eager.run();
  EXPECT_TRUE(eager.engine().done());
  EXPECT_EQ(eager.engine().messages().unmatched, 1u);
}

TEST(Workload, AnRtsKeepsItsPlaceAmongItsRanksEnvelopes) {
  // Rank 0 sends an 8-byte eager message (tag 1) and a 640-byte one by
  // rendezvous (tag 2), in either order (packets 100 and 101); the second
  // sent arrives first, at 10, and the first at 20. Rank 1 waits for the
  // eager one only. Whichever came first, nothing is offered before 20:
  // rank 1 sends no CTS and its wait holds until then.
  AppParams ap;
  ap.eager_limit = 64;
  for (const bool rts_first : {false, true}) {
    const std::string eager = "0 isend 1 8 1\n", rdv = "0 isend 1 640 2\n";
    ByHand h("ranks 2\n" + (rts_first ? rdv + eager : eager + rdv) +
                 "0 wait\n1 irecv 0 640 2\n1 irecv 0 8 1\n1 wait 1\n1 compute 1000\n",
             ap);
    h.arrive(0, 1, 101, 10);
    EXPECT_EQ(h.e.next_time(1), kNeverCycle) << rts_first;  // held: no CTS, no completion
    h.arrive(0, 1, 100, 20);
    std::vector<GenPacket> out;
    h.e.step(1, 20, out);
    ASSERT_EQ(out.size(), 1u) << rts_first;  // the CTS, made at 20
    EXPECT_EQ(out[0].size, 1);
    EXPECT_EQ(out[0].dst, 0);
    EXPECT_EQ(h.e.next_time(1), 1020u) << rts_first;  // the wait ended at 20
  }
}

TEST(Workload, AReceivesCtsLeavesBeforeTheSendsAfterIt) {
  // The RTS is waiting when rank 1 runs `irecv` then `isend`: its CTS goes
  // to the NIC first, in program order.
  AppParams ap;
  ap.eager_limit = 64;
  ByHand h("ranks 2\n0 send 1 640 0\n1 compute 50\n1 irecv 0 640 0\n1 isend 0 64 5\n", ap);
  h.arrive(0, 1, 100, 10);
  std::vector<GenPacket> out;
  h.e.step(1, 50, out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].size, 1);  // the CTS
  EXPECT_EQ(out[0].packets, 1u);
  EXPECT_EQ(out[1].size, 8);  // the isend's 8 flits
}

TEST(Workload, AWaitForNamedRequestsWaitsForThoseOnly) {
  // Rank 0 starts an 80-flit isend (request 0, its tail leaves at 79) and
  // an irecv (request 1) whose 1-flit message arrives at L = 20. `wait 1`
  // goes on at 20, so the compute runs 20..1020 and the program's end
  // finds the isend long done; `wait` (all) or `wait 0` waits until 80.
  const auto finish = [](const std::string& wait) {
    const Program p = parse("ranks 2\n0 isend 1 640 0\n0 irecv 1 8 1\n0 " + wait +
                            "\n0 compute 1000\n1 send 0 8 1\n1 recv 0 640 0\n");
    IdealNet net(p, 2, 20);
    net.run();
    EXPECT_TRUE(net.engine().done()) << net.engine().blocked_report(10);
    const auto& res = net.engine().result(0);
    EXPECT_EQ(res.finish, res.compute + res.waiting);
    return res.finish;
  };
  EXPECT_EQ(finish("wait 1"), 1020u);
  EXPECT_EQ(finish("wait 0"), 1080u);
  EXPECT_EQ(finish("wait 1 0"), 1080u);
  EXPECT_EQ(finish("wait"), 1080u);
  // A listed receive that never completes blocks; the report names it and
  // not the other open one.
  const Program q = parse("ranks 2\n0 irecv 1 8 5\n0 irecv 1 8 6\n0 wait 1\n1 compute 5\n");
  IdealNet net(q, 2, 20);
  net.run();
  ASSERT_TRUE(net.engine().stuck());
  const std::string rep = net.engine().blocked_report(10);
  EXPECT_NE(rep.find("in wait (line 4); waits for irecv from rank 1 tag 6 (line 3)\n"), std::string::npos) << rep;
}

// Non-blocking collectives (docs/workloads.md, "Non-blocking collectives").
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
  EXPECT_GT(run_two("* allreduce 8\n* compute 1000\n", 0, ap).overhead, 0u);
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
  }
}

TEST(Workload, TextTracesReadBackWhatTheyWrite) {
  std::string t = "# comment\nranks 4\n* compute 12.345 # trailing\n0 isend 1 100 7\n1 irecv any 100 any\n1 wait\n0 wait 0\n"
                  "2 send 3 0 0\n3 recv 2 0 0\n2 ssend 3 8 1\n2 issend 3 8 2\n3 recv 2 8 1\n3 irecv 2 8 2\n"
                  "2 bsend 3 8 3\n2 ibsend 3 8 4\n3 recv 2 8 3\n3 irecv 2 8 4\n"
                  "* bcast 2 64\n* reduce 1 8\n* allreduce 16\n* alltoall 4\n* barrier\n* gather 3 24\n"
                  "* scatter 1 40\n* allgather 8\n* reduce_scatter 12\n* scan 4\n* exscan 4\n"
                  "* ibcast 2 64\n* iscan 4\n* ibarrier\n0 wait 2 1\n";
  for (int r = 0; r < 4; ++r) {  // each rank its own block
    const std::string me = std::to_string(r), b = std::to_string(8 * r);
    t += me + " gatherv 1 " + b + "\n" + me + " scatterv 2 " + b + "\n" + me + " allgatherv " + b + "\n" + me +
         " reduce_scatterv " + b + "\n";
  }
  for (int r = 0; r < 4; ++r) {
    t += std::to_string(r) + " alltoallv";
    for (int d = 0; d < 4; ++d) t += " " + std::to_string(d == r ? 0 : d + 1);
    t += "\n";
  }
  const Program a = parse(t);
  std::ostringstream wa;
  wa << written_back(a);
  const Program b = parse(wa.str());
  EXPECT_NE(wa.str().find("0 compute 12.345\n"), std::string::npos) << wa.str();
  EXPECT_NE(wa.str().find("0 wait 0\n"), std::string::npos) << wa.str();
  EXPECT_NE(wa.str().find("3 ibcast 2 64\n3 iscan 4\n3 ibarrier\n"), std::string::npos) << wa.str();
  EXPECT_NE(wa.str().find("0 ibarrier\n0 wait 2 1\n"), std::string::npos) << wa.str();
  EXPECT_TRUE(std::any_of(b.events(1).begin(), b.events(1).end(),
                          [](const Event& e) { return e.kind == EventKind::Bcast && e.nonblocking; }));
  EXPECT_NE(wa.str().find("3 gatherv 1 24\n3 scatterv 2 24\n3 allgatherv 24\n3 reduce_scatterv 24\n"),
            std::string::npos)
      << wa.str();
  EXPECT_NE(wa.str().find("2 ssend 3 8 1\n2 issend 3 8 2\n2 bsend 3 8 3\n2 ibsend 3 8 4\n"), std::string::npos)
      << wa.str();
  const std::vector<Op>& ops = b.ops(2);
  EXPECT_EQ(ops[1].mode, SendMode::Standard);
  EXPECT_TRUE(ops[2].mode == SendMode::Synchronous && ops[3].mode == SendMode::Synchronous);
  EXPECT_TRUE(ops[4].mode == SendMode::Buffered && ops[5].mode == SendMode::Buffered);
  for (int r = 0; r < 4; ++r) ASSERT_EQ(a.ops(r).size(), b.ops(r).size());
}

// sendrecv (docs/workloads.md, "Text traces"): an isend, an irecv and a
// wait for both, numbered after the rank's earlier requests; it writes
// back as those three lines.
TEST(Workload, ASendrecvIsAnIsendAnIrecvAndOneWait) {
  const Program p = parse("ranks 3\n0 irecv 2 8 9\n0 sendrecv 1 64 3 any 64 any\n1 sendrecv 2 16 4 0 32 5\n"
                          "2 sendrecv 0 8 1 1 8 any\n0 send 2 8 9\n");
  std::ostringstream w;
  write_text_trace(p, w);
  EXPECT_NE(w.str().find("0 irecv 2 8 9\n0 isend 1 64 3\n0 irecv any 64 any\n0 wait 1 2\n0 send 2 8 9\n"),
            std::string::npos)
      << w.str();
  EXPECT_NE(w.str().find("1 isend 2 16 4\n1 irecv 0 32 5\n1 wait 0 1\n"), std::string::npos) << w.str();
  ASSERT_EQ(p.events(2).size(), 3u);
  EXPECT_EQ(p.events(2)[2].kind, EventKind::Wait);
  EXPECT_EQ(p.events(2)[2].line, 5u);
}

TEST(Workload, MalformedLinesAreRefusedWithTheirNumber) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"ranks 2\n0 send 1 8\n", "line 2: expected '<rank> send <peer> <bytes> <tag>'"},
      {"ranks 2\n\n0 fly 1\n", "line 3: unknown operation 'fly'"},
      {"ranks 2\n2 wait\n", "line 2: rank '2' is not an integer in 0..1"},
      {"ranks 2\n0 send 0 8 1\n", "line 2: send: rank 0 names itself"},
      {"ranks 2\n0 recv 1 8 -3\n", "line 2: tag '-3' is not an integer"},
      {"ranks 2\n0 compute -1\n", "line 2: compute time '-1'"},
      {"ranks 2\n0 compute 1e99\n", "line 2: compute time"},
      {"ranks 2\n0 send 1 x 0\n", "line 2: bytes 'x'"},
      {"0 wait\n", "line 1: expected 'ranks <N>'"},
      {"# nothing\n", "no 'ranks <N>' line"},
      {"ranks 3\n* barrier\n1 allreduce 8\n", "collective 2 (allreduce) of rank 1 has no counterpart in rank 0"},
      {"ranks 2\n0 bcast 0 8\n1 bcast 1 8\n", "line 3: collective 1 of rank 1 (bcast) differs from rank 0's (line 2"},
      {"ranks 2\n0 alltoallv 0 1\n1 alltoallv 1\n", "line 3: expected '<rank> alltoallv"},
      {"ranks 2\n0 alltoallv 5 1\n1 alltoallv 1 0\n", "line 2: alltoallv: rank 0 sends 5 bytes to itself"},
      {"ranks 2\n0 isend 1 8 0\n0 send 1 8 0\n0 wait 1\n",
       "line 4: wait: request 1 of rank 0: it has started 1 (isend, issend, ibsend, irecv and the non-blocking "
       "collectives, numbered from 0)"},
      {"ranks 2\n* iallreduce\n", "line 2: expected '<rank> iallreduce <bytes>' (3 fields), got 2"},
      {"ranks 2\n0 isendrecv 1 8 0 1 8 0\n", "line 2: unknown operation 'isendrecv'"},
      {"ranks 2\n0 iallreduce 8\n1 allreduce 8\n", "line 3: collective 1 of rank 1 (allreduce) differs"},
      {"ranks 2\n0 irecv 1 8 0\n0 wait 0 0\n", "line 3: wait: request 0 named twice"},
      {"ranks 2\n0 wait x\n", "line 2: request 'x' is not an integer in 0..20000000"},
      {"ranks 2\n0 issend 1 8\n", "line 2: expected '<rank> issend <peer> <bytes> <tag>'"},
      {"ranks 2\n0 sendrecv 1 8 0 1 8\n", "line 2: expected '<rank> sendrecv <dest> <bytes> <tag> <source|any>"},
      {"ranks 2\n0 sendrecv 1 8 any 1 8 0\n", "line 2: tag 'any' is not an integer"},
      {"ranks 2\n* sendrecv 1 8 0 1 8 0\n", "line 2: sendrecv's isend: rank 1 names itself"},
  };
  expect_refused(cases);
}

TEST(Workload, OnlyASendOrAnIsendHasASendMode) {
  for (const SendMode m : {SendMode::Synchronous, SendMode::Buffered}) {
    Program p(2);
    Event e = Event::of(EventKind::Recv, 0, 1, 8);
    e.mode = m;
    try {
      p.add(1, e);
      FAIL() << "a recv with a send mode was added";
    } catch (const ConfigError& x) {
      EXPECT_NE(std::string(x.what()).find("recv: only a send or an isend can be synchronous or buffered"),
                std::string::npos)
          << x.what();
    }
  }
}

TEST(Workload, RanksMapOntoDistinctNodes) {
  WorkloadConfig w;
  EXPECT_EQ(map_ranks(w, 3, 8, 1), (std::vector<int>{0, 1, 2}));
  w.mapping = "random";
  const std::vector<int> a = map_ranks(w, 8, 8, 1), b = map_ranks(w, 8, 8, 1), c = map_ranks(w, 8, 8, 2);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  std::vector<int> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_THROW(map_ranks(w, 9, 8, 1), ConfigError);
}

// Graph500 (docs/workloads.md, "Graph500"): the spec's check, s = 25,
// f_e = 16, n = 128, c_s = 256: the whole search's 2^30 queries make
// ceil(8,323,072 / (256 * 128)) * 128 = 32,512 messages per process; the
// planned levels (their running total capped at 2^30) add a level's
// rounding each.
TEST(Graph500, MessagesPerProcessMatchTheModelsCheck) {
  EXPECT_EQ(level_load(std::ldexp(1.0, 30), 128, 256).messages, 32512u);
  EXPECT_EQ(level_load(std::ldexp(1.0, 30), 128, 256).destinations, 127);
  Graph500Params p;
  p.scale = 25;
  p.processes = 128;
  p.seed = 7;
  const Graph500Plan plan = graph500_plan(p);
  double total = 0;
  for (const auto& l : plan.levels) total += l.edges;
  EXPECT_DOUBLE_EQ(total, std::ldexp(1.0, 30)) << "the search reaches the cap";
  EXPECT_GE(plan.messages_per_process(), 32512u);
  EXPECT_LE(plan.messages_per_process(), 32512u + 128 * plan.levels.size());
}

TEST(Graph500, TheProgramSendsWhatThePlanSays) {
  Graph500Params p;
  p.scale = 10;
  p.processes = 8;
  p.seed = 3;
  const Graph500Plan plan = graph500_plan(p);
  ASSERT_GE(plan.levels.size(), 3u);
  const Program prog = graph500_program(p, plan);
  // Levels of at least one query per process send exactly m each; a
  // level below sends at most one message per process.
  uint64_t queries = plan.levels[0].load.messages, chance_levels = 0;  // the root alone at level 0
  for (size_t l = 1; l < plan.levels.size(); ++l) {
    queries += 8 * plan.levels[l].load.messages;
    chance_levels += plan.levels[l].load.chance > 0;
  }
  const uint64_t levels = plan.levels.size();
  // Signals: every process to every other; the all-reduce: to the root and back.
  const uint64_t fixed = queries + levels * (8 * 7 + 2 * 7);
  const uint64_t by_chance = 8 * chance_levels + (plan.levels[0].load.chance > 0);  // level 0: the root's
  EXPECT_GE(prog.messages(), fixed);
  EXPECT_LE(prog.messages(), fixed + by_chance);
  // Bytes: 16 per query, every query of every level at or above one per
  // process (each rounded per sender), and 8 per all-reduce message.
  double q = plan.levels[0].load.queries;
  for (size_t l = 1; l < plan.levels.size(); ++l) q += 8 * (plan.levels[l].load.messages ? plan.levels[l].load.queries : 0);
  EXPECT_NEAR(static_cast<double>(prog.bytes() - levels * 2 * 7 * 8), 16 * q, 16.0 * (8 * levels + by_chance));
  // It runs to its end on an ideal network, every process finishing together.
  IdealNet net(prog, 8, 10);
  net.run(10'000'000);
  ASSERT_TRUE(net.engine().done());
  EXPECT_EQ(net.engine().messages().unmatched, 0u);
}

TEST(Workload, CollectivesThatWouldExpandPastTheLimitAreRefused) {
  // 10,000 ranks: one alltoall of long blocks (pairwise) is 3 * 9,999
  // operations per rank, 3e8 in all.
  const std::string e = parse_error("ranks 10000\n* barrier\n* alltoall 40000\n");
  EXPECT_NE(e.find("line 3: the program expands to more than 8000000 operations"), std::string::npos) << e;
  EXPECT_EQ(parse_error("ranks 10000\n* barrier\n* allreduce 8\n"), "");
  // 2,653 ranks (a fuzzer's find): 2.1e7 operations, 500 MB and more.
  EXPECT_NE(parse_error("ranks 2653\n* reduce 2 16\n* alltoall 40000\n").find("expands to more than 8000000"),
            std::string::npos);
}

TEST(Workload, TheOperationLimitIsTheKeys) {
  // 64 ranks, one alltoall of long blocks: 3 * 63 * 64 = 12,096 operations.
  const std::string text = "ranks 64\n* alltoall 40000\n";
  std::istringstream low(text), high(text);
  try {
    read_text_trace(low, "t", 12'000);
    ADD_FAILURE() << "12,096 operations passed a limit of 12,000";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("more than 12000 operations with its collectives (workload.max_operations"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(read_text_trace(high, "t", 12'096).messages(), 64u * 63u);
}

// A `*` line copies its list to every rank: the lists' entries count
// against workload.max_operations as they are read, before they could
// take gigabytes.
TEST(Workload, WaitListsAndAlltoallvCountsAreBoundedByTheOperationLimit) {
  const auto read = [](const std::string& text, uint64_t max_ops) {
    std::istringstream in(text);
    try {
      read_text_trace(in, "t", max_ops);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string waits = "ranks 4\n* irecv any 0 any\n* irecv any 0 any\n* irecv any 0 any\n* wait 0 1 2\n";
  EXPECT_EQ(read(waits, 10),
            "t: line 5: wait: the wait lists and alltoallv counts add up to more than 10 entries "
            "(workload.max_operations)");
  EXPECT_EQ(read(waits, 100), "");
  EXPECT_NE(read("ranks 4\n* alltoallv 0 0 0 0\n* alltoallv 0 0 0 0\n", 20).find("line 3: alltoallv: the wait"),
            std::string::npos);
}

// The fuzzer reads with smaller bounds than the command line (TraceBounds):
// both the rank count and the events a `*` line multiplies are bounded.
TEST(Workload, TraceBoundsLimitRanksAndEvents) {
  const TraceBounds small{4, 10};
  const auto read = [&](const std::string& text) {
    std::istringstream in(text);
    try {
      read_text_trace(in, "t", kMaxOps, small);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(read("ranks 4\n* compute 1\n* compute 1\n"), "");
  EXPECT_EQ(read("ranks 5\n"), "t: line 1: ranks '5' is not an integer in 1..4");
  EXPECT_EQ(read("ranks 4\n* compute 1\n* compute 1\n* compute 1\n"),
            "t: line 4: more than 10 events (an input limit)");
  EXPECT_EQ(parse_error("ranks 5\n* compute 1\n* compute 1\n* compute 1\n"), "");  // the documented bounds
}

// DPSNN (docs/workloads.md, "DPSNN"): the connectivity falls with distance
// and the spike messages are exactly the non-zero counts.
TEST(Dpsnn, ReachFallsWithDistanceAndTheProgramSendsOnlyNonZeroCounts) {
  EXPECT_GT(dpsnn_reach(1, 0, 1240), 0.99);
  EXPECT_LT(dpsnn_reach(10, 10, 1240), dpsnn_reach(10, 0, 1240));
  EXPECT_GT(dpsnn_reach(10, 0, 1240), 0.5);  // at the stencil's edge a spike still often has a target
  DpsnnParams p;
  p.columns_x = 4;
  p.columns_y = 3;
  p.iterations = 2;
  p.spikes = 0.3;  // many zero counts
  const auto fired = dpsnn_spikes(p);
  ASSERT_EQ(fired.size(), 2u);
  const Program prog = dpsnn_program(p, fired);
  const int n = 12;
  // Per iteration: the barrier 2(n - 1), the counts n(n - 1) (the 4 x 3 grid
  // lies within every stencil), and the spikes of every non-zero count.
  uint64_t spike_msgs = 0;
  for (int r = 0; r < n; ++r)
    for (const Event& e : prog.events(r))
      if (e.kind == EventKind::Isend && e.tag % 3 == 2) {
        ++spike_msgs;
        EXPECT_GT(e.amount, 0u);
        EXPECT_EQ(e.amount % 12, 0u);
      }
  EXPECT_EQ(prog.messages(), 2 * (2 * (n - 1) + n * (n - 1)) + spike_msgs);
  EXPECT_LT(spike_msgs, 2u * n * (n - 1));  // zero counts send nothing
  IdealNet net(prog, n, 5);
  net.run(10'000'000);
  ASSERT_TRUE(net.engine().done());
  EXPECT_EQ(net.engine().messages().unmatched, 0u);
}
