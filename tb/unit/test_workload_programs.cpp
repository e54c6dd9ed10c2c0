// Programs as the closed-loop workload reads or generates them, without
// SystemC: the text format reads back what it writes and refuses a bad
// line with its number; ranks map onto distinct nodes; Graph500's and
// DPSNN's generated programs send what their models say; the input limits
// hold (docs/workloads.md, docs/reliability.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "core/error.h"
#include "workload/application.h"
#include "workload/engine.h"
#include "workload/dpsnn.h"
#include "workload/graph500.h"
#include "workload/text_trace.h"
#include "ideal_net.h"

using namespace nocsim;
using namespace nocsim::workload_test;

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
