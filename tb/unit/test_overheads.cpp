// LogGP's host overheads on the closed-loop engine (docs/workloads.md, "Host
// overheads"): a send keeps its rank busy o_s before its message leaves, a
// message's data, once here, keeps its receiver busy o_r after what that
// rank computes and after the overheads before it, and each rank's finish
// splits exactly into computing, overhead and waiting. Cycles over the
// ideal network (tb/unit/ideal_net.h), at 1 GHz: ns = cycles. A 64-byte
// message is one 8-flit packet: its tail leaves 7 cycles after its release
// and arrives L later.
#include <gtest/gtest.h>

#include "workload/engine.h"
#include "ideal_net.h"

using namespace nocsim;
using namespace nocsim::workload_test;

namespace {

constexpr int L = 20;

AppParams overheads(double o_s, double o_r) {
  AppParams ap;
  ap.send_overhead_ns = o_s;
  ap.recv_overhead_ns = o_r;
  return ap;
}

// Runs `text` over the ideal network; every rank ends and its time adds up.
struct Traced {
  Traced(const std::string& text, const AppParams& ap, int latency = L)
      : p(parse(text)), net(p, p.ranks(), latency, ap) {
    net.run();
    EXPECT_TRUE(net.engine().done()) << net.engine().blocked_report(4);
    for (int r = 0; r < p.ranks(); ++r) {
      const auto& res = net.engine().result(r);
      EXPECT_EQ(res.finish, res.compute + res.overhead + res.waiting) << "rank " << r;
    }
  }
  const AppEngine::RankResult& rank(int r) { return net.engine().result(r); }
  Program p;
  IdealNet net;
};

}  // namespace

TEST(Overheads, ApplyAtTheClockWithOPerByteAfterTheFirst) {
  AppParams ap = overheads(10, 4);
  ap.freq_ghz = 2;
  ap.overhead_per_byte_ns = 0.5;
  EXPECT_EQ(ap.send_overhead(64), 83u);  // (10 + 63 * 0.5) * 2
  EXPECT_EQ(ap.recv_overhead(64), 71u);  // (4 + 31.5) * 2
  EXPECT_EQ(ap.send_overhead(1), 20u);
  EXPECT_EQ(ap.send_overhead(0), 20u);
  EXPECT_EQ(AppParams{}.send_overhead(1 << 20), 0u);
}

TEST(Overheads, APingPongPaysEachSideOncePerMessage) {
  const std::string pp = "ranks 2\n0 send 1 64 3\n0 recv 1 64 4\n1 recv 0 64 3\n1 send 0 64 4\n";
  const Cycle os = 30, orr = 50;
  Traced t(pp, overheads(os, orr));
  // Rank 1's receive completes o_r after the arrival; its send leaves o_s
  // later and completes when its tail has left.
  EXPECT_EQ(t.rank(1).finish, os + 7 + L + orr + os + 7 + 1);
  EXPECT_EQ(t.rank(0).finish, os + 7 + L + orr + os + 7 + L + orr);
  EXPECT_EQ(t.rank(0).overhead, os + orr);
  EXPECT_EQ(t.rank(1).overhead, os + orr);
  // The message latency is the network's: from the send to its arrival.
  EXPECT_EQ(t.net.engine().messages().latency_max, os + 7 + L);
}

TEST(Overheads, AReceiveOverheadWaitsForTheComputeItArrivesIn) {
  // The message arrives at 27 while rank 1 computes until 100: its
  // overhead runs 100-150, whether a receive was posted or not (LogGOPSim
  // charges a message when it arrives); the receive posted after it finds
  // it done and pays nothing more.
  for (const std::string r1 : {"1 irecv 0 64 0\n1 compute 100\n1 wait\n", "1 compute 100\n1 recv 0 64 0\n"}) {
    Traced t("ranks 2\n0 send 1 64 0\n" + r1, overheads(0, 50));
    EXPECT_EQ(t.rank(1).finish, 150u) << r1;
    EXPECT_EQ(t.rank(1).compute, 100u);
    EXPECT_EQ(t.rank(1).overhead, 50u);
    EXPECT_EQ(t.rank(1).waiting, 0u);
  }
}

TEST(Overheads, MessagesArrivingTogetherArePaidOneAfterAnother) {
  // Tails leave at 7 and 15, arrive at 27 and 35: the first's overhead
  // runs 27-77, the second's 77-127, though it arrived while the rank
  // still waited for the first; the rank goes on (computes) after both.
  Traced t("ranks 2\n0 isend 1 64 0\n0 isend 1 64 1\n0 wait\n1 recv 0 64 0\n1 recv 0 64 1\n1 compute 10\n",
           overheads(0, 50));
  EXPECT_EQ(t.rank(1).finish, 137u);
  EXPECT_EQ(t.rank(1).overhead, 100u);
  EXPECT_EQ(t.rank(1).waiting, 27u);
}

TEST(Overheads, SendsOneAfterAnotherEachHoldTheRank) {
  // Released at 30 and 60 (an isend's rank goes on after its overhead), so
  // their tails leave at 37 and 67; the wait ends a cycle after the second.
  Traced t("ranks 2\n0 isend 1 64 0\n0 isend 1 64 1\n0 wait\n1 irecv 0 64 0\n1 irecv 0 64 1\n1 wait\n",
          overheads(30, 0));
  EXPECT_EQ(t.rank(0).finish, 68u);
  EXPECT_EQ(t.rank(0).overhead, 60u);
  EXPECT_EQ(t.rank(1).finish, 67u + L);
  // A buffered send's request completes once its copy (the overhead) is
  // done; the program's end still waits for its data to leave.
  Traced bsend("ranks 2\n0 bsend 1 64 0\n0 compute 5\n1 recv 0 64 0\n", overheads(30, 0));
  EXPECT_EQ(bsend.rank(0).finish, 38u);
  EXPECT_EQ(bsend.rank(0).compute, 5u);
}

TEST(Overheads, ARendezvousPaysOnItsDataNotOnItsHandshake) {
  // 640 bytes (80 flits, 10 packets) by rendezvous: the RTS leaves after
  // o_s (30) and arrives at 50; the CTS at 70; the data's last tail leaves
  // at 70 + 79 and arrives L later; then o_r.
  AppParams ap = overheads(30, 50);
  ap.eager_limit = 0;
  Traced t("ranks 2\n0 send 1 640 0\n1 recv 0 640 0\n", ap);
  EXPECT_EQ(t.rank(1).finish, 30u + L + L + 79 + L + 50);
  EXPECT_EQ(t.rank(0).overhead, 30u);
  EXPECT_EQ(t.rank(1).overhead, 50u);
}

TEST(Overheads, AnOverheadWithinAWaitForASendAheadIsNotWaiting) {
  // The NIC reports rank 0's 8-flit packet sent as its first flit leaves
  // at 0, its tail at 7: at 3, after computing, rank 0 waits until 8. Rank
  // 1's empty message arrives at L = 5 within that wait: its overhead runs
  // 5-55, so rank 0 goes on at 55 having waited 2 cycles (3-5) and finds
  // that message done.
  const Program p = parse("ranks 2\n0 isend 1 64 0\n0 compute 3\n0 wait\n0 recv 1 0 0\n1 send 0 0 0\n1 recv 0 64 0\n");
  IdealNet net(p, 2, 5, overheads(0, 50), true);
  net.run();
  ASSERT_TRUE(net.engine().done()) << net.engine().blocked_report(4);
  const auto& r0 = net.engine().result(0);
  EXPECT_EQ(r0.finish, 55u);
  EXPECT_EQ(r0.compute, 3u);
  EXPECT_EQ(r0.overhead, 50u);
  EXPECT_EQ(r0.waiting, 2u);
}

TEST(Overheads, ABlockingSendGoesOnAfterTheOverheadOfAMessageArrivingInIt) {
  // Rank 1's send completes at 8 (its tail leaves at 7); rank 2's empty
  // message arrives at L = 5, within that wait: its overhead runs 5-55, so
  // rank 1 goes on at 55, finds the receive done and computes until 65.
  Traced t("ranks 3\n0 recv 1 64 0\n1 send 0 64 0\n1 recv 2 0 0\n1 compute 10\n2 send 1 0 0\n", overheads(0, 50), 5);
  EXPECT_EQ(t.rank(1).finish, 65u);
  EXPECT_EQ(t.rank(1).overhead, 50u);
  EXPECT_EQ(t.rank(1).waiting, 5u);
}
