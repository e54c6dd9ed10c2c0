// OTF2 traces: a program written as Score-P records an MPI run reads back
// as the same program, whatever the location order, the time spent in MPI
// calls or the clock's resolution; a file that is not there is a
// ConfigError naming the key and the path; otf2-print, OTF2's own tool,
// sees in the archive the messages and collectives nocsim read from it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "core/error.h"
#include "harness.h"
#include "otf2_write_test_trace.h"
#include "workload/otf2_trace.h"

using namespace nocsim;

namespace {

// A directory of the test's own, removed after it.
struct TempDir {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("nocsim-otf2-" + std::to_string(::getpid()) + "-" +
                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
  TempDir() { std::filesystem::remove_all(path); }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

Event ev(EventKind k, int32_t peer = 0, int32_t tag = 0, uint64_t amount = 0) { return Event::of(k, peer, tag, amount); }

// Four ranks, every kind of event, compute (ps, times `unit`) between
// operations but never two computes in a row (they would read back as one).
Program sample(uint64_t unit, bool waits = true) {
  using K = EventKind;
  Program p(4);
  for (int r = 0; r < 4; ++r) p.add(r, ev(K::Compute, 0, 0, (1000 + 7 * r) * unit));
  p.add(0, ev(K::Send, 1, 5, 100));
  p.add(1, ev(K::Recv, 0, 5, 100));
  p.add(2, ev(K::Isend, 3, 6, 200));
  p.add(3, ev(K::Irecv, 2, 6, 200));
  p.add(2, ev(K::Compute, 0, 0, 333 * unit));
  p.add(3, ev(K::Compute, 0, 0, 444 * unit));
  Event wait = ev(K::Wait);  // for its first isend or irecv: the wait's records name what completed
  wait.counts = {0};
  if (waits) p.add(2, wait);
  if (waits) p.add(3, wait);
  for (int r = 0; r < 4; ++r) {
    p.add(r, ev(K::Bcast, 2, 0, 64));
    p.add(r, ev(K::Compute, 0, 0, 50 * unit));
    p.add(r, ev(K::Reduce, 1, 0, 8));
    p.add(r, ev(K::Allreduce, 0, 0, 16));
    p.add(r, ev(K::Alltoall, 0, 0, 4));
    p.add(r, ev(K::Barrier));
    Event v = ev(K::Alltoallv);
    v.counts.assign(4, 12);  // the same to every other rank: OTF2 keeps only the total
    v.counts[static_cast<size_t>(r)] = 0;
    p.add(r, v);
  }
  p.add(1, ev(K::Irecv, 0, 9, 10));  // never waited for: the program's implicit wait
  p.add(0, ev(K::Isend, 1, 9, 10));
  for (int r = 0; r < 4; ++r) p.add(r, ev(K::Compute, 0, 0, 999 * unit));
  p.finish();
  return p;
}

void expect_same(const Program& want, const Program& got) {
  ASSERT_EQ(want.ranks(), got.ranks());
  for (int r = 0; r < want.ranks(); ++r) {
    const auto& a = want.events(r);
    const auto& b = got.events(r);
    ASSERT_EQ(a.size(), b.size()) << "rank " << r;
    for (size_t i = 0; i < a.size(); ++i) {
      const std::string at = "rank " + std::to_string(r) + " event " + std::to_string(i) + " (" +
                             event_name(a[i]) + ")";
      EXPECT_STREQ(event_name(a[i]), event_name(b[i])) << at;  // the send modes included
      EXPECT_EQ(a[i].peer, b[i].peer) << at;
      EXPECT_EQ(a[i].tag, b[i].tag) << at;
      EXPECT_EQ(a[i].comm, b[i].comm) << at;
      EXPECT_EQ(a[i].amount, b[i].amount) << at;
      EXPECT_EQ(a[i].counts, b[i].counts) << at;
    }
  }
  EXPECT_EQ(want.messages(), got.messages());
  EXPECT_EQ(want.bytes(), got.bytes());
}

// `from`'s events, each changed by `change`.
template <class F>
Program edited(const Program& from, F change) {
  Program p(from.ranks());
  for (int r = 0; r < from.ranks(); ++r)
    for (Event e : from.events(r)) {
      change(e);
      p.add(r, e);
    }
  p.finish();
  return p;
}

Program round_trip(const Program& p, const Otf2WriteOptions& o,
                   NonblockingCollectives nbc = NonblockingCollectives::Refuse) {
  TempDir dir;
  write_otf2_trace(dir.path.string(), "traces", p, o);
  return read_otf2_trace((dir.path / "traces.otf2").string(), "workload.trace_file", kMaxOps,
                         CollectiveRule::Mpich, nbc);
}

std::string refusal(const Program& p, const Otf2WriteOptions& o, NonblockingCollectives nbc) {
  try {
    round_trip(p, o, nbc);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(read without an error)";
}

}  // namespace

TEST(Otf2Trace, ReadsBackTheProgramItWasWrittenFrom) {
  const Program p = sample(1);
  expect_same(p, round_trip(p, {}));
}

TEST(Otf2Trace, AnAlltoallwReadsAsTheAlltoallvOfItsTotals) {
  // The sample's alltoallv (the same count to every other rank) recorded
  // as MPI_Alltoallw: Score-P's totals are the same, so it reads back as
  // the alltoallv it was.
  Otf2WriteOptions o;
  o.alltoallw = true;
  const Program p = sample(1);
  expect_same(p, round_trip(p, o));
  TempDir dir;
  write_otf2_trace(dir.path.string(), "traces", p, o);
  const auto printed = test::run_bin("/usr/bin/otf2-print", {(dir.path / "traces.otf2").string()});
  EXPECT_NE(printed.out.find("Operation: ALLTOALLW"), std::string::npos);  // written as such
}

TEST(Otf2Trace, RanksComeFromTheMpiGroupAndTimeInMpiIsNotCompute) {
  Otf2WriteOptions o;
  o.reverse_locations = true;
  o.call_ticks = 5000;
  const Program p = sample(1);
  expect_same(p, round_trip(p, o));
}

TEST(Otf2Trace, PointToPointKeepsItsCommunicator) {
  // The sample's messages, some on duplicates of MPI_COMM_WORLD (refs 1
  // and 2): each reads back on its own communicator, irecvs included.
  const Program p = edited(sample(1), [](Event& e) {
    if (e.tag == 5 || e.tag == 9) e.comm = e.tag == 5 ? 1 : 2;
  });
  const Program back = round_trip(p, {});
  expect_same(p, back);
  EXPECT_EQ(back.events(1)[1].comm, 1);  // the recv of tag 5
  // Reports name them as the definitions do (the writer's names).
  EXPECT_EQ(back.on_comm(0), " on communicator 0 ('MPI_COMM_WORLD')");
  EXPECT_EQ(back.on_comm(1), " on communicator 1 ('MPI_COMM_WORLD dup')");
  EXPECT_EQ(p.on_comm(0), "");  // built in code: no names
  EXPECT_EQ(p.on_comm(2), " on communicator 2");
}

TEST(Otf2Trace, SendsInsideMpiSsendOrMpiBsendRegionsTakeTheirMode) {
  // The sample's send (tag 5) and isend (tag 6) made synchronous, then
  // buffered: the writer puts them in MPI_Ssend and MPI_Issend regions, or
  // MPI_Bsend and MPI_Ibsend, and they read back in their mode; the
  // receives and the other sends stay standard.
  const Program plain = sample(1);
  for (const SendMode m : {SendMode::Synchronous, SendMode::Buffered}) {
    const Program p = edited(plain, [m](Event& e) {
      if ((e.kind == EventKind::Send && e.tag == 5) || (e.kind == EventKind::Isend && e.tag == 6)) e.mode = m;
    });
    const Program back = round_trip(p, {});
    expect_same(p, back);
    const bool sync = m == SendMode::Synchronous;
    EXPECT_STREQ(event_name(back.events(0)[1]), sync ? "ssend" : "bsend");
    EXPECT_STREQ(event_name(back.events(2)[1]), sync ? "issend" : "ibsend");
    EXPECT_EQ(back.events(1)[1].mode, SendMode::Standard);  // the recv of tag 5
  }
  expect_same(plain, round_trip(plain, {}));  // no region, no send of another mode
}

TEST(Otf2Trace, MpiSendrecvRunsItsHalvesAtOnce) {
  // Each rank of a ring sends to the next and receives from the one before
  // in one MPI_Sendrecv, whose send record Score-P writes at the call's
  // start and whose receive record at its end. It reads back as an isend,
  // an irecv and a wait for both, not as a blocking send then a receive
  // (which, by rendezvous, would each wait for the next rank's receive).
  using K = EventKind;
  const auto ring = [](bool at_once) {
    Program p(3);
    for (int r = 0; r < 3; ++r) {
      p.add(r, ev(K::Compute, 0, 0, 100));
      p.add(r, ev(at_once ? K::Isend : K::Send, (r + 1) % 3, 4, 512));
      p.add(r, ev(at_once ? K::Irecv : K::Recv, (r + 2) % 3, 4, 512));
      if (at_once) {
        Event both = ev(K::Wait);
        both.counts = {0, 1};
        p.add(r, both);
      }
      p.add(r, ev(K::Compute, 0, 0, 10));
    }
    p.finish();
    return p;
  };
  Otf2WriteOptions o;
  o.sendrecv = true;
  expect_same(ring(true), round_trip(ring(false), o));
  expect_same(ring(false), round_trip(ring(false), {}));  // without the call's region: as written
}

TEST(Otf2Trace, EveryCollectiveReadsBackFromScorePsSizesInPlaceOrNot) {
  // Each collective nocsim runs, written with Score-P's byte counts: with
  // the rank's own block counted, and in place (the own block left out,
  // at a rooted collective's root only). Both read back as written.
  using K = EventKind;
  Program p(4);
  const K rooted[] = {K::Bcast, K::Reduce, K::Gather, K::Scatter};
  const K all[] = {K::Barrier, K::Allreduce, K::Alltoall, K::Allgather, K::ReduceScatter, K::Scan, K::Exscan};
  for (int r = 0; r < 4; ++r) {
    int32_t root = 0;
    // Each collective its own odd size (so that 4 divides no in-place
    // total of 3 blocks, which sizes alone could not tell from 4 blocks:
    // docs/workloads.md) and each rooted one its own root.
    uint64_t b = 17;
    for (const K k : rooted) p.add(r, ev(k, root++, 0, b += 2));
    for (const K k : all) p.add(r, ev(k, 0, 0, k == K::Barrier ? 0 : b += 2));
    p.add(r, ev(K::Compute, 0, 0, 5));
  }
  p.finish();
  Otf2WriteOptions in_place;
  in_place.in_place = true;
  expect_same(p, round_trip(p, {}));
  expect_same(p, round_trip(p, in_place));
  // Three ranks scan 8 bytes: rank 1's sizes are 16 and 16, or in place 8
  // and 8, and each pair also fits the other reading (a block of 16, or
  // of 4). Rank 0's sizes, which fit one reading only, settle it.
  Program three(3);
  for (int r = 0; r < 3; ++r) three.add(r, ev(K::Scan, 0, 0, 8));
  three.finish();
  expect_same(three, round_trip(three, {}));
  expect_same(three, round_trip(three, in_place));
}

TEST(Otf2Trace, TheVVariantsReadBackEachRanksOwnBlock) {
  // Gatherv, scatterv, allgatherv and reduce_scatter with a block of its
  // own on each rank, from Score-P's sizes: each rank's own block (a
  // gatherv's or scatterv's root's too, unless in place: it never travels
  // and reads 0 then).
  using K = EventKind;
  const auto program = [](bool root_block) {
    Program p(5);
    for (int r = 0; r < 5; ++r) {
      const uint64_t own = 7 + 10 * static_cast<uint64_t>(r);  // 5 divides none, nor 4 any in-place total
      p.add(r, ev(K::Gatherv, 1, 0, r == 1 && !root_block ? 0 : own));
      p.add(r, ev(K::Scatterv, 3, 0, r == 3 && !root_block ? 0 : own));
      p.add(r, ev(K::Allgatherv, 0, 0, own));
      p.add(r, ev(K::ReduceScatterv, 0, 0, own));
      p.add(r, ev(K::Compute, 0, 0, 5));
    }
    p.finish();
    return p;
  };
  expect_same(program(true), round_trip(program(true), {}));
  Otf2WriteOptions in_place;
  in_place.in_place = true;
  expect_same(program(false), round_trip(program(true), in_place));
}

TEST(Otf2Trace, CollectivesOnSplitCommunicatorsReadBackAmongTheirMembers) {
  // Six ranks split in two communicators of three, listed out of order
  // (MPI_Comm_split's groups: members as ranks of MPI_COMM_WORLD, by their
  // rank in the new communicator), each collective on each, then one on
  // MPI_COMM_WORLD: records name roots and sizes by communicator rank and
  // size, and read back as the same world ranks on the same communicators.
  using K = EventKind;
  const std::vector<int32_t> halves[2] = {{4, 2, 0}, {1, 5, 3}};
  Program p(6);
  p.define_comm(1, halves[0]);
  p.define_comm(2, halves[1]);
  const K kinds[] = {K::Bcast, K::Reduce, K::Gather, K::Scatter, K::Barrier, K::Allreduce, K::Alltoall,
                     K::Allgather, K::ReduceScatter, K::Scan, K::Exscan, K::Alltoallv};
  for (int r = 0; r < 6; ++r) {
    const uint16_t c = r % 2 ? 2 : 1;
    const std::vector<int32_t>& mine = halves[c - 1];
    uint64_t b = 17;  // sizes 3 does not divide: an in-place total of 2 blocks reads back one way only
    int root = 0;
    for (const K k : kinds) {
      Event e = ev(k, has_root(k) ? mine[static_cast<size_t>(root++ % 3)] : 0, 0, has_size(k) ? b += 3 : 0);
      e.comm = c;
      if (k == K::Alltoallv) {  // the same to each other member, by rank in the communicator
        e.counts.assign(3, 30);
        e.counts[static_cast<size_t>(std::find(mine.begin(), mine.end(), r) - mine.begin())] = 0;
      }
      p.add(r, e);
    }
    p.add(r, ev(K::Allreduce, 0, 0, 8));
  }
  p.finish();
  Otf2WriteOptions in_place;
  in_place.in_place = true;
  for (const Otf2WriteOptions& o : {Otf2WriteOptions{}, in_place}) {
    const Program back = round_trip(p, o);
    expect_same(p, back);
    EXPECT_EQ(back.comm_size(1), 3);
    EXPECT_EQ(back.comm_member(1, 0), 4);
    EXPECT_EQ(back.comm_rank(2, 3), 2);
    EXPECT_EQ(back.on_comm(2), " on communicator 2 ('MPI_COMM_WORLD split')");
  }
}

TEST(Otf2Trace, AWaitIsForTheRequestsWhoseCompletionItRecords) {
  // Rank 0 waits for its irecv (request 1) first and its isend (0) later;
  // each MPI_Waitall region holds the completion records of its own
  // requests only, so each wait reads back naming them, not every open
  // request. A later wait call that completes nothing (`trailing`: its
  // region holds no completion record) is no wait on a rank whose records
  // show completions; rank 1, which records none, keeps its plain wait.
  using K = EventKind;
  const auto program = [](bool trailing) {
    Program p(2);
    Event first = ev(K::Wait), second = ev(K::Wait);
    first.counts = {1};
    second.counts = {0};
    p.add(0, ev(K::Isend, 1, 1, 4096));
    p.add(0, ev(K::Irecv, 1, 2, 8));
    p.add(0, first);
    p.add(0, ev(K::Compute, 0, 0, 500));
    p.add(0, second);
    if (trailing) p.add(0, ev(K::Wait));
    p.add(0, ev(K::Compute, 0, 0, 7));
    p.add(1, ev(K::Send, 0, 2, 8));
    p.add(1, ev(K::Recv, 0, 1, 4096));
    p.add(1, ev(K::Wait));
    p.finish();
    return p;
  };
  const Program p = program(false);
  expect_same(p, round_trip(p, {}));
  const Program back = round_trip(program(true), {});
  expect_same(p, back);
  EXPECT_EQ(back.events(0)[2].counts, std::vector<uint64_t>{1});
  EXPECT_STREQ(event_name(back.events(1)[2].kind), "wait");
  EXPECT_TRUE(back.events(1)[2].counts.empty());
}

TEST(Otf2Trace, NanosecondClock) {
  Otf2WriteOptions o;
  o.timer_resolution = 1'000'000'000;
  const Program p = sample(1000);  // whole ns
  expect_same(p, round_trip(p, o));
}

TEST(Otf2Trace, BareRecordsWithoutRegions) {
  Otf2WriteOptions o;
  o.regions = false;  // a wait is a region: the program has none here
  const Program p = sample(1, false);
  expect_same(p, round_trip(p, o));
}

TEST(Otf2Trace, AMissingArchiveIsAConfigError) {
  try {
    read_otf2_trace("/nonexistent/traces.otf2", "workload.trace_file");
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("workload.trace_file: cannot read '/nonexistent/traces.otf2'"),
              std::string::npos)
        << e.what();
  }
}

namespace {

// Per rank, sorted: "send <peer> <tag> <bytes>" for each point-to-point
// event and the collectives' names, as otf2-print shows them.
using Seen = std::vector<std::vector<std::string>>;

Seen printed(const std::string& anchor, int ranks) {
  const auto r = test::run_bin("/usr/bin/otf2-print", {anchor});
  EXPECT_EQ(r.code, 0) << r.err;
  Seen seen(static_cast<size_t>(ranks));
  const std::regex p2p(R"(^MPI_(I?SEND|I?RECV) +(\d+) +\d+ +(?:Receiver|Sender): (\d+) .*Tag: (\d+), Length: (\d+))");
  const std::regex coll(R"(^MPI_COLLECTIVE_END +(\d+) +\d+ +Operation: (\w+))");
  std::istringstream in(r.out);
  std::smatch m;
  for (std::string line; std::getline(in, line);) {
    std::string kind;
    if (std::regex_search(line, m, p2p)) {
      kind = m[1].str();
      std::transform(kind.begin(), kind.end(), kind.begin(), ::tolower);
      seen.at(std::stoul(m[2].str())).push_back(kind + " " + m[3].str() + " " + m[4].str() + " " + m[5].str());
    } else if (std::regex_search(line, m, coll)) {
      kind = m[2].str();
      std::transform(kind.begin(), kind.end(), kind.begin(), ::tolower);
      seen.at(std::stoul(m[1].str())).push_back(kind);
    }
  }
  for (auto& s : seen) std::sort(s.begin(), s.end());
  return seen;
}

Seen read_by_nocsim(const Program& p) {
  Seen seen(static_cast<size_t>(p.ranks()));
  for (int r = 0; r < p.ranks(); ++r) {
    for (const Event& e : p.events(r)) {
      const bool p2p = e.kind >= EventKind::Send && e.kind <= EventKind::Irecv;
      if (p2p)
        seen[static_cast<size_t>(r)].push_back(std::string(event_name(e.kind)) + " " + std::to_string(e.peer) + " " +
                                               std::to_string(e.tag) + " " + std::to_string(e.amount));
      else if (is_collective(e.kind))
        seen[static_cast<size_t>(r)].push_back(event_name(e.kind));
    }
    std::sort(seen[static_cast<size_t>(r)].begin(), seen[static_cast<size_t>(r)].end());
  }
  return seen;
}

}  // namespace

TEST(Otf2Trace, Otf2PrintSeesWhatNocsimRead) {
  TempDir dir;
  write_otf2_trace(dir.path.string(), "traces", sample(1), {});
  const std::string anchor = (dir.path / "traces.otf2").string();
  const Program read = read_otf2_trace(anchor, "workload.trace_file");
  const Seen tool = printed(anchor, read.ranks()), ours = read_by_nocsim(read);
  EXPECT_EQ(tool, ours);
  size_t events = 0;
  for (const auto& s : tool) events += s.size();
  // Six collectives on each of 4 ranks and 6 point-to-point events: none
  // of otf2-print's records went unrecognised.
  EXPECT_EQ(events, 30u);
}

// workload.nonblocking_collectives (docs/workloads.md, "OTF2 traces").
TEST(Otf2Trace, NonblockingCollectivesAreRefusedByDefaultNamingTheKey) {
  Otf2WriteOptions o;
  o.nonblocking = true;
  const std::string err = refusal(sample(1), o, NonblockingCollectives::Refuse);
  EXPECT_NE(err.find("non-blocking collective bcast: not supported with workload.nonblocking_collectives=refuse"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("(rank 0)"), std::string::npos) << err;  // where: the first rank's first one
}

TEST(Otf2Trace, NonblockingCollectivesRunBlockingWhereTheyWereCalled) {
  // The sample's collectives as MPI_Ibcast, MPI_Ireduce, ...: each request
  // where the blocking call was, its completion (with the sizes) recorded
  // only at the rank's end, after the final compute and the last isend.
  // Blocking, each reads back as the blocking collective at its request.
  Otf2WriteOptions o;
  o.nonblocking = true;
  const Program p = sample(1);
  expect_same(p, round_trip(p, o, NonblockingCollectives::Blocking));
  o.call_ticks = 1000;  // time in the calls stays out of the compute
  expect_same(p, round_trip(p, o, NonblockingCollectives::Blocking));
}

TEST(Otf2Trace, NonblockingCollectivesOverlapUntilTheWaitThatCompletedThem) {
  // workload.nonblocking_collectives=overlap: each MPI_I<collective> reads
  // back as itself where it was called, and the wait call that completed
  // it as a wait for it, numbered among the rank's isends and irecvs.
  using K = EventKind;
  const auto nb = [](Event e) {
    e.nonblocking = true;
    return e;
  };
  const auto wait_for = [](std::vector<uint64_t> q) {
    Event w = ev(K::Wait);
    w.counts = std::move(q);
    return w;
  };
  Program p(4);
  for (int r = 0; r < 4; ++r) {
    p.add(r, ev(K::Compute, 0, 0, 1000));
    p.add(r, nb(ev(K::Allreduce, 0, 0, 16)));  // request 0
  }
  p.add(0, ev(K::Isend, 1, 3, 64));  // rank 0's request 1
  p.add(1, ev(K::Irecv, 0, 3, 64));  // rank 1's
  for (int r = 0; r < 4; ++r) {
    p.add(r, nb(ev(K::Bcast, 2, 0, 128)));  // request 2 on ranks 0 and 1, 1 on the others
    p.add(r, ev(K::Compute, 0, 0, 500));
    p.add(r, wait_for({0}));
    p.add(r, ev(K::Compute, 0, 0, 300));
    p.add(r, wait_for(r < 2 ? std::vector<uint64_t>{1, 2} : std::vector<uint64_t>{1}));
    p.add(r, ev(K::Compute, 0, 0, 200));
  }
  p.finish();
  expect_same(p, round_trip(p, {}, NonblockingCollectives::Overlap));
  // Blocking: the collectives where they were called, and the wait calls
  // that completed nothing else wait for nothing.
  const Program blocking = round_trip(p, {}, NonblockingCollectives::Blocking);
  std::vector<std::string> kinds;
  for (const Event& e : blocking.events(2)) kinds.push_back(event_name(e));
  EXPECT_EQ(kinds, (std::vector<std::string>{"compute", "allreduce", "bcast", "compute", "compute", "compute"}));
  EXPECT_NE(refusal(p, {}, NonblockingCollectives::Refuse).find("non-blocking collective allreduce: not supported"),
            std::string::npos);
}

TEST(Otf2Trace, AnOverlappedCollectiveWithoutItsRequestRecordStartsAtItsCompletion) {
  // Rank 0's iallreduce has no request record: with overlap it starts in
  // the wait call that completed it, which waits for it, and still
  // matches rank 1's non-blocking call.
  using K = EventKind;
  Program p(2);
  for (int r = 0; r < 2; ++r) {
    Event e = ev(K::Allreduce, 0, 0, 8);
    e.nonblocking = true;
    p.add(r, e);
    p.add(r, ev(K::Compute, 0, 0, 500));
    Event w = ev(K::Wait);
    w.counts = {0};
    p.add(r, w);
  }
  p.finish();
  Otf2WriteOptions o;
  o.unrequested_rank = 0;
  const Program got = round_trip(p, o, NonblockingCollectives::Overlap);
  std::vector<std::string> kinds;
  for (const Event& e : got.events(0)) kinds.push_back(event_name(e));
  EXPECT_EQ(kinds, (std::vector<std::string>{"compute", "iallreduce", "wait"}));
  EXPECT_EQ(got.events(0).back().counts, std::vector<uint64_t>{0});
  EXPECT_STREQ(event_name(got.events(1)[0]), "iallreduce");
  // Its completion outside any MPI call (a writer without regions): it is
  // waited for there all the same.
  o.regions = false;
  const Program bare = round_trip(p, o, NonblockingCollectives::Overlap);
  kinds.clear();
  for (const Event& e : bare.events(0)) kinds.push_back(event_name(e));
  EXPECT_EQ(kinds, (std::vector<std::string>{"compute", "iallreduce", "wait"}));
}

TEST(Otf2Trace, AWaitThatCompletesOnlyACollectiveWaitsForNothingElse) {
  // Each rank: an iallreduce, compute, then an MPI_Waitall that completes
  // it alone. The rank records no point-to-point completions, so a wait
  // call that completed none would wait for every open request (with
  // isends open, until they complete); this one completed the collective,
  // which already ran where it was called: no wait at all.
  using K = EventKind;
  Program p(2);
  for (int r = 0; r < 2; ++r) {
    p.add(r, ev(K::Allreduce, 0, 0, 8));
    p.add(r, ev(K::Compute, 0, 0, 500));
    p.add(r, ev(K::Wait));
  }
  p.finish();
  Otf2WriteOptions o;
  o.nonblocking = true;
  const Program got = round_trip(p, o, NonblockingCollectives::Blocking);
  for (int r = 0; r < 2; ++r) {
    std::vector<std::string> kinds;
    for (const Event& e : got.events(r)) kinds.push_back(event_name(e));
    EXPECT_EQ(kinds, (std::vector<std::string>{"allreduce", "compute"})) << "rank " << r;
  }
  // Written blocking, the same wait call completes nothing: a wait for
  // every open request (here none), as before.
  const Program blocking = round_trip(p, {});
  EXPECT_EQ(blocking.events(0).size(), 3u);
}

TEST(Otf2Trace, ANonblockingCollectiveThatNeverCompletesIsRefused) {
  // Its request freed: which collective it was is unknown, and leaving it
  // out would shift the communicator's later collectives on that rank.
  Otf2WriteOptions o;
  o.nonblocking = true;
  o.nonblocking_completes = false;
  for (const auto nbc :
       {NonblockingCollectives::Blocking, NonblockingCollectives::Overlap, NonblockingCollectives::Refuse}) {
    const std::string err = refusal(sample(1), o, nbc);
    EXPECT_NE(err.find("(rank 0), event "), std::string::npos) << err;
    EXPECT_NE(err.find(": non-blocking collective request 1 never completes in the trace"), std::string::npos) << err;
  }
}

TEST(Otf2Trace, NonblockingScansAreRefusedEitherWay) {
  using K = EventKind;
  Program p(3);
  for (int r = 0; r < 3; ++r) p.add(r, ev(K::Scan, 0, 0, 24));
  p.finish();
  Otf2WriteOptions o;
  o.nonblocking = true;
  for (const auto nbc : {NonblockingCollectives::Blocking, NonblockingCollectives::Overlap}) {
    const std::string err = refusal(p, o, nbc);
    EXPECT_NE(err.find("non-blocking collective scan: not supported (a scan's block needs its place"),
              std::string::npos)
        << err;
  }
}
