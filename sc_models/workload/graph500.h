#pragma once
// Fuentes's synthetic model of a Graph500 BFS (docs/workloads.md,
// "Graph500"): how many edges each level of the search explores, how many
// coalesced query messages that makes per process, and the program each
// rank runs (generate and send its queries, consume what it receives, the
// end-of-level signals and an all-reduce through the root's host). Plain
// C++: the arithmetic is testable alone.
#include <cstdint>
#include <vector>

#include "workload/program.h"

namespace nocsim {

struct Graph500Params {
  int scale = 16;           // s: 2^s vertices
  int edge_factor = 16;     // f_e: edges per vertex
  int coalesce = 256;       // c_s: queries per message
  double t_query_ns = 1.5;  // t_q: computing (or consuming) one query
  int processes = 2;        // n
  int root = -1;            // the root's process, -1: drawn
  double edges_cv = 0;      // E_l's standard deviation over its mean
  int max_levels = 9;       // levels after level 0 at most
  uint64_t seed = 1;
  uint64_t max_ops = kMaxOps;  // workload.max_operations
  static constexpr int kQueryBytes = 16;
};

// The root's degree: lognormal, log-space mean ln(0.3604^s) + 1.0661704 s
// and deviation 0.0793 s.
double root_degree_log_mean(int s);
double root_degree_log_sigma(int s);
// ln of the mean edges level l >= 1 explores from a root of degree dr.
double level_edges_log_mean(int l, double dr, int s, int fe);

// One level's queries per process (q = E/n (n-1)/n), distinct
// destinations (n' = n (1 - (1 - 1/n)^q), rounded, at least 1) and
// messages (m = ceil(q / (c_s n')) n'). Below one query per process
// (q < 1) a process sends one message of one query with probability q
// instead: messages 0, chance q.
struct LevelLoad {
  double queries = 0;
  int destinations = 0;
  uint64_t messages = 0;
  double chance = 0;
};
LevelLoad level_load(double edges, int n, int cs);

struct Graph500Level {
  double edges = 0;  // E_l, after the running total's cap
  LevelLoad load;    // per process (level 0: the root's only)
};
struct Graph500Plan {
  int root = 0;
  double root_degree = 0;
  std::vector<Graph500Level> levels;  // from level 0
  // Query messages a process sends over the search (levels >= 1), the
  // levels below one query per process not counted.
  uint64_t messages_per_process() const;
};
// The levels: E_0 = d_r; E_l for l >= 1 drawn around its mean (edges_cv),
// the running total capped at 2^(s+1) f_e; the search ends at the cap, at
// the first level that explores no edge, or after max_levels levels.
Graph500Plan graph500_plan(const Graph500Params& p);
// The ranks' program for a plan (throws ConfigError past the trace input limit).
Program graph500_program(const Graph500Params& p, const Graph500Plan& plan);

}  // namespace nocsim
