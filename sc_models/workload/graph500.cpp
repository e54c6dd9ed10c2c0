#include "workload/graph500.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/rng.h"
#include "workload/text_trace.h"

namespace nocsim {
namespace {

uint64_t ps_of(double queries, double t_query_ns) {
  return static_cast<uint64_t>(std::llround(queries * t_query_ns * 1000.0));
}

// Level l's tags: queries, end-of-level signals, the all-reduce.
int32_t level_tag(int l, int k) { return 3 * l + k; }

// Each sender's query messages of one level: to n' distinct other processes
// drawn at random, m / n' messages each, the queries spread evenly over
// them. Appends the sends (each after computing its queries) to the
// sender's program and counts what every process receives.
void send_queries(const Graph500Params& p, int l, int from, const LevelLoad& load, Rng& rng, Program& prog,
                  std::vector<uint64_t>& in_msgs, std::vector<double>& in_queries) {
  const int n = p.processes;
  if (load.messages == 0) {  // q < 1: one message of one query, with probability q
    if (load.chance <= 0 || rng.uniform() >= load.chance) return;
    const auto pick = static_cast<int>(rng.below(static_cast<uint64_t>(n - 1)));
    const int to = pick >= from ? pick + 1 : pick;
    prog.add(from, Event::of(EventKind::Compute, 0, 0, ps_of(1, p.t_query_ns)));
    prog.add(from, Event::of(EventKind::Isend, to, level_tag(l, 0), Graph500Params::kQueryBytes));
    ++in_msgs[static_cast<size_t>(to)];
    in_queries[static_cast<size_t>(to)] += 1;
    return;
  }
  std::vector<int> others;
  for (int r = 0; r < n; ++r)
    if (r != from) others.push_back(r);
  for (int i = 0; i < load.destinations; ++i)
    std::swap(others[static_cast<size_t>(i)], others[static_cast<size_t>(i) + rng.below(others.size() - static_cast<size_t>(i))]);
  const auto total = static_cast<uint64_t>(std::llround(load.queries));
  const uint64_t base = total / load.messages, extra = total % load.messages;
  for (uint64_t k = 0; k < load.messages; ++k) {
    const int to = others[static_cast<size_t>(k % static_cast<uint64_t>(load.destinations))];
    const uint64_t queries = base + (k < extra ? 1 : 0);
    prog.add(from, Event::of(EventKind::Compute, 0, 0, ps_of(static_cast<double>(queries), p.t_query_ns)));
    prog.add(from, Event::of(EventKind::Isend, to, level_tag(l, 0), queries * Graph500Params::kQueryBytes));
    ++in_msgs[static_cast<size_t>(to)];
    in_queries[static_cast<size_t>(to)] += static_cast<double>(queries);
  }
}

// Consuming: each received message, then the time its queries take (the
// mean of what this process receives: which message comes first is the
// network's doing). Then every send of the level completes.
void consume(const Graph500Params& p, int l, int r, uint64_t msgs, double queries, Program& prog) {
  const uint64_t each = msgs ? ps_of(queries / static_cast<double>(msgs), p.t_query_ns) : 0;
  for (uint64_t k = 0; k < msgs; ++k) {
    prog.add(r, Event::of(EventKind::Recv, kAny, level_tag(l, 0)));
    prog.add(r, Event::of(EventKind::Compute, 0, 0, each));
  }
  prog.add(r, Event::of(EventKind::Wait));
}

// The end of a level: a signal to every other process, then an all-reduce
// of one 8-byte value through the root (all to the root, the root to all).
void end_level(const Graph500Params& p, int l, int root, Program& prog) {
  const int n = p.processes;
  for (int r = 0; r < n; ++r) {
    for (int o = 0; o < n; ++o)
      if (o != r) prog.add(r, Event::of(EventKind::Isend, o, level_tag(l, 1), 0));
    for (int o = 1; o < n; ++o) prog.add(r, Event::of(EventKind::Recv, kAny, level_tag(l, 1)));
    prog.add(r, Event::of(EventKind::Wait));
    if (r != root) {
      prog.add(r, Event::of(EventKind::Send, root, level_tag(l, 2), 8));
      prog.add(r, Event::of(EventKind::Recv, root, level_tag(l, 2)));
      continue;
    }
    for (int o = 1; o < n; ++o) prog.add(r, Event::of(EventKind::Recv, kAny, level_tag(l, 2)));
    for (int o = 0; o < n; ++o)
      if (o != r) prog.add(r, Event::of(EventKind::Isend, o, level_tag(l, 2), 8));
    prog.add(r, Event::of(EventKind::Wait));
  }
}

}  // namespace

double root_degree_log_mean(int s) { return s * std::log(0.3604) + 1.0661704 * s; }
double root_degree_log_sigma(int s) { return 0.0793 * s; }

double level_edges_log_mean(int l, double dr, int s, int fe) {
  const double a = -0.133 + 0.0046 * s + std::exp(0.01257 * fe - 0.1829 * s - std::exp(1.75 - 0.7 * l));
  const double b = 2 - l * (0.91 + 0.002 * fe - 0.012 * s);
  const double c =
      std::exp(1 + (1 + 0.004 * fe) * (-0.81 + 0.8411 * std::log(s)) * std::exp(-(l - 2.8) * (l - 2.8) / 30));
  const double x = std::log(dr);
  return a * x * x + b * x + c;
}

LevelLoad level_load(double edges, int n, int cs) {
  LevelLoad ld;
  ld.queries = edges / n * (n - 1) / n;
  if (ld.queries <= 0 || n < 2) return ld;
  if (ld.queries < 1) {
    ld.chance = ld.queries;
    return ld;
  }
  const double distinct = n * (1 - std::pow(1 - 1.0 / n, ld.queries));
  ld.destinations = std::clamp(static_cast<int>(std::llround(distinct)), 1, n - 1);
  const double per = ld.queries / (static_cast<double>(cs) * ld.destinations);
  ld.messages = static_cast<uint64_t>(std::ceil(per)) * static_cast<uint64_t>(ld.destinations);
  return ld;
}

uint64_t Graph500Plan::messages_per_process() const {
  uint64_t m = 0;
  for (size_t l = 1; l < levels.size(); ++l) m += levels[l].load.messages;
  return m;
}

Graph500Plan graph500_plan(const Graph500Params& p) {
  Rng rng(p.seed, "workload.graph500");
  Graph500Plan plan;
  const int s = p.scale, n = p.processes;
  plan.root_degree = std::ceil(std::exp(root_degree_log_mean(s) + root_degree_log_sigma(s) * rng.normal()));
  plan.root = p.root >= 0 ? p.root : static_cast<int>(rng.below(static_cast<uint64_t>(n)));
  const double cap = std::ldexp(static_cast<double>(p.edge_factor), s + 1);
  double total = std::min(plan.root_degree, cap);
  // Level 0: only the root sends, the queries of its d_r edges that go to
  // other processes, q = d_r (n - 1) / n: level_load's share of n d_r.
  plan.levels.push_back({total, level_load(total * n, n, p.coalesce)});
  for (int l = 1; l <= p.max_levels && total < cap; ++l) {
    const double mean = std::exp(level_edges_log_mean(l, plan.root_degree, s, p.edge_factor));
    double e = p.edges_cv > 0 ? std::max(0.0, mean * (1 + p.edges_cv * rng.normal())) : mean;
    e = std::min(e, cap - total);
    if (e < 1) break;  // no edge explored: the search is over
    total += e;
    plan.levels.push_back({e, level_load(e, n, p.coalesce)});
  }
  return plan;
}

Program graph500_program(const Graph500Params& p, const Graph500Plan& plan) {
  const int n = p.processes;
  Program prog(n, p.max_ops);
  Rng rng(p.seed, "workload.graph500.destinations");
  for (size_t l = 0; l < plan.levels.size(); ++l) {
    const int level = static_cast<int>(l);
    std::vector<uint64_t> in_msgs(static_cast<size_t>(n), 0);
    std::vector<double> in_queries(static_cast<size_t>(n), 0);
    for (int r = 0; r < n; ++r)
      if (l > 0 || r == plan.root) send_queries(p, level, r, plan.levels[l].load, rng, prog, in_msgs, in_queries);
    for (int r = 0; r < n; ++r) consume(p, level, r, in_msgs[static_cast<size_t>(r)], in_queries[static_cast<size_t>(r)], prog);
    end_level(p, level, plan.root, prog);
    check_event_limit(prog, "workload.graph500",
                      "lower workload.graph500.scale or raise workload.graph500.coalesce");
  }
  prog.finish(p.max_ops);
  return prog;
}

}  // namespace nocsim
