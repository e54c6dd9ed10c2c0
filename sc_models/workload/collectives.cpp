// The collective algorithms, as point-to-point operations of one rank
// (docs/workloads.md, "Collectives", with their published sources). Every
// directed pair of ranks exchanges at most one message per collective, so
// the collective's own tag makes each match unambiguous.
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

// Dissemination barrier (Hensgen, Finkel & Manber 1988): in round k rank r
// signals r + 2^k and waits for r - 2^k; ceil(log2 n) rounds.
void barrier(Emit& e, int r, int n) {
  for (int d = 1; d < n; d *= 2) {
    e.send((r + d) % n, 0);
    e.recv((r - d + n) % n);
    e.wait();
  }
}

// Binomial tree rooted at `root` (MPICH's bcast for short messages): a rank
// receives from its parent (its relative rank with the lowest set bit
// cleared), then sends to its children, largest subtree first.
void bcast(Emit& e, int r, int n, int root, uint64_t bytes) {
  const int v = (r - root + n) % n;
  int mask = 1;
  for (; mask < n; mask *= 2)
    if (v & mask) {
      e.recv((v - mask + root) % n);
      e.wait();
      break;
    }
  for (mask /= 2; mask > 0; mask /= 2)
    if (v + mask < n) e.send((v + mask + root) % n, bytes);
  e.wait();
}

// The same tree the other way (MPICH's binomial reduce): a rank receives
// from each child in turn, smallest subtree first, then sends to its parent. The
// reduction's arithmetic takes no time here.
void reduce(Emit& e, int r, int n, int root, uint64_t bytes) {
  const int v = (r - root + n) % n;
  for (int mask = 1; mask < n; mask *= 2) {
    if (v & mask) {
      e.send((v - mask + root) % n, bytes);
      e.wait();
      return;
    }
    if (v + mask < n) {
      e.recv((v + mask + root) % n);
      e.wait();
    }
  }
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
      const int peer = nd < m ? nd * 2 + 1 : nd + m;
      e.send(peer, bytes);
      e.recv(peer);
      e.wait();
    }
  if (r < 2 * m) {
    if (r % 2) e.send(r - 1, bytes);
    else e.recv(r + 1);
    e.wait();
  }
}

// Pairwise exchange (MPICH's alltoall for long messages): in step k rank r
// sends to r + k and receives from r - k. Alltoallv skips a pair whose
// count is 0 on both ends of that direction.
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
    case EventKind::Reduce: return 2 * rounds + 2;
    case EventKind::Allreduce: return 3 * rounds + 4;
    case EventKind::Alltoall:
    case EventKind::Alltoallv: return 3 * static_cast<uint64_t>(n > 0 ? n - 1 : 0);
    default: return 1;
  }
}

void expand_collective(const Event& ev, int r, int n, int32_t tag, uint32_t index, const std::vector<uint64_t>& from,
                       std::vector<Op>& out) {
  Emit e{out, tag, index};
  switch (ev.kind) {
    case EventKind::Barrier: return barrier(e, r, n);
    case EventKind::Bcast: return bcast(e, r, n, ev.peer, ev.amount);
    case EventKind::Reduce: return reduce(e, r, n, ev.peer, ev.amount);
    case EventKind::Allreduce: return allreduce(e, r, n, ev.amount);
    case EventKind::Alltoall:
    case EventKind::Alltoallv: return alltoall(e, r, n, ev, from);
    default: return;
  }
}

}  // namespace nocsim
