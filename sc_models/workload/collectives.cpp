// The collective algorithms, as point-to-point operations of one rank
// (docs/workloads.md, "Collectives", with their published sources). All
// messages of one collective carry its tag: where an algorithm sends twice
// between the same pair (a scatter, then an allgather), the second follows
// a step wait on both sides, and messages match in the order sent
// (docs/workloads.md, "Matching").
#include <algorithm>

#include "workload/program.h"

namespace nocsim {
namespace {

struct Emit {
  std::vector<Op>& out;
  int32_t tag;
  uint32_t event;
  void send(int peer, uint64_t bytes) { out.push_back({OpKind::Isend, peer, tag, bytes, event}); }
  void ssend(int peer, uint64_t bytes) {
    send(peer, bytes);
    out.back().mode = SendMode::Synchronous;
  }
  void recv(int peer) { out.push_back({OpKind::Irecv, peer, tag, 0, event}); }
  void wait() { out.push_back({OpKind::StepWait, 0, tag, 0, event}); }
};

constexpr uint64_t kNone = ~uint64_t{0};  // a tree's size function: no message

uint64_t u(int v) { return static_cast<uint64_t>(v); }
int mod(int a, int n) { return (a % n + n) % n; }

// One step: `bytes` to `to`, a message from `from`, and the wait for both.
void step(Emit& e, int to, int from, uint64_t bytes) {
  e.send(to, bytes);
  e.recv(from);
  e.wait();
}

// One round of an exchange: r and peer send each other `bytes`.
void exchange(Emit& e, int peer, uint64_t bytes) { step(e, peer, peer, bytes); }

// The dissemination pattern: in round k (d = 2^k < n) rank r sends
// `bytes(d)` bytes to r + s d and receives from r - s d (s = 1 or -1);
// ceil(log2 n) rounds.
template <class Bytes>
void dissemination(Emit& e, int r, int n, int s, Bytes bytes) {
  for (int d = 1; d < n; d *= 2) step(e, mod(r + s * d, n), mod(r - s * d, n), bytes(d));
}

// The binomial tree rooted at `root` (MPICH's short bcast, its scatter and
// bcast's scatter phase): a rank receives from its parent (its relative
// rank with the lowest set bit cleared), then sends to its children,
// largest subtree first. size(c, m) is what relative rank c gets from its
// parent, m being c's lowest set bit (its subtree's width), or kNone for no
// message (the receiver then posts none either).
template <class Size>
void down_tree(Emit& e, int r, int n, int root, Size size) {
  const int v = mod(r - root, n);
  int mask = 1;
  for (; mask < n; mask *= 2)
    if (v & mask) {
      if (size(v, mask) != kNone) {
        e.recv((v - mask + root) % n);
        e.wait();
      }
      break;
    }
  for (mask /= 2; mask > 0; mask /= 2)
    if (v + mask < n && size(v + mask, mask) != kNone) e.send((v + mask + root) % n, size(v + mask, mask));
  e.wait();
}

// The same tree the other way (MPICH's binomial reduce and gather): a rank
// receives from each child in turn, smallest subtree first, then sends to
// its parent; `whole` sends the blocks of its whole subtree (gather), else
// `bytes` (reduce, whose arithmetic takes no time here).
void up_tree(Emit& e, int r, int n, int root, uint64_t bytes, bool whole) {
  const int v = mod(r - root, n);
  for (int mask = 1; mask < n; mask *= 2) {
    if (v & mask) {
      e.send((v - mask + root) % n, whole ? bytes * u(std::min(mask, n - v)) : bytes);
      e.wait();
      return;
    }
    if (v + mask < n) {
      e.recv((v + mask + root) % n);
      e.wait();
    }
  }
}

// Bcast's block c of b bytes cut into n: ceil(b / n) bytes each, the last
// ones shorter or empty (MPICH's scatter_size). Bytes of blocks [c, c + w).
uint64_t bcast_blocks(uint64_t b, int n, int c, int w) {
  const uint64_t s = (b + u(n) - 1) / u(n), lo = s * u(c);
  return lo >= b ? 0 : std::min(b, s * u(c + w)) - lo;
}

// Bcast for medium and long messages (van de Geijn; Thakur et al. 2005):
// a binomial scatter of the n blocks (relative rank c gets its subtree's,
// none past the data's end), then an allgather of the blocks: recursive
// doubling at a power-of-two n (step m: the 2^m blocks held, with relative
// rank XOR 2^m), else a ring (step i: block v - i + 1 to the right).
void bcast_scatter_allgather(Emit& e, int r, int n, int root, uint64_t b, bool ring) {
  down_tree(e, r, n, root, [&](int c, int w) {
    const uint64_t bytes = bcast_blocks(b, n, c, w);  // empty only past the data's end
    return bytes > 0 ? bytes : kNone;
  });
  const int v = mod(r - root, n);
  if (ring) {
    for (int i = 1; i < n; ++i) step(e, (r + 1) % n, mod(r - 1, n), bcast_blocks(b, n, mod(v - i + 1, n), 1));
    return;
  }
  for (int mask = 1; mask < n; mask *= 2)
    exchange(e, ((v ^ mask) + root) % n, bcast_blocks(b, n, v & ~(mask - 1), mask));
}

// A count of `b` bytes cut into p blocks as MPICH's Rabenseifner
// allreduce and reduce cut it: b / p bytes each, the remainder in the last.
// Bytes of blocks [lo, hi).
uint64_t blocks(uint64_t b, int p, int lo, int hi) {
  const uint64_t q = b / u(p);
  return q * u(hi - lo) + (hi == p && lo < hi ? b - q * u(p) : 0);
}

// A rank count's reduction to the power of two p <= n (Thakur et al.
// 2005): of the first 2(n - p) ranks, one of each pair hands its data to
// the other and sits out; ranks `keep` mod 2 stay (odd in allreduce and
// reduce_scatter, even in reduce). The ranks that stay number 0 .. p - 1.
struct Pof2 {
  int n, p, keep;
  Pof2(int ranks, int k) : n(ranks), p(floor_pof2(ranks)), keep(k) {}
  int rem() const { return n - p; }
  int newrank(int r) const { return r < 2 * rem() ? (r % 2 == keep ? r / 2 : -1) : r - rem(); }
  int real(int nr) const { return nr < rem() ? nr * 2 + keep : nr + rem(); }
  // The hand-over (`in`: to the rank that stays) or back: a send or a
  // receive between r and r XOR 1, for the first 2(n - p) ranks.
  void fold(Emit& e, int r, bool in, uint64_t bytes) const {
    if (r >= 2 * rem()) return;
    if ((r % 2 != keep) == in) e.send(r ^ 1, bytes);
    else e.recv(r ^ 1);
    e.wait();
  }
};

// Blocks [lo, hi) a rank of the p holds in recursive halving and doubling.
struct Held {
  int lo, hi;
  // Doubling step `mask`: the partner's blocks join, below or above.
  void grow(int nr, int mask) {
    const int w = hi - lo;
    if (nr < (nr ^ mask)) hi += w;
    else lo -= w;
  }
};

// Recursive halving (Rabenseifner; MPICH's allreduce and reduce for long
// messages): in step m (distance 1 first) rank nr keeps half of its
// blocks, the lower half when nr < nr XOR 2^m, and sends the partner the
// other half, b split as `blocks` does.
Held halve(Emit& e, int nr, const Pof2& f, uint64_t b) {
  Held h{0, f.p};
  for (int mask = 1; mask < f.p; mask *= 2) {
    const int mid = h.lo + (h.hi - h.lo) / 2;
    const bool low = nr < (nr ^ mask);
    exchange(e, f.real(nr ^ mask), low ? blocks(b, f.p, mid, h.hi) : blocks(b, f.p, h.lo, mid));
    (low ? h.hi : h.lo) = mid;
  }
  return h;
}

// Recursive doubling (Thakur et al. 2005): after the hand-over, the p
// ranks exchange with newrank XOR 2^k in log2 p rounds, and the odd ranks
// hand the result back.
void allreduce_doubling(Emit& e, int r, int n, uint64_t bytes) {
  const Pof2 f(n, 1);
  const int nr = f.newrank(r);
  f.fold(e, r, true, bytes);
  if (nr >= 0)
    for (int mask = 1; mask < f.p; mask *= 2) exchange(e, f.real(nr ^ mask), bytes);
  f.fold(e, r, false, bytes);
}

// Rabenseifner's allreduce: the hand-over, a reduce-scatter by recursive
// halving, an allgather retracing its steps (distance p/2 first, each rank
// sending all the blocks it holds), the hand-back.
void allreduce_rabenseifner(Emit& e, int r, int n, uint64_t b) {
  const Pof2 f(n, 1);
  const int nr = f.newrank(r);
  f.fold(e, r, true, b);
  if (nr >= 0) {
    Held h = halve(e, nr, f, b);
    for (int mask = f.p / 2; mask > 0; mask /= 2) {
      exchange(e, f.real(nr ^ mask), blocks(b, f.p, h.lo, h.hi));
      h.grow(nr, mask);
    }
  }
  f.fold(e, r, false, b);
}

// Rabenseifner's reduce (MPICH's for long messages): the odd ranks of the
// first pairs hand over, a reduce-scatter by recursive halving, then a
// binomial gather of the blocks to the root: in step m (distance p/2
// first) a rank whose partner lies in the root's half of that step's
// subtree sends all it holds and stops, the other receives. A root among
// the ranks that sat out takes block 0 from rank 0 first and stands in
// for it.
void reduce_redscat_gather(Emit& e, int r, int n, int root, uint64_t b) {
  const Pof2 f(n, 0);
  int nr = f.newrank(r);
  f.fold(e, r, true, b);
  const bool root_out = f.newrank(root) < 0;
  Held h{0, 0};
  if (nr >= 0) h = halve(e, nr, f, b);
  if (root_out) {
    if (r == root) {
      e.recv(0);
      e.wait();
      nr = 0, h = {0, 1};
    } else if (nr == 0) {
      e.send(root, blocks(b, f.p, 0, 1));
      e.wait();
      nr = -1;
    }
  }
  if (nr < 0) return;
  const int newroot = root_out ? 0 : f.newrank(root);
  for (int mask = f.p / 2; mask > 0; mask /= 2) {
    const int nd = nr ^ mask, dst = nd == 0 && root_out ? root : f.real(nd);
    if ((nd & ~(mask - 1)) == (newroot & ~(mask - 1))) {
      e.send(dst, blocks(b, f.p, h.lo, h.hi));
      e.wait();
      return;
    }
    e.recv(dst);
    e.wait();
    h.grow(nr, mask);
  }
}

// Recursive halving (MPICH's reduce_scatter and reduce_scatter_block below
// 512 KiB): after the hand-over of all `total` bytes, in step m (distance
// p/2 first) rank nr keeps the half of its blocks holding its own and sends
// the other; then each odd rank of the pairs sends its even partner that
// one's block. Among the p, block i is two ranks' for i < n - p, else
// one's: cnt(lo, hi) adds up the p's blocks [lo, hi), own(r) is rank r's.
// As MPICH, a step whose half is empty one way only sends or receives, and
// an empty block is not handed back.
template <class Cnt, class Own>
void halving_scatter(Emit& e, int r, int n, uint64_t total, Cnt cnt, Own own) {
  const Pof2 f(n, 1);
  const int nr = f.newrank(r);
  f.fold(e, r, true, total);
  if (nr >= 0) {
    int lo = 0, hi = f.p;
    for (int mask = f.p / 2; mask > 0; mask /= 2) {
      const int mid = lo + mask, dst = f.real(nr ^ mask);
      const bool low = nr < mid;
      const uint64_t out = low ? cnt(mid, hi) : cnt(lo, mid), in = low ? cnt(lo, mid) : cnt(mid, hi);
      if (out) e.send(dst, out);
      if (in) e.recv(dst);
      if (out || in) e.wait();
      (low ? hi : lo) = mid;
    }
  }
  if (r >= 2 * f.rem()) return;
  if (r % 2 && own(r - 1)) {
    e.send(r - 1, own(r - 1));
    e.wait();
  } else if (r % 2 == 0 && own(r)) {
    e.recv(r + 1);
    e.wait();
  }
}

void reduce_scatter_halving(Emit& e, int r, int n, uint64_t b) {
  const int m = n - floor_pof2(n);
  const auto cnt = [&](int lo, int hi) { return b * u(hi - lo) + b * u(std::clamp(hi, 0, m) - std::clamp(lo, 0, m)); };
  halving_scatter(e, r, n, b * u(n), cnt, [&](int) { return b; });
}

// A v-variant's blocks (Event::amount of each rank), from their running
// sums (expand_collective's `from`: sum[i] is ranks 0 .. i - 1's), which
// its Program computes once for all its ranks.
class Blocks {
 public:
  explicit Blocks(const std::vector<uint64_t>& sum) : sum_(sum) {}
  uint64_t of(int r) const { return sum_[static_cast<size_t>(r) + 1] - sum_[static_cast<size_t>(r)]; }
  uint64_t total() const { return sum_.back(); }
  // Ranks [lo, lo + w) counted modulo their number (w at most that).
  uint64_t range(int lo, int w) const {
    const int n = static_cast<int>(sum_.size()) - 1;
    if (lo + w <= n) return sum_[static_cast<size_t>(lo + w)] - sum_[static_cast<size_t>(lo)];
    return total() - sum_[static_cast<size_t>(lo)] + sum_[static_cast<size_t>(lo + w - n)];
  }

 private:
  const std::vector<uint64_t>& sum_;
};

// MPI_Reduce_scatter's recursive halving: block i of the p is ranks 2i and
// 2i + 1's for i < n - p, else rank i + n - p's.
void reduce_scatterv_halving(Emit& e, int r, int n, const Blocks& b) {
  const int m = n - floor_pof2(n);
  const auto cnt = [&](int lo, int hi) {  // the p's blocks [lo, hi): ranks [old(lo), old(hi))
    const auto old = [&](int i) { return i < m ? 2 * i : i + m; };
    return b.range(old(lo), old(hi) - old(lo));
  };
  halving_scatter(e, r, n, b.total(), cnt, [&](int s) { return b.of(s); });
}

// MPICH's gatherv and scatterv (linear): the root posts a receive from
// (gatherv) or a send to (scatterv) each other rank whose block is not
// empty, in rank order, and waits for them all; each such rank sends its
// block (gatherv: synchronously from 32 ranks on,
// MPIR_CVAR_GATHERV_INTER_SSEND_MIN_PROCS) or receives it.
void rooted_linear(Emit& e, int r, int n, int root, const Blocks& b, bool gather) {
  constexpr int kSsendMinProcs = 32;
  if (r == root) {
    bool any = false;
    for (int s = 0; s < n; ++s) {
      if (s == root || !b.of(s)) continue;
      if (gather) e.recv(s);
      else e.send(s, b.of(s));
      any = true;
    }
    if (any) e.wait();
    return;
  }
  if (!b.of(r)) return;
  if (!gather) e.recv(root);
  else if (n >= kSsendMinProcs) e.ssend(root, b.of(r));
  else e.send(root, b.of(r));
  e.wait();
}

// MPICH's ring allgatherv: each step passes one chunk (allgatherv_chunk)
// of a block to the right and takes one from the left, starting with the
// rank's own block and going on with the blocks it received, until it has
// sent all but its right neighbour's and received all but its own; a step
// with only one of the two sends or receives alone, an empty block is
// passed over.
void allgatherv_ring(Emit& e, int r, int n, const Blocks& b, uint64_t chunk) {
  const int left = mod(r - 1, n), right = (r + 1) % n;
  uint64_t to_send = b.total() - b.of(right), to_recv = b.total() - b.of(r), sent = 0, got = 0;
  int sidx = r, ridx = left;
  while (to_send || to_recv) {
    const uint64_t out = to_send ? std::min(chunk, b.of(sidx) - sent) : 0;
    const uint64_t in = to_recv ? std::min(chunk, b.of(ridx) - got) : 0;
    if (out) e.send(right, out);
    if (in) e.recv(left);
    if (out || in) e.wait();
    to_send -= out, to_recv -= in, sent += out, got += in;
    if (sent == b.of(sidx)) sent = 0, sidx = mod(sidx - 1, n);
    if (got == b.of(ridx)) got = 0, ridx = mod(ridx - 1, n);
  }
}

// Pairwise exchange (MPICH's alltoall for long messages and its
// reduce_scatter for long ones): in step k rank r sends to r + k and
// receives from r - k, or exchanges with r XOR k at a power-of-two count
// (`xor_pairs`). Alltoallv skips a pair whose count is 0 on both ends of
// that direction; reduce_scatterv sends each rank its own block.
void pairwise(Emit& e, int r, int n, const Event& ev, const std::vector<uint64_t>& from, bool xor_pairs) {
  const bool v = ev.kind == EventKind::Alltoallv, own = ev.kind == EventKind::ReduceScatterv;
  for (int k = 1; k < n; ++k) {
    const int to = xor_pairs ? r ^ k : (r + k) % n, src = xor_pairs ? r ^ k : (r - k + n) % n;
    const uint64_t out = v ? ev.counts[static_cast<size_t>(to)] : own ? Blocks(from).of(to) : ev.amount;
    const bool in = !v || from[static_cast<size_t>(src)] > 0;
    if (!v || out > 0) e.send(to, out);
    if (in) e.recv(src);
    if (!v || out > 0 || in) e.wait();
  }
}

// MPICH's alltoall for medium messages and its alltoallv: in batches of 32
// peers (MPIR_CVAR_ALLTOALL_THROTTLE), rank r posts the receives from
// r + i and the sends to r - i, i in the batch, then waits for them all.
// The block to itself is a copy; alltoallv posts nothing for a count of 0.
void scattered(Emit& e, int r, int n, const Event& ev, const std::vector<uint64_t>& from) {
  constexpr int kThrottle = 32;
  const bool v = ev.kind == EventKind::Alltoallv;
  for (int ii = 0; ii < n; ii += kThrottle) {
    const int ss = std::min(kThrottle, n - ii);
    bool any = false;
    for (int i = 0; i < ss; ++i) {
      const int src = (r + i + ii) % n;
      if (src != r && (!v || from[static_cast<size_t>(src)] > 0)) e.recv(src), any = true;
    }
    for (int i = 0; i < ss; ++i) {
      const int to = mod(r - i - ii, n);
      const uint64_t out = v ? ev.counts[static_cast<size_t>(to)] : ev.amount;
      if (to != r && (!v || out > 0)) e.send(to, out), any = true;
    }
    if (any) e.wait();
  }
}

// Bruck's alltoall (Bruck et al. 1997; MPICH's for blocks of at most 256
// bytes over 8 ranks or more): in round k rank r sends the blocks whose
// index has bit k set, b bytes each, to r + 2^k and receives from r - 2^k.
void alltoall_bruck(Emit& e, int r, int n, uint64_t b) {
  for (int d = 1; d < n; d *= 2) {
    int blocks = 0;
    for (int i = 0; i < n; ++i) blocks += (i & d) != 0;
    step(e, (r + d) % n, mod(r - d, n), b * u(blocks));
  }
}

// Recursive doubling (MPICH's scan and exscan, and its allgather and
// allgatherv at a power-of-two count, where round k sends the 2^k blocks
// held): in round k rank r exchanges bytes(mask) with r XOR mask
// (mask = 2^k), when that rank exists.
template <class Bytes>
void doubling(Emit& e, int r, int n, Bytes bytes) {
  for (int mask = 1; mask < n; mask *= 2)
    if ((r ^ mask) < n) exchange(e, r ^ mask, bytes(mask));
}

}  // namespace

void expand_collective(const Event& ev, CollAlgo a, int r, int n, int32_t tag, uint32_t index,
                       const std::vector<uint64_t>& from, std::vector<Op>& out) {
  Emit e{out, tag, index};
  const uint64_t b = ev.amount;
  const bool scatter = ev.kind == EventKind::Scatter;
  switch (a) {
    case CollAlgo::Dissemination:  // Hensgen, Finkel & Manber 1988: signal r + 2^k, wait for r - 2^k
      return dissemination(e, r, n, 1, [](int) { return uint64_t{0}; });
    case CollAlgo::BinomialDown:
      return down_tree(e, r, n, ev.peer, [&](int c, int w) { return scatter ? b * u(std::min(w, n - c)) : b; });
    case CollAlgo::ScatterDoubling: return bcast_scatter_allgather(e, r, n, ev.peer, b, false);
    case CollAlgo::ScatterRing: return bcast_scatter_allgather(e, r, n, ev.peer, b, true);
    case CollAlgo::BinomialUp: return up_tree(e, r, n, ev.peer, b, ev.kind == EventKind::Gather);
    case CollAlgo::RedscatGather: return reduce_redscat_gather(e, r, n, ev.peer, b);
    case CollAlgo::RecursiveDoubling:
      if (ev.kind == EventKind::Allreduce) return allreduce_doubling(e, r, n, b);
      if (ev.kind == EventKind::Allgatherv) {  // the blocks of r's subtree, r with its low bits cleared
        const Blocks blocks(from);
        return doubling(e, r, n, [&](int mask) { return blocks.range(r & ~(mask - 1), mask); });
      }
      return doubling(e, r, n, [&](int mask) { return ev.kind == EventKind::Allgather ? b * u(mask) : b; });
    case CollAlgo::Rabenseifner: return allreduce_rabenseifner(e, r, n, b);
    case CollAlgo::Bruck:
      if (ev.kind == EventKind::Alltoall) return alltoall_bruck(e, r, n, b);
      // Bruck's allgather(v): round k sends the 2^k blocks held, ranks r
      // on (the last round what is missing), to r - 2^k.
      if (ev.kind == EventKind::Allgatherv) {
        const Blocks blocks(from);
        return dissemination(e, r, n, -1, [&](int d) { return blocks.range(r, std::min(d, n - d)); });
      }
      return dissemination(e, r, n, -1, [&](int d) { return b * u(std::min(d, n - d)); });
    case CollAlgo::Ring:  // step i: the block of r - i + 1 to r + 1
      if (ev.kind == EventKind::Allgatherv) return allgatherv_ring(e, r, n, Blocks(from), allgatherv_chunk(from));
      for (int i = 1; i < n; ++i) step(e, (r + 1) % n, mod(r - 1, n), b);
      return;
    case CollAlgo::Scattered: return scattered(e, r, n, ev, from);
    case CollAlgo::PairwiseShift: return pairwise(e, r, n, ev, from, false);
    case CollAlgo::PairwiseXor: return pairwise(e, r, n, ev, from, true);
    case CollAlgo::RecursiveHalving:
      if (ev.kind == EventKind::ReduceScatterv) return reduce_scatterv_halving(e, r, n, Blocks(from));
      return reduce_scatter_halving(e, r, n, b);
    case CollAlgo::Linear:
      return rooted_linear(e, r, n, ev.peer, Blocks(from), ev.kind == EventKind::Gatherv);
    case CollAlgo::Nothing: return;
  }
}

}  // namespace nocsim
