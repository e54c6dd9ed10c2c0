// The collectives under workload.collectives=mpich (docs/workloads.md,
// "Collectives"): MPICH's choice at each threshold, and each algorithm's
// messages and bytes against counts derived independently of its code
// (which block travels how far), for 1 to 17 ranks; every program runs to
// its end on an ideal network.
#include <gtest/gtest.h>

#include "ideal_net.h"

using namespace nocsim;
using namespace nocsim::workload_test;

namespace {

std::string algo(const std::string& coll, int n, CollectiveRule rule = CollectiveRule::Mpich) {
  const Program p = parse("ranks " + std::to_string(n) + "\n* " + coll + "\n", rule);
  return algorithm_name(p.collectives().at(0).algo);  // a v-variant's choice takes every rank's block
}

// Messages and bytes of one collective, which must pair its messages and
// run to its end.
std::pair<uint64_t, uint64_t> run(const std::string& coll, int n, const std::string& expect_algo) {
  const Program p = parse("ranks " + std::to_string(n) + "\n* " + coll + "\n");
  EXPECT_EQ(algorithm_name(collective_algorithm(p.events(0)[0], n, CollectiveRule::Mpich)), expect_algo)
      << coll << ", " << n << " ranks";
  return run_paired(p, coll + ", " + std::to_string(n) + " ranks");
}

int pof2_below(int n) {
  int p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

uint64_t u(int v) { return static_cast<uint64_t>(v); }
uint64_t popcount(int v) { return u(__builtin_popcount(static_cast<unsigned>(v))); }

}  // namespace

TEST(Collectives, MpichPicksByItsThresholds) {
  struct Case {
    const char* event;
    int ranks;
    const char* algorithm;
  };
  const Case cases[] = {
      {"bcast 0 12287", 8, "binomial"},
      {"bcast 0 12288", 8, "scatter+doubling"},
      {"bcast 0 12288", 7, "binomial"},  // fewer than 8 ranks
      {"bcast 0 12288", 9, "scatter+ring"},
      {"bcast 0 524287", 16, "scatter+doubling"},
      {"bcast 0 524288", 16, "scatter+ring"},
      {"allreduce 2048", 16, "recursive doubling"},
      {"allreduce 2049", 16, "rabenseifner"},
      {"allreduce 3000", 4096, "recursive doubling"},  // fewer bytes than the 4,096 ranks
      {"allreduce 4096", 4096, "rabenseifner"},
      {"reduce 0 4095", 4096, "binomial"},
      {"reduce 0 4096", 4097, "redscat+gather"},
      {"reduce 1 2048", 6, "binomial"},
      {"reduce 1 2049", 6, "redscat+gather"},
      {"allgather 32767", 16, "recursive doubling"},
      {"allgather 32768", 16, "ring"},  // 524,288 in all
      {"allgather 8191", 10, "bruck"},  // 81,910
      {"allgather 8192", 10, "ring"},   // 81,920
      {"alltoall 256", 8, "bruck"},
      {"alltoall 256", 7, "scattered"},
      {"alltoall 257", 8, "scattered"},
      {"alltoall 32768", 16, "scattered"},
      {"alltoall 32769", 16, "pairwise xor"},
      {"alltoall 32769", 12, "pairwise"},
      {"reduce_scatter 32767", 16, "recursive halving"},
      {"reduce_scatter 32768", 16, "pairwise"},
      {"gather 0 100000", 16, "binomial"},
      {"scatter 0 100000", 16, "binomial"},
      {"scan 100000", 16, "recursive doubling"},
      {"barrier", 16, "dissemination"},
      {"bcast 0 0", 16, "none"},
      {"reduce 0 0", 16, "none"},
      {"allreduce 0", 16, "none"},
      {"allgather 0", 16, "none"},
      {"alltoall 0", 16, "none"},
      {"reduce_scatter 0", 16, "none"},
      // The v-variants by their total: allgatherv as allgather, reduce_scatterv
      // as reduce_scatter; gatherv and scatterv are linear.
      {"allgatherv 32767", 16, "recursive doubling"},
      {"allgatherv 32768", 16, "ring"},
      {"allgatherv 8191", 10, "bruck"},
      {"allgatherv 8192", 10, "ring"},
      {"reduce_scatterv 32767", 16, "recursive halving"},
      {"reduce_scatterv 32768", 16, "pairwise"},
      {"gatherv 3 100000", 16, "linear"},
      {"scatterv 3 100000", 16, "linear"},
      {"allgatherv 0", 16, "none"},
      {"reduce_scatterv 0", 16, "none"},
  };
  for (const Case& c : cases) EXPECT_EQ(algo(c.event, c.ranks), c.algorithm) << c.event << ", " << c.ranks << " ranks";
  EXPECT_EQ(algo("allreduce 1000000", 16, CollectiveRule::Fixed), "recursive doubling");
  EXPECT_EQ(algo("alltoall 4", 16, CollectiveRule::Fixed), "pairwise");
  EXPECT_EQ(algo("allgather 4", 16, CollectiveRule::Fixed), "bruck");
  EXPECT_EQ(algo("allgatherv 1000000", 16, CollectiveRule::Fixed), "bruck");
  EXPECT_EQ(algo("reduce_scatterv 4", 16, CollectiveRule::Fixed), "pairwise");
  EXPECT_EQ(algo("gatherv 0 4", 16, CollectiveRule::Fixed), "linear");
}

TEST(Collectives, LongReductionsSendEachBlockOnce) {
  // Rabenseifner's allreduce: the 2(n - p) pair ranks hand b over and
  // back; of the p, each sends all but its own block in the halving and
  // again in the doubling, log2 p messages each: (p - 1) b bytes each way,
  // whatever the remainder. Recursive halving (reduce_scatter of blocks of
  // c bytes, b = n c in all): the hand-over n c, each of the p sending all
  // but its own block (one or two ranks'), the hand-back c.
  for (int n = 1; n <= 17; ++n) {
    const int p = pof2_below(n), lg = static_cast<int>(log2_ceil(p)), m = n - p;
    for (const uint64_t b : {4096u, 4099u}) {
      const auto all = run("allreduce " + std::to_string(b), n, "rabenseifner");
      EXPECT_EQ(all, std::make_pair(u(2 * m + 2 * p * lg), 2 * u(m) * b + 2 * u(p - 1) * b)) << n << " " << b;
    }
    const uint64_t c = 1000;
    if (n == p) {  // the halving leaves rank r block bitreverse(r), the remainder in the last block
      const uint64_t b = 4099, q = b / u(p);
      const Program prog = parse("ranks " + std::to_string(n) + "\n* allreduce " + std::to_string(b) + "\n");
      for (int r = 0; r < n; ++r) {
        uint64_t sent = 0;
        int k = 0;
        for (const Op& o : prog.ops(r))
          if (o.kind == OpKind::Isend && k++ < lg) sent += o.amount;
        EXPECT_EQ(sent, b - (r == p - 1 ? b - q * u(p - 1) : q)) << n << " rank " << r;
      }
    }
    const auto rs = run("reduce_scatter " + std::to_string(c), n, "recursive halving");
    EXPECT_EQ(rs, std::make_pair(u(2 * m + p * lg), u(m) * u(n) * c + u(p - 1) * u(n) * c + u(m) * c)) << n;
  }
}

TEST(Collectives, LongReduceGathersItsBlocksAtTheRoot) {
  // Rabenseifner's reduce: the odd pair ranks hand over (n - p), the
  // halving as allreduce's, then a binomial gather: p - 1 messages, in
  // step m p / 2^(m+1) senders of 2^m blocks, (b / p) log2(p) p / 2 bytes
  // with p | b; a root that sat out first takes block 0 from rank 0.
  for (int n = 1; n <= 17; ++n) {
    const int p = pof2_below(n), lg = static_cast<int>(log2_ceil(p)), m = n - p;
    const uint64_t b = 3 * 4096;  // p divides it
    for (int root = 0; root < n; ++root) {
      const bool out = root < 2 * m && root % 2 == 1;
      const auto got = run("reduce " + std::to_string(root) + " " + std::to_string(b), n, "redscat+gather");
      EXPECT_EQ(got.first, u(m + p * lg + p - 1 + out)) << n << " root " << root;
      EXPECT_EQ(got.second, u(m) * b + u(p - 1) * b + b / u(p) * u(lg) * u(p) / 2 + (out ? b / u(p) : 0))
          << n << " root " << root;
      // The gather ends at the root, which sends only in the halving (or
      // its hand-over, when it sat out).
      const Program prog = parse("ranks " + std::to_string(n) + "\n* reduce " + std::to_string(root) + " " +
                                 std::to_string(b) + "\n");
      int sends = 0;
      for (const Op& o : prog.ops(root)) sends += o.kind == OpKind::Isend;
      EXPECT_EQ(sends, out ? 1 : lg) << n << " root " << root;
    }
    run("reduce " + std::to_string(n / 2) + " 5003", n, "redscat+gather");  // a remainder: runs to its end
  }
}

TEST(Collectives, LongBcastScattersThenGathersItsBlocks) {
  // The scatter: block v (ceil(b / n) bytes, the last ones shorter or
  // empty) travels popcount(v) hops, one message per non-empty block but
  // the root's. The ring: each rank sends every block but its right
  // neighbour's, n - 1 messages (empty blocks too). Recursive doubling
  // (a power of two): each rank receives every block but its own. 12,289
  // bytes over 256 and 250 ranks leave the last 5 and 4 blocks empty.
  std::vector<std::pair<int, uint64_t>> cases{{256, 12289}, {250, 12289}};
  for (int n = 8; n <= 17; ++n) cases.push_back({n, 20000 + u(n)});
  for (const auto& nb : cases) {
    const int n = nb.first;
    const uint64_t b = nb.second, s = (b + u(n) - 1) / u(n);
    const auto block = [&](int v) { return s * u(v) >= b ? 0 : std::min(b, s * u(v + 1)) - s * u(v); };
    uint64_t scatter_msgs = 0, scatter_bytes = 0;
    for (int v = 1; v < n; ++v) {
      scatter_msgs += s * u(v) < b;
      scatter_bytes += popcount(v) * block(v);
    }
    const bool pof2 = (n & (n - 1)) == 0;
    const int root = n / 3;
    const auto got = run("bcast " + std::to_string(root) + " " + std::to_string(b), n,
                         pof2 ? "scatter+doubling" : "scatter+ring");
    const uint64_t gather_msgs = pof2 ? u(n) * log2_ceil(n) : u(n) * u(n - 1);
    EXPECT_EQ(got, std::make_pair(scatter_msgs + gather_msgs, scatter_bytes + u(n - 1) * b)) << n;
    if (pof2) continue;
    // The ring: a rank's last n - 1 sends carry every block but the one of
    // its right neighbour.
    const Program p = parse("ranks " + std::to_string(n) + "\n* bcast " + std::to_string(root) + " " +
                            std::to_string(b) + "\n");
    for (int r = 0; r < n; ++r) {
      std::vector<uint64_t> sends;
      for (const Op& o : p.ops(r))
        if (o.kind == OpKind::Isend) sends.push_back(o.amount);
      uint64_t ring = 0;
      for (size_t i = sends.size() - static_cast<size_t>(n - 1); i < sends.size(); ++i) ring += sends[i];
      const int v = (r - root + n) % n;
      EXPECT_EQ(ring, b - block((v + 1) % n)) << n << " rank " << r;
    }
  }
  // Long on 16 ranks: the ring.
  EXPECT_EQ(run("bcast 3 600000", 16, "scatter+ring").first, 15u + 16u * 15u);
}

TEST(Collectives, AllgatherAndAlltoallFollowTheirRounds) {
  for (int n = 2; n <= 17; ++n) {
    const bool pof2 = (n & (n - 1)) == 0;
    const uint64_t un = u(n), lg = log2_ceil(n);
    // Allgather: recursive doubling at a power of two, Bruck below 80 KiB
    // in all, else the ring; each rank receives every block but its own.
    EXPECT_EQ(run("allgather 100", n, pof2 ? "recursive doubling" : "bruck"),
              std::make_pair(un * lg, 100 * un * (un - 1)))
        << n;
    const uint64_t big = pof2 ? 524288 / un : (81920 + un - 1) / un;  // the least for the ring
    EXPECT_EQ(run("allgather " + std::to_string(big), n, "ring"), std::make_pair(un * (un - 1), big * un * (un - 1)))
        << n;
    // Alltoall: Bruck's round k carries the blocks whose index has bit k
    // set; scattered and pairwise one message per ordered pair.
    uint64_t bits = 0;
    for (int i = 0; i < n; ++i) bits += popcount(i);
    if (n >= 8) {
      EXPECT_EQ(run("alltoall 100", n, "bruck"), std::make_pair(un * lg, 100 * un * bits)) << n;
    }
    EXPECT_EQ(run("alltoall 1000", n, "scattered"),
              std::make_pair(un * (un - 1), 1000 * un * (un - 1)))
        << n;
    EXPECT_EQ(run("alltoall 40000", n, pof2 ? "pairwise xor" : "pairwise"),
              std::make_pair(un * (un - 1), 40000 * un * (un - 1)))
        << n;
  }
}

TEST(Collectives, ScatteredAlltoallWaitsPerBatchOf32) {
  // 40 ranks: peers in two batches (32 with the rank itself, then 8), one
  // wait after each; pairwise XOR at 32 ranks exchanges with r XOR k in
  // step k.
  const Program p = parse("ranks 40\n* alltoall 1000\n");
  int waits = 0, sends = 0;
  for (const Op& o : p.ops(5)) {
    waits += o.kind == OpKind::StepWait;
    sends += o.kind == OpKind::Isend;
    if (o.kind == OpKind::Isend) {
      EXPECT_NE(o.peer, 5);
    }
  }
  EXPECT_EQ(waits, 2);
  EXPECT_EQ(sends, 39);
  const Program x = parse("ranks 32\n* alltoall 40000\n");
  int k = 1;
  for (const Op& o : x.ops(5))
    if (o.kind == OpKind::Isend) {
      EXPECT_EQ(o.peer, 5 ^ k++);
    }
  EXPECT_EQ(k, 32) << "one send to each of the 31 other ranks";
  // Alltoallv posts nothing for a count of 0 (rank 0 sends only to 2).
  std::string v = "ranks 3\n0 alltoallv 0 0 7\n1 alltoallv 0 0 0\n2 alltoallv 0 0 0\n";
  const Program q = parse(v);
  EXPECT_EQ(q.messages(), 1u);
  expect_paired(q);
}

TEST(Collectives, ZeroByteCollectivesSendNothingUnderMpich) {
  const Program p =
      parse("ranks 8\n* bcast 0 0\n* reduce 1 0\n* allreduce 0\n* allgather 0\n* alltoall 0\n* reduce_scatter 0\n"
            "* gather 2 0\n* scatter 3 0\n* scan 0\n* exscan 0\n");
  EXPECT_EQ(p.messages(), 0u);
  // A barrier has no size: it still sends its dissemination rounds.
  EXPECT_EQ(parse("ranks 8\n* barrier\n").messages(), 24u);
  // The fixed rule's recursive doubling sends whatever the size: 3 rounds of 8.
  EXPECT_EQ(parse("ranks 8\n* allreduce 0\n", CollectiveRule::Fixed).messages(), 24u);
}

namespace {

// Rank r's block in the v-variant tests: uneven, some empty.
uint64_t vblock(int r, uint64_t unit) { return static_cast<uint64_t>(r % 4) * unit + (r % 3 == 1 ? 0 : 1); }

std::string v_trace(const std::string& op, int n, uint64_t unit, int root = -1) {
  std::string t = "ranks " + std::to_string(n) + "\n";
  for (int r = 0; r < n; ++r)
    t += std::to_string(r) + " " + op + (root >= 0 ? " " + std::to_string(root) : "") + " " +
         std::to_string(vblock(r, unit)) + "\n";
  return t;
}

// Messages and bytes of `text`, which must choose `want`, pair its
// messages and run to its end.
std::pair<uint64_t, uint64_t> run_v(const std::string& text, const std::string& want) {
  const Program p = parse(text);
  EXPECT_EQ(algorithm_name(p.collectives().at(0).algo), want) << text;
  return run_paired(p, text);
}

}  // namespace

TEST(Collectives, GathervAndScattervMoveEachNonEmptyBlockOnce) {
  // Linear: one message per rank other than the root with a block, of that
  // block; from 32 ranks on, gatherv's sends are synchronous (MPICH 3).
  for (const int n : {1, 2, 5, 17, 32, 33}) {
    const int root = n / 2;
    uint64_t msgs = 0, bytes = 0;
    for (int r = 0; r < n; ++r)
      if (r != root && vblock(r, 10) > 0) ++msgs, bytes += vblock(r, 10);
    const auto want = std::make_pair(msgs, bytes);
    EXPECT_EQ(run_v(v_trace("gatherv", n, 10, root), "linear"), want) << n;
    EXPECT_EQ(run_v(v_trace("scatterv", n, 10, root), "linear"), want) << n;
    const Program p = parse(v_trace("gatherv", n, 10, root));
    for (int r = 0; r < n; ++r)
      for (const Op& o : p.ops(r))
        if (o.kind == OpKind::Isend) {
          EXPECT_EQ(o.mode, n >= 32 ? SendMode::Synchronous : SendMode::Standard) << n;
        }
  }
}

TEST(Collectives, ALinearGathervOfManyRanksStaysWithinTheOperationLimit) {
  // The root's operations grow with the ranks, the others' do not (a send
  // or receive and its wait): two of them over 20,000 ranks (the
  // full-system dragonfly has 16,512) expand to about 6 per rank, far
  // below the 8,000,000 of workload.max_operations.
  const Program p = parse("ranks 20000\n* gatherv 3 8\n* scatterv 3 8\n");
  EXPECT_EQ(p.messages(), 2u * 19999);
  uint64_t ops = 0;
  for (int r = 0; r < p.ranks(); ++r) ops += p.ops(r).size();
  EXPECT_LT(ops, 7u * 20000);
}

TEST(Collectives, AllgathervDeliversEveryOtherBlockToEachRank) {
  // Whatever the algorithm, each rank receives each other rank's block
  // once: (n - 1) times the total in all. Recursive doubling (a power of
  // two, under 512 KiB in all) sends n log2 n messages, Bruck's (under
  // 80 KiB) n ceil(log2 n); the ring one per chunk of each block to each
  // rank but its owner's left neighbour's... that is, (n - 1) per chunk,
  // a chunk being the smallest block or 32 KiB if larger.
  const auto expect = [](int n, uint64_t unit, const std::string& algo, uint64_t msgs) {
    uint64_t total = 0;
    for (int r = 0; r < n; ++r) total += vblock(r, unit);
    EXPECT_EQ(run_v(v_trace("allgatherv", n, unit), algo), std::make_pair(msgs, (u(n) - 1) * total))
        << n << " ranks, " << algo;
  };
  for (const int n : {2, 4, 8, 16}) expect(n, 100, "recursive doubling", u(n) * log2_ceil(n));
  for (const int n : {3, 5, 6, 7, 12}) expect(n, 100, "bruck", u(n) * log2_ceil(n));
  for (const int n : {3, 5, 12}) {  // blocks of 0 .. 3 x 40,000 bytes, chunks of 32,768
    uint64_t chunks = 0;
    for (int r = 0; r < n; ++r) chunks += (vblock(r, 40000) + 32767) / 32768;
    expect(n, 40000, "ring", (u(n) - 1) * chunks);
  }
  // Equal blocks: the allgather's messages and bytes, for each algorithm.
  for (const auto& [n, b] : std::vector<std::pair<int, int>>{{8, 100}, {6, 100}, {5, 40000}, {8, 100000}}) {
    const std::string sizes = "ranks " + std::to_string(n) + "\n* ";
    EXPECT_EQ(parse(sizes + "allgatherv " + std::to_string(b) + "\n").messages(),
              parse(sizes + "allgather " + std::to_string(b) + "\n").messages());
    EXPECT_EQ(parse(sizes + "allgatherv " + std::to_string(b) + "\n").bytes(),
              parse(sizes + "allgather " + std::to_string(b) + "\n").bytes());
  }
}

TEST(Collectives, ReduceScattervSendsEachRankItsBlock) {
  // Pairwise (512 KiB or more in all): n (n - 1) messages, each rank's
  // block from each other rank. Recursive halving with equal blocks: the
  // reduce_scatter's messages and bytes; with uneven ones, it runs to its
  // end with every message paired.
  for (const int n : {2, 3, 5, 8, 12}) {
    uint64_t total = 0;
    for (int r = 0; r < n; ++r) total += vblock(r, 400000);
    if (n > 2) {  // 2 ranks hold 400,001 bytes in all: recursive halving
      EXPECT_EQ(run_v(v_trace("reduce_scatterv", n, 400000), "pairwise"),
                std::make_pair(u(n) * (u(n) - 1), (u(n) - 1) * total))
          << n;
    }
    run_v(v_trace("reduce_scatterv", n, 100), "recursive halving");
    const std::string equal = "ranks " + std::to_string(n) + "\n* ";
    const Program a = parse(equal + "reduce_scatterv 100\n"), b = parse(equal + "reduce_scatter 100\n");
    EXPECT_EQ(std::make_pair(a.messages(), a.bytes()), std::make_pair(b.messages(), b.bytes())) << n;
  }
  // Rank 0's block is empty among 4: in the last halving step rank 0 sends
  // rank 1 its part and receives nothing (4 + 1 + 2 messages).
  const Program p = parse("ranks 4\n0 reduce_scatterv 0\n1 reduce_scatterv 8\n2 reduce_scatterv 8\n3 reduce_scatterv 8\n");
  EXPECT_EQ(p.messages(), 7u);
}
