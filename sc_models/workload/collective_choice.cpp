// Which algorithm expands a collective (docs/workloads.md, "Collectives"):
// MPICH's default choice by message size and rank count, with MPICH's
// default thresholds, or one algorithm per collective.
#include "workload/program.h"

namespace nocsim {
namespace {

// MPICH's defaults for these (its MPIR_CVAR_*_MSG_SIZE and
// MPIR_CVAR_BCAST_MIN_PROCS control variables), in bytes.
constexpr uint64_t kBcastShort = 12288, kBcastLong = 524288;
constexpr int kBcastMinProcs = 8;
constexpr uint64_t kAllreduceShort = 2048, kReduceShort = 2048;
constexpr uint64_t kAllgatherShort = 81920, kAllgatherLong = 524288;
constexpr uint64_t kAlltoallShort = 256, kAlltoallMedium = 32768;
constexpr uint64_t kRedscatLong = 524288;

bool is_pof2(int n) { return n > 0 && (n & (n - 1)) == 0; }

CollAlgo fixed(EventKind k) {
  switch (k) {
    case EventKind::Bcast:
    case EventKind::Scatter: return CollAlgo::BinomialDown;
    case EventKind::Reduce:
    case EventKind::Gather: return CollAlgo::BinomialUp;
    case EventKind::Allreduce:
    case EventKind::Scan:
    case EventKind::Exscan: return CollAlgo::RecursiveDoubling;
    case EventKind::Allgather: return CollAlgo::Bruck;
    case EventKind::Alltoall:
    case EventKind::Alltoallv:
    case EventKind::ReduceScatter: return CollAlgo::PairwiseShift;
    default: return CollAlgo::Dissemination;
  }
}

}  // namespace

int floor_pof2(int n) {
  int p = 1;
  while (p <= n / 2) p *= 2;
  return p;
}

const char* algorithm_name(CollAlgo a) {
  static const char* const names[] = {"dissemination",       "binomial",   "scatter+doubling", "scatter+ring",
                                      "binomial",            "redscat+gather", "recursive doubling",
                                      "rabenseifner",        "bruck",      "ring",             "scattered",
                                      "pairwise",            "pairwise xor", "recursive halving", "none"};
  return names[static_cast<int>(a)];
}

// A reduction's count is taken in bytes (a trace records no datatype), so
// MPICH's "count < pof2" reads bytes < pof2.
CollAlgo collective_algorithm(const Event& e, int n, CollectiveRule rule) {
  if (rule == CollectiveRule::Fixed) return fixed(e.kind);
  const uint64_t b = e.amount, all = b * static_cast<uint64_t>(n);
  const uint64_t p = static_cast<uint64_t>(floor_pof2(n));
  // MPICH 3 returns at once from a collective of 0 bytes; an alltoallv
  // skips only its pairs of count 0.
  if (has_size(e.kind) && b == 0) return CollAlgo::Nothing;
  switch (e.kind) {
    case EventKind::Bcast:
      if (b < kBcastShort || n < kBcastMinProcs) return CollAlgo::BinomialDown;
      return b < kBcastLong && is_pof2(n) ? CollAlgo::ScatterDoubling : CollAlgo::ScatterRing;
    case EventKind::Reduce:
      return b > kReduceShort && b >= p ? CollAlgo::RedscatGather : CollAlgo::BinomialUp;
    case EventKind::Allreduce:
      return b > kAllreduceShort && b >= p ? CollAlgo::Rabenseifner : CollAlgo::RecursiveDoubling;
    case EventKind::Allgather:
      if (all < kAllgatherLong && is_pof2(n)) return CollAlgo::RecursiveDoubling;
      return all < kAllgatherShort ? CollAlgo::Bruck : CollAlgo::Ring;
    case EventKind::Alltoall:
      if (b <= kAlltoallShort && n >= 8) return CollAlgo::Bruck;
      if (b <= kAlltoallMedium) return CollAlgo::Scattered;
      return is_pof2(n) ? CollAlgo::PairwiseXor : CollAlgo::PairwiseShift;
    case EventKind::Alltoallv: return CollAlgo::Scattered;
    case EventKind::ReduceScatter: return all < kRedscatLong ? CollAlgo::RecursiveHalving : CollAlgo::PairwiseShift;
    default: return fixed(e.kind);
  }
}

uint64_t collective_ops(CollAlgo a, int n) {
  uint64_t rounds = 0;
  while ((uint64_t{1} << rounds) < static_cast<uint64_t>(n)) ++rounds;
  const uint64_t steps = static_cast<uint64_t>(n > 0 ? n - 1 : 0);
  switch (a) {
    case CollAlgo::BinomialDown:
    case CollAlgo::BinomialUp: return 2 * rounds + 2;
    case CollAlgo::ScatterDoubling: return 5 * rounds + 2;
    case CollAlgo::ScatterRing: return 2 * rounds + 2 + 3 * steps;
    case CollAlgo::RedscatGather: return 6 * rounds + 6;
    case CollAlgo::RecursiveDoubling:
    case CollAlgo::RecursiveHalving: return 3 * rounds + 4;
    case CollAlgo::Rabenseifner: return 6 * rounds + 4;
    case CollAlgo::Ring:
    case CollAlgo::Scattered:
    case CollAlgo::PairwiseShift:
    case CollAlgo::PairwiseXor: return 3 * steps;
    case CollAlgo::Nothing: return 0;
    default: return 3 * rounds;  // dissemination, bruck
  }
}

}  // namespace nocsim
