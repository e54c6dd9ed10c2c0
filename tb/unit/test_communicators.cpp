// Collectives on communicators of some of the ranks (docs/workloads.md,
// "Communicators"): a collective runs among its communicator's members by
// their rank in it, its messages stay on that communicator, the members'
// order is checked per communicator, and a text trace defines them with
// `comm` lines and names them with `<op>@<c>`.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "core/error.h"
#include "ideal_net.h"

using namespace nocsim;
using namespace nocsim::workload_test;

namespace {

// Messages and bytes of `text`, which must run to its end (run_paired).
std::pair<uint64_t, uint64_t> comms_run(const std::string& text) { return run_paired(parse(text), text); }

// The same collective over a world of n ranks.
std::pair<uint64_t, uint64_t> comm_alone(const std::string& coll, int n) {
  const Program p = parse("ranks " + std::to_string(n) + "\n* " + coll + "\n");
  return {p.messages(), p.bytes()};
}

}  // namespace

TEST(Communicators, ACollectiveRunsAmongItsMembersByTheirRankInIt) {
  // Communicator 1 lists ranks 4, 2 and 0: rank 4 is its rank 0, the root.
  // A binomial bcast of 3 ranks: relative rank 0 sends to 2, then to 1,
  // here world ranks 0 and 2; ranks 1, 3 and 5 take no part.
  const Program p = parse("ranks 6\ncomm 1 4 2 0\n* bcast@1 0 100\n");
  std::vector<int> to;
  for (const Op& o : p.ops(4)) {
    EXPECT_EQ(o.comm, 1);
    if (o.kind == OpKind::Isend) to.push_back(o.peer);
  }
  EXPECT_EQ(to, (std::vector<int>{0, 2}));
  for (const int r : {0, 2}) {
    ASSERT_FALSE(p.ops(r).empty());
    for (const Op& o : p.ops(r))
      if (o.kind == OpKind::Irecv) {
        EXPECT_EQ(o.peer, 4) << r;
      }
  }
  for (const int r : {1, 3, 5}) EXPECT_TRUE(p.events(r).empty()) << r;
  EXPECT_EQ(p.events(0)[0].peer, 4);  // the root, as a world rank
  EXPECT_EQ(comms_run("ranks 6\ncomm 1 4 2 0\n* bcast@1 0 100\n"), comm_alone("bcast 0 100", 3));
}

TEST(Communicators, RowsAndColumnsRunTheirCollectivesSideBySide) {
  // A 2 x 3 grid: rows {0,1,2} and {3,4,5}, columns {0,3}, {1,4}, {2,5}.
  // Each rank reduces over its row, broadcasts from the column's second
  // rank, then exchanges over its row; the world closes with a barrier.
  // Every communicator's k-th collective has the same tag: their messages
  // must stay apart. The totals are those of each collective alone over a
  // world of its communicator's size.
  const std::string grid = "ranks 6\ncomm 1 0 1 2\ncomm 2 3 4 5\ncomm 3 0 3\ncomm 4 1 4\ncomm 5 2 5\n";
  std::string t = grid;
  for (int r = 0; r < 6; ++r) {
    const std::string me = std::to_string(r), row = std::to_string(1 + r / 3), col = std::to_string(3 + r % 3);
    t += me + " allreduce@" + row + " 16\n" + me + " bcast@" + col + " 1 64\n" + me + " alltoall@" + row + " 4\n";
  }
  t += "* barrier\n";
  const auto [msgs, bytes] = comms_run(t);
  const auto all = comm_alone("allreduce 16", 3), bc = comm_alone("bcast 1 64", 2), a2a = comm_alone("alltoall 4", 3),
             bar = comm_alone("barrier", 6);
  EXPECT_EQ(msgs, 2 * all.first + 3 * bc.first + 2 * a2a.first + bar.first);
  EXPECT_EQ(bytes, 2 * all.second + 3 * bc.second + 2 * a2a.second);
  const Program p = parse(t);
  EXPECT_EQ(p.collectives().size(), 2u * 2 + 3 + 1);  // each communicator's, once
  // Rank 4's messages go to its row and column only.
  std::set<int> peers;
  for (const Op& o : p.ops(4))
    if (o.kind == OpKind::Isend && o.comm != 0) peers.insert(o.peer);
  EXPECT_EQ(peers, (std::set<int>{1, 3, 5}));
}

TEST(Communicators, AnAlltoallvCountsByRankInTheCommunicator) {
  // Communicator 1 is ranks 3 and 1 (in that order): rank 3 sends 40
  // bytes to its rank 1 (world rank 1), rank 1 sends 24 to its rank 0.
  const Program p = parse("ranks 4\ncomm 1 3 1\n3 alltoallv@1 0 40\n1 alltoallv@1 24 0\n");
  const auto sent = [&](int r) {
    uint64_t b = 0;
    for (const Op& o : p.ops(r))
      if (o.kind == OpKind::Isend) {
        b += o.amount;
        EXPECT_EQ(o.peer, 4 - r);
      }
    return b;
  };
  EXPECT_EQ(sent(3), 40u);
  EXPECT_EQ(sent(1), 24u);
  EXPECT_EQ(comms_run("ranks 4\ncomm 1 3 1\n3 alltoallv@1 0 40\n1 alltoallv@1 24 0\n"), std::make_pair(uint64_t{2}, uint64_t{64}));
}

TEST(Communicators, TextTracesWriteBackTheirCommunicators) {
  const std::string t = "ranks 5\ncomm 2 4 0 3\ncomm 7 1 2\n* bcast@2 1 32\n* scatter@7 1 8\n* gather@2 2 16\n"
                        "* allreduce 8\n1 alltoallv@7 0 5\n2 alltoallv@7 6 0\n";
  const Program a = parse(t);
  const std::string w = written_back(a);
  EXPECT_NE(w.find("comm 2 4 0 3\ncomm 7 1 2\n"), std::string::npos) << w;
  EXPECT_NE(w.find("4 bcast@2 1 32\n"), std::string::npos) << w;  // the root by its rank in 2
  EXPECT_NE(w.find("1 alltoallv@7 0 5\n"), std::string::npos) << w;
}

TEST(Communicators, MembersCallTheSameCollectivesOnEachInOrder) {
  // Ranks of different communicators may call them in any order
  // (rank 1 is in both): only each communicator's own order is checked.
  EXPECT_EQ(comms_run("ranks 3\ncomm 1 0 1\ncomm 2 1 2\n0 barrier@1\n1 barrier@2\n1 barrier@1\n2 barrier@2\n")
                .first,
            2 * comm_alone("barrier", 2).first);
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"ranks 3\ncomm 1 0 2\n0 barrier@1\n", "collective 1 (barrier) on communicator 1 of rank 0 has no counterpart in "
                                             "rank 2: the members of a communicator call the same collectives on it "
                                             "in order"},
      {"ranks 3\ncomm 1 2 0\n* allreduce@1 8\n0 bcast@1 0 8\n2 bcast@1 1 8\n",
       "line 4: collective 2 on communicator 1 of rank 0 (bcast) differs from rank 2's (line 5: bcast)"},
      {"ranks 3\ncomm 1 0 2\n1 barrier@1\n", "line 3: barrier: rank 1 is not a member of communicator 1 (2 ranks)"},
      {"ranks 3\ncomm 1 0 2\n* bcast@1 2 8\n", "line 3: root '2' is not an integer in 0..1"},
      {"ranks 3\ncomm 1 0 2\n0 alltoallv@1 0 1 2\n", "line 3: expected '<rank> alltoallv"},
      {"ranks 3\ncomm 1 0 2\n2 alltoallv@1 1 1\n", "line 3: alltoallv: rank 2 sends 1 bytes to itself"},
      {"ranks 3\n* barrier@4\n", "line 2: communicator 4 is not defined: a 'comm 4 <rank> ...' line comes before"},
      {"ranks 3\n* barrier@x\n", "line 2: communicator 'x' of 'barrier@' is not an integer in 1..65535"},
      {"ranks 3\n* barrier@0\n", "line 2: communicator '0' of 'barrier@' is not an integer in 1..65535"},
      {"ranks 3\ncomm 1 0 1\n0 wait@1\n", "line 3: 'wait@1': only a collective or a message takes a communicator"},
      {"ranks 3\ncomm 1 0 1\n0 compute@1 5\n", "line 3: 'compute@1': only a collective or a message"},
      {"ranks 3\ncomm 1 0 1\n2 send@1 0 8 0\n", "line 3: send: rank 2 is not a member of communicator 1 (2 ranks)"},
      {"ranks 3\ncomm 1 0 1\n0 send@1 2 8 0\n", "line 3: peer '2' is not an integer in 0..1"},
      {"ranks 3\ncomm 1 0 1\n1 recv@1 1 8 0\n", "line 3: recv: rank 1 names itself as its peer"},
      {"ranks 3\ncomm 1 0 1\n0 sendrecv@x 1 8 0 1 8 0\n", "line 3: communicator 'x' of 'sendrecv@' is not an integer"},
      {"ranks 3\ncomm 1 0 1\n0 sendrecv@2 1 8 0 1 8 0\n", "line 3: communicator 2 is not defined"},
      {"ranks 3\ncomm 1 0 1\n2 sendrecv@1 0 8 0 1 8 0\n",
       "line 3: sendrecv's isend: rank 2 is not a member of communicator 1 (2 ranks)"},
      {"ranks 3\ncomm 1 0 1 0\n", "line 2: communicator 1: rank 0 is a member twice"},
      {"ranks 3\ncomm 1 0 3\n", "line 2: rank '3' is not an integer in 0..2"},
      {"ranks 3\ncomm 1 0\ncomm 1 2\n", "line 3: communicator 1 is defined twice"},
      {"ranks 3\ncomm 0 0 1\n", "line 2: communicator '0' is not an integer in 1..65535"},
      {"ranks 3\ncomm 1\n", "line 2: expected 'comm <id> <rank> ...' (at least one rank)"},
  };
  expect_refused(cases);
}

TEST(Communicators, ABlockedCollectiveIsReportedOnItsCommunicator) {
  // Rank 1 waits in communicator 2's barrier for rank 2, which never calls
  // it: the report names the communicator of the message it waits for.
  Program p(3);
  p.define_comm(2, {1, 2});
  Event b = Event::of(EventKind::Barrier);
  b.comm = 2;
  p.add(1, b);
  p.add(2, Event::of(EventKind::Compute, 0, 0, 1000));
  EXPECT_THROW(p.finish(), ConfigError);  // rank 2 has no counterpart
  Program q(3);
  q.define_comm(2, {1, 2});
  q.add(1, b);
  q.add(2, Event::of(EventKind::Recv, 0, 0, 8));  // from rank 0, which sends nothing
  q.add(2, b);
  q.finish();
  IdealNet net(q, 3, 5);
  net.run();
  ASSERT_TRUE(net.engine().stuck());
  const std::string rep = net.engine().blocked_report(10);
  EXPECT_NE(rep.find("rank 1 (node 1)"), std::string::npos) << rep;
  EXPECT_NE(rep.find("on communicator 2"), std::string::npos) << rep;
}

TEST(Communicators, AMessageOnACommunicatorNamesItsPeerByRankInIt) {
  // Communicator 1 lists ranks 2 and 0: rank 0 is its rank 1, rank 2 its
  // rank 0. The messages travel on it, between world ranks, and
  // `sendrecv@1` puts both halves on it. Rank 1 sends on the world with
  // the same tag: its receive is another's.
  const std::string t =
      "ranks 3\ncomm 1 2 0\n0 send@1 0 100 5\n2 recv@1 1 100 5\n1 send 2 64 5\n2 recv 1 64 5\n"
      "0 sendrecv@1 0 8 3 0 8 3\n2 sendrecv@1 1 8 3 1 8 3\n0 issend@1 0 16 4\n2 irecv@1 1 16 4\n* wait\n";
  const Program p = parse(t);
  const Event& s = p.events(0)[0];
  EXPECT_EQ(s.kind, EventKind::Send);
  EXPECT_EQ(s.peer, 2);
  EXPECT_EQ(s.comm, 1);
  EXPECT_EQ(p.events(2)[0].peer, 0);
  EXPECT_EQ(p.events(2)[1].comm, 0);  // the world's receive
  for (const int r : {0, 2}) {
    EXPECT_EQ(p.events(r)[r == 0 ? 1 : 2].peer, 2 - r) << r;  // sendrecv's isend: to the other member
    EXPECT_EQ(p.events(r)[r == 0 ? 1 : 2].comm, 1) << r;
  }
  for (const Op& o : p.ops(0)) {
    if (o.kind == OpKind::Send) {
      EXPECT_EQ(o.comm, 1);
    }
  }
  EXPECT_EQ(run_paired(p, t), std::make_pair(uint64_t{5}, uint64_t{100 + 64 + 8 + 8 + 16}));
  const std::string w = written_back(p);
  EXPECT_NE(w.find("0 send@1 0 100 5\n"), std::string::npos) << w;
  EXPECT_NE(w.find("2 irecv@1 1 16 4\n"), std::string::npos) << w;
  const std::string any = written_back(parse("ranks 3\ncomm 1 2 0\n2 irecv@1 any 16 any\n0 send@1 0 16 4\n2 wait\n"));
  EXPECT_NE(any.find("2 irecv@1 any 16 any\n"), std::string::npos) << any;
  EXPECT_NE(w.find("1 send 2 64 5\n"), std::string::npos) << w;
}

TEST(Communicators, AnUndefinedCommunicatorWritesBackAsEveryRank) {
  // A communicator a program built in code uses by number without a
  // member list is every rank: written as a text trace, a `comm` line of
  // every rank in world order.
  Program p(3);
  Event s = Event::of(EventKind::Send, 2, 7, 40), r = Event::of(EventKind::Recv, 0, 7, 40);
  s.comm = r.comm = 4;
  Event b = Event::of(EventKind::Bcast, 1, 0, 8);
  b.comm = 4;
  p.add(0, s);
  p.add(2, r);
  for (int k = 0; k < 3; ++k) p.add(k, b);
  p.finish();
  const std::string w = written_back(p);
  EXPECT_NE(w.find("comm 4 0 1 2\n"), std::string::npos) << w;
  EXPECT_NE(w.find("0 send@4 2 40 7\n"), std::string::npos) << w;
  EXPECT_NE(w.find("1 bcast@4 1 8\n"), std::string::npos) << w;
}

TEST(Communicators, ADefinedCommunicatorZeroWritesBackUnderAFreeNumber) {
  // An OTF2 trace whose first communicator (its context 0) is a split:
  // the text format keeps 0 for every rank, so it is written as the first
  // free number, and its messages and roots by rank in it.
  Program p(3);
  p.define_comm(0, {2, 0});
  p.define_comm(1, {0, 1, 2});
  p.add(0, Event::of(EventKind::Send, 2, 7, 40));
  p.add(2, Event::of(EventKind::Recv, 0, 7, 40));
  for (const int k : {0, 2}) p.add(k, Event::of(EventKind::Bcast, 0, 0, 8));  // root: world rank 0
  p.finish();
  const std::string w = written_back(p);
  EXPECT_NE(w.find("comm 1 0 1 2\ncomm 2 2 0\n"), std::string::npos) << w;
  EXPECT_NE(w.find("0 send@2 0 40 7\n"), std::string::npos) << w;
  EXPECT_NE(w.find("2 bcast@2 1 8\n"), std::string::npos) << w;
}
