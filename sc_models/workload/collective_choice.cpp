// Which algorithm expands a collective (docs/workloads.md, "Collectives"):
// MPICH's default choice by message size and rank count, with MPICH's
// default thresholds, or one algorithm per collective.
#include <algorithm>

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
    case EventKind::Allgather:
    case EventKind::Allgatherv: return CollAlgo::Bruck;
    case EventKind::Alltoall:
    case EventKind::Alltoallv:
    case EventKind::ReduceScatter:
    case EventKind::ReduceScatterv: return CollAlgo::PairwiseShift;
    case EventKind::Gatherv:
    case EventKind::Scatterv: return CollAlgo::Linear;
    default: return CollAlgo::Dissemination;
  }
}

}  // namespace

uint64_t allgatherv_chunk(const std::vector<uint64_t>& sums) {
  constexpr uint64_t kPipeline = 32768;
  uint64_t smallest = sums.size() > 1 ? sums[1] - sums[0] : 0;
  for (size_t i = 1; i < sums.size(); ++i) smallest = std::min(smallest, sums[i] - sums[i - 1]);
  return std::max(smallest, kPipeline);
}

int floor_pof2(int n) {
  int p = 1;
  while (p <= n / 2) p *= 2;
  return p;
}

const char* algorithm_name(CollAlgo a) {
  static const char* const names[] = {"dissemination",       "binomial",   "scatter+doubling", "scatter+ring",
                                      "binomial",            "redscat+gather", "recursive doubling",
                                      "rabenseifner",        "bruck",      "ring",             "scattered",
                                      "pairwise",            "pairwise xor", "recursive halving", "linear",
                                      "none"};
  return names[static_cast<int>(a)];
}

// A reduction's count is taken in bytes (a trace records no datatype), so
// MPICH's "count < pof2" reads bytes < pof2. An allgatherv and a
// reduce_scatterv choose as an allgather and a reduce_scatter of their
// total.
CollAlgo collective_algorithm(const Event& e, int n, CollectiveRule rule, uint64_t total) {
  if (rule == CollectiveRule::Fixed) return fixed(e.kind);
  const uint64_t b = e.amount, all = has_own_block(e.kind) ? total : b * static_cast<uint64_t>(n);
  const uint64_t p = static_cast<uint64_t>(floor_pof2(n));
  // MPICH 3 returns at once from a collective of 0 bytes (a v-variant's:
  // 0 in all); an alltoallv skips only its pairs of count 0, a gatherv and
  // a scatterv their ranks of count 0.
  const bool all_of = e.kind == EventKind::Allgatherv || e.kind == EventKind::ReduceScatterv;
  if ((has_size(e.kind) && b == 0) || (all_of && total == 0)) return CollAlgo::Nothing;
  switch (e.kind) {
    case EventKind::Bcast:
      if (b < kBcastShort || n < kBcastMinProcs) return CollAlgo::BinomialDown;
      return b < kBcastLong && is_pof2(n) ? CollAlgo::ScatterDoubling : CollAlgo::ScatterRing;
    case EventKind::Reduce:
      return b > kReduceShort && b >= p ? CollAlgo::RedscatGather : CollAlgo::BinomialUp;
    case EventKind::Allreduce:
      return b > kAllreduceShort && b >= p ? CollAlgo::Rabenseifner : CollAlgo::RecursiveDoubling;
    case EventKind::Allgather:
    case EventKind::Allgatherv:
      if (all < kAllgatherLong && is_pof2(n)) return CollAlgo::RecursiveDoubling;
      return all < kAllgatherShort ? CollAlgo::Bruck : CollAlgo::Ring;
    case EventKind::Alltoall:
      if (b <= kAlltoallShort && n >= 8) return CollAlgo::Bruck;
      if (b <= kAlltoallMedium) return CollAlgo::Scattered;
      return is_pof2(n) ? CollAlgo::PairwiseXor : CollAlgo::PairwiseShift;
    case EventKind::Alltoallv: return CollAlgo::Scattered;
    case EventKind::ReduceScatter:
    case EventKind::ReduceScatterv: return all < kRedscatLong ? CollAlgo::RecursiveHalving : CollAlgo::PairwiseShift;
    default: return fixed(e.kind);
  }
}

uint64_t collective_ops(CollAlgo a, int n, EventKind k, const std::vector<uint64_t>& sums) {
  // An allgatherv's ring: each step at most a send, a receive and a wait,
  // each step taking a chunk of the block it sends or receives (or
  // passing over an empty one).
  if (a == CollAlgo::Ring && k == EventKind::Allgatherv) {
    const uint64_t chunk = allgatherv_chunk(sums);
    uint64_t chunks = 0;
    for (size_t i = 1; i < sums.size(); ++i) chunks += (sums[i] - sums[i - 1] + chunk - 1) / chunk + 1;
    return 6 * chunks;
  }
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
    case CollAlgo::Linear: return 2 * steps + 2;
    case CollAlgo::Nothing: return 0;
    default: return 3 * rounds;  // dissemination, bruck
  }
}

}  // namespace nocsim
