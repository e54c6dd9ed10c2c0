// The closed-loop engine's message protocols without SystemC (docs/workloads.md,
// "Protocols"): envelopes offered to receives in the order their rank sent
// them, whatever order the network delivers them in; rendezvous, synchronous
// and buffered sends completing when their rules say; a program whose
// protocol holds a sender is reported with what it waits for.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "workload/engine.h"
#include "ideal_net.h"

using namespace nocsim;
using namespace nocsim::workload_test;

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
  // 2's, at 15, is held behind none of them: wait 0 ends at 15 and rank 1
  // computes 100 cycles, by when wait 1's message (the last of rank 0's
  // at 30) has arrived. Held behind rank 0's, wait 0 would end at 30 and
  // the rank at 130.
  const std::string text = "ranks 3\n0 isend 1 8 1\n0 isend 1 8 2\n0 isend 1 8 3\n2 send 1 8 9\n"
                           "1 irecv 2 8 9\n1 irecv 0 8 3\n1 irecv 0 8 any\n1 irecv 0 8 any\n1 wait 0\n"
                           "1 compute 100\n1 wait 1\n";
  // Arrival cycles of tags 1, 2, 3: 2-3-1, 3-1-2, 1-3-2.
  for (const std::array<Cycle, 3> at : {std::array<Cycle, 3>{30, 10, 20}, {20, 30, 10}, {10, 30, 20}}) {
    ByHand h(text);
    for (Cycle now = 0; now <= 120; ++now) {
      for (uint32_t k = 0; k < 3; ++k)
        if (at[k] == now) h.arrive(0, 1, 100 + k, now);
      if (now == 15) h.arrive(2, 1, 100, now);
      h.run(1, now, now);
      if (now == 15) {
        EXPECT_EQ(h.e.next_time(1), 115u) << "wait 0 ended at 15: computing until 115";
      }
    }
    EXPECT_EQ(h.e.result(1).finish, 115u) << at[0] << " " << at[1] << " " << at[2];
    EXPECT_EQ(h.e.result(1).waiting, 15u);
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
