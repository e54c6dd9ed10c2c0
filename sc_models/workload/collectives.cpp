// The collective algorithms, as point-to-point operations of one rank
// (docs/workloads.md, "Collectives", with their published sources). Every
// directed pair of ranks exchanges at most one message per collective, so
// the collective's own tag makes each match unambiguous.
#include <algorithm>

#include "workload/program.h"

namespace nocsim {
namespace {

struct Emit {
  std::vector<Op>& out;
  int32_t tag;
  uint32_t event;
  void send(int peer, uint64_t bytes) { out.push_back({OpKind::Isend, peer, tag, bytes, event}); }
  void recv(int peer) { out.push_back({OpKind::Irecv, peer, tag, 0, event}); }
  void wait() { out.push_back({OpKind::StepWait, 0, tag, 0, event}); }
};

// The dissemination pattern: in round k (d = 2^k < n) rank r sends
// `bytes(d)` bytes to r + s d and receives from r - s d (s = 1 or -1);
// ceil(log2 n) rounds.
template <class Bytes>
void dissemination(Emit& e, int r, int n, int s, Bytes bytes) {
  for (int d = 1; d < n; d *= 2) {
    e.send(((r + s * d) % n + n) % n, bytes(d));
    e.recv(((r - s * d) % n + n) % n);
    e.wait();
  }
}

// Dissemination barrier (Hensgen, Finkel & Manber 1988): in round k rank r
// signals r + 2^k and waits for r - 2^k.
void barrier(Emit& e, int r, int n) {
  dissemination(e, r, n, 1, [](int) { return uint64_t{0}; });
}

// Bruck's allgather (Bruck et al. 1997; MPICH's for short messages at a
// non-power-of-two count): in round k rank r sends the blocks it holds,
// 2^k of them (the last round what is missing), to r - 2^k and receives
// as many from r + 2^k. At a power-of-two rank count its rounds and sizes
// are recursive doubling's.
void allgather(Emit& e, int r, int n, uint64_t bytes) {
  dissemination(e, r, n, -1, [&](int d) { return bytes * static_cast<uint64_t>(std::min(d, n - d)); });
}

// The binomial tree rooted at `root` (MPICH's bcast for short messages,
// and its binomial scatter): a rank receives from its parent (its
// relative rank with the lowest set bit cleared), then sends to its
// children, largest subtree first; `whole` sends each child the blocks of
// its whole subtree (scatter), else `bytes` (bcast).
void down_tree(Emit& e, int r, int n, int root, uint64_t bytes, bool whole) {
  const int v = (r - root + n) % n;
  int mask = 1;
  for (; mask < n; mask *= 2)
    if (v & mask) {
      e.recv((v - mask + root) % n);
      e.wait();
      break;
    }
  for (mask /= 2; mask > 0; mask /= 2)
    if (v + mask < n)
      e.send((v + mask + root) % n, whole ? bytes * static_cast<uint64_t>(std::min(mask, n - v - mask)) : bytes);
  e.wait();
}

// The same tree the other way (MPICH's binomial reduce and gather): a rank
// receives from each child in turn, smallest subtree first, then sends to
// its parent; `whole` sends the blocks of its whole subtree (gather), else
// `bytes` (reduce, whose arithmetic takes no time here).
void up_tree(Emit& e, int r, int n, int root, uint64_t bytes, bool whole) {
  const int v = (r - root + n) % n;
  for (int mask = 1; mask < n; mask *= 2) {
    if (v & mask) {
      e.send((v - mask + root) % n, whole ? bytes * static_cast<uint64_t>(std::min(mask, n - v)) : bytes);
      e.wait();
      return;
    }
    if (v + mask < n) {
      e.recv((v + mask + root) % n);
      e.wait();
    }
  }
}

// One round of an exchange: r and peer send each other `bytes`.
void exchange(Emit& e, int peer, uint64_t bytes) {
  e.send(peer, bytes);
  e.recv(peer);
  e.wait();
}

// Recursive doubling (MPICH's scan and exscan): in round k rank r
// exchanges with r XOR 2^k, when that rank exists.
void scan(Emit& e, int r, int n, uint64_t bytes) {
  for (int mask = 1; mask < n; mask *= 2)
    if ((r ^ mask) < n) exchange(e, r ^ mask, bytes);
}

// Recursive doubling (Thakur, Rabenseifner & Gropp 2005): with p the largest
// power of two <= n and m = n - p, ranks below 2m pair up first (the even one
// hands its data to the odd one and sits out), the p remaining ranks
// exchange with partner newrank XOR 2^k in log2 p rounds, and the paired
// odd ranks hand the result back.
void allreduce(Emit& e, int r, int n, uint64_t bytes) {
  int p = 1;
  while (p * 2 <= n) p *= 2;
  const int m = n - p;
  int nr = r - m;  // rank among the p
  if (r < 2 * m) {
    if (r % 2 == 0) {
      e.send(r + 1, bytes);
      e.wait();
      nr = -1;
    } else {
      e.recv(r - 1);
      e.wait();
      nr = r / 2;
    }
  }
  if (nr >= 0)
    for (int mask = 1; mask < p; mask *= 2) {
      const int nd = nr ^ mask;
      exchange(e, nd < m ? nd * 2 + 1 : nd + m, bytes);
    }
  if (r < 2 * m) {
    if (r % 2) e.send(r - 1, bytes);
    else e.recv(r + 1);
    e.wait();
  }
}

// Pairwise exchange (MPICH's alltoall for long messages, and its
// reduce_scatter for long ones, each rank sending every other its block):
// in step k rank r sends to r + k and receives from r - k. Alltoallv skips
// a pair whose count is 0 on both ends of that direction.
void alltoall(Emit& e, int r, int n, const Event& ev, const std::vector<uint64_t>& from) {
  const bool v = ev.kind == EventKind::Alltoallv;
  for (int k = 1; k < n; ++k) {
    const int to = (r + k) % n, src = (r - k + n) % n;
    const uint64_t out = v ? ev.counts[static_cast<size_t>(to)] : ev.amount;
    const bool in = !v || from[static_cast<size_t>(src)] > 0;
    if (!v || out > 0) e.send(to, out);
    if (in) e.recv(src);
    if (!v || out > 0 || in) e.wait();
  }
}

}  // namespace

uint64_t collective_ops(EventKind k, int n) {
  uint64_t rounds = 0;
  while ((uint64_t{1} << rounds) < static_cast<uint64_t>(n)) ++rounds;
  switch (k) {
    case EventKind::Barrier: return 3 * rounds;
    case EventKind::Bcast:
    case EventKind::Reduce:
    case EventKind::Gather:
    case EventKind::Scatter: return 2 * rounds + 2;
    case EventKind::Allreduce: return 3 * rounds + 4;
    case EventKind::Allgather:
    case EventKind::Scan:
    case EventKind::Exscan: return 3 * rounds;
    case EventKind::Alltoall:
    case EventKind::Alltoallv:
    case EventKind::ReduceScatter: return 3 * static_cast<uint64_t>(n > 0 ? n - 1 : 0);
    default: return 1;
  }
}

void expand_collective(const Event& ev, int r, int n, int32_t tag, uint32_t index, const std::vector<uint64_t>& from,
                       std::vector<Op>& out) {
  Emit e{out, tag, index};
  switch (ev.kind) {
    case EventKind::Barrier: return barrier(e, r, n);
    case EventKind::Bcast: return down_tree(e, r, n, ev.peer, ev.amount, false);
    case EventKind::Scatter: return down_tree(e, r, n, ev.peer, ev.amount, true);
    case EventKind::Reduce: return up_tree(e, r, n, ev.peer, ev.amount, false);
    case EventKind::Gather: return up_tree(e, r, n, ev.peer, ev.amount, true);
    case EventKind::Allreduce: return allreduce(e, r, n, ev.amount);
    case EventKind::Allgather: return allgather(e, r, n, ev.amount);
    case EventKind::Scan:
    case EventKind::Exscan: return scan(e, r, n, ev.amount);
    case EventKind::Alltoall:
    case EventKind::Alltoallv:
    case EventKind::ReduceScatter: return alltoall(e, r, n, ev, from);
    default: return;
  }
}

}  // namespace nocsim
