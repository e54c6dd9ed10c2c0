#include "workload/dpsnn.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "core/error.h"
#include "core/rng.h"
#include "workload/text_trace.h"

namespace nocsim {
namespace {

// Iteration i's tags: barrier, counts, spikes.
int32_t spike_tag(int i, int k) { return 3 * i + k; }

// The processes of s's stencil: columns within the radius (Chebyshev), on
// the grid (a patch of cortex: no wrap), s itself left out.
std::vector<int> stencil(const DpsnnParams& p, int s) {
  const int R = dpsnn_radius(), x = s % p.columns_x, y = s / p.columns_x;
  std::vector<int> out;
  for (int qy = std::max(0, y - R); qy <= std::min(p.columns_y - 1, y + R); ++qy)
    for (int qx = std::max(0, x - R); qx <= std::min(p.columns_x - 1, x + R); ++qx)
      if (qx != x || qy != y) out.push_back(qy * p.columns_x + qx);
  return out;
}

// Of `fired` spikes, those that have a target in a column `reach` away:
// a binomial draw (its normal approximation past 1,000 spikes).
uint64_t reaching(uint64_t fired, double reach, Rng& rng) {
  if (fired <= 1000) {
    uint64_t k = 0;
    for (uint64_t i = 0; i < fired; ++i) k += rng.uniform() < reach;
    return k;
  }
  const double z = rng.normal();
  const double m = static_cast<double>(fired) * reach, sd = std::sqrt(m * (1 - reach));
  return static_cast<uint64_t>(std::clamp(std::llround(m + sd * z), 0LL, static_cast<long long>(fired)));
}

uint64_t poisson(double mean, Rng& rng) {  // Knuth's product of uniforms; mean is small
  const double limit = std::exp(-mean);
  uint64_t k = 0;
  for (double prod = rng.uniform(); prod > limit; prod *= rng.uniform()) ++k;
  return k;
}

std::vector<std::vector<uint64_t>> read_spikes(const DpsnnParams& p) {
  const std::string key = "workload.dpsnn.spike_file (" + p.spike_file + ")";
  std::ifstream in(p.spike_file);
  if (!in) throw ConfigError("workload.dpsnn.spike_file: cannot read '" + p.spike_file + "'");
  const size_t n = static_cast<size_t>(p.columns_x) * static_cast<size_t>(p.columns_y);
  std::vector<std::vector<uint64_t>> fired;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (const size_t hash = text.find('#'); hash != std::string::npos) text.resize(hash);
    std::istringstream words(text);
    std::vector<uint64_t> row;
    for (std::string w; words >> w;) {
      size_t used = 0;
      unsigned long long v = 0;
      try {
        v = std::stoull(w, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != w.size() || w[0] == '-' || v > (1ull << 32))
        throw ConfigError(key + ": line " + std::to_string(line) + ": '" + w + "' is not a spike count in 0..2^32");
      row.push_back(v);
    }
    if (row.empty()) continue;
    if (row.size() != n)
      throw ConfigError(key + ": line " + std::to_string(line) + ": " + std::to_string(row.size()) +
                        " counts; one per process (" + std::to_string(n) + ")");
    fired.push_back(std::move(row));
  }
  if (fired.empty()) throw ConfigError(key + ": no iteration (one line of spike counts per iteration)");
  return fired;
}

}  // namespace

double dpsnn_reach(int dx, int dy, int neurons) {
  const double r = DpsnnParams::kPitchUm * std::sqrt(static_cast<double>(dx * dx + dy * dy));
  const double c = DpsnnParams::kA * std::exp(-r / DpsnnParams::kLambdaUm);
  return 1 - std::pow(1 - c, neurons);
}

int dpsnn_radius() { return 10; }

std::vector<std::vector<uint64_t>> dpsnn_spikes(const DpsnnParams& p) {
  if (!p.spike_file.empty()) return read_spikes(p);
  Rng rng(p.seed, "workload.dpsnn.fired");
  const int n = p.columns_x * p.columns_y;
  std::vector<std::vector<uint64_t>> fired(static_cast<size_t>(p.iterations), std::vector<uint64_t>(static_cast<size_t>(n)));
  for (auto& it : fired)
    for (auto& f : it) f = poisson(p.spikes, rng);
  return fired;
}

Program dpsnn_program(const DpsnnParams& p, const std::vector<std::vector<uint64_t>>& fired) {
  const int n = p.columns_x * p.columns_y;
  Program prog(n, p.max_ops);
  Rng rng(p.seed, "workload.dpsnn.targets");
  std::vector<std::vector<int>> near(static_cast<size_t>(n));
  for (int s = 0; s < n; ++s) near[static_cast<size_t>(s)] = stencil(p, s);
  for (size_t it = 0; it < fired.size(); ++it) {
    const int i = static_cast<int>(it);
    // sent[s][k]: spikes s sends to its k-th stencil process.
    std::vector<std::vector<uint64_t>> sent(static_cast<size_t>(n));
    std::vector<uint64_t> received(static_cast<size_t>(n), 0);
    for (int s = 0; s < n; ++s)
      for (int q : near[static_cast<size_t>(s)]) {
        const int dx = q % p.columns_x - s % p.columns_x, dy = q / p.columns_x - s / p.columns_x;
        const uint64_t k = reaching(fired[it][static_cast<size_t>(s)], dpsnn_reach(dx, dy, p.neurons), rng);
        sent[static_cast<size_t>(s)].push_back(k);
        received[static_cast<size_t>(q)] += k;
      }
    for (int s = 0; s < n; ++s) {
      // Barrier through rank 0: all to it, then it to all.
      if (s == 0) {
        for (int o = 1; o < n; ++o) prog.add(0, Event::of(EventKind::Recv, kAny, spike_tag(i, 0)));
        for (int o = 1; o < n; ++o) prog.add(0, Event::of(EventKind::Isend, o, spike_tag(i, 0), 0));
        prog.add(0, Event::of(EventKind::Wait));
      } else {
        prog.add(s, Event::of(EventKind::Send, 0, spike_tag(i, 0), 0));
        prog.add(s, Event::of(EventKind::Recv, 0, spike_tag(i, 0)));
      }
      const auto& mine = near[static_cast<size_t>(s)];
      // The counts, to and from every process of the stencil.
      for (int q : mine) prog.add(s, Event::of(EventKind::Irecv, q, spike_tag(i, 1)));
      for (int q : mine) prog.add(s, Event::of(EventKind::Isend, q, spike_tag(i, 1), DpsnnParams::kCountBytes));
      prog.add(s, Event::of(EventKind::Wait));
      // The spikes: a message only for a count above 0, both ways.
      for (size_t k = 0; k < mine.size(); ++k) {
        const int q = mine[k];
        const auto& back = near[static_cast<size_t>(q)];
        const size_t j = static_cast<size_t>(std::find(back.begin(), back.end(), s) - back.begin());
        if (sent[static_cast<size_t>(q)][j] > 0) prog.add(s, Event::of(EventKind::Irecv, q, spike_tag(i, 2)));
      }
      for (size_t k = 0; k < mine.size(); ++k)
        if (const uint64_t spikes = sent[static_cast<size_t>(s)][k])
          prog.add(s, Event::of(EventKind::Isend, mine[k], spike_tag(i, 2), spikes * DpsnnParams::kSpikeBytes));
      prog.add(s, Event::of(EventKind::Wait));
      const double ns = p.t_spike_ns * static_cast<double>(received[static_cast<size_t>(s)]);
      prog.add(s, Event::of(EventKind::Compute, 0, 0, static_cast<uint64_t>(std::llround(ns * 1000))));
    }
    check_event_limit(prog, "workload.dpsnn", "fewer iterations or columns");
  }
  prog.finish(p.max_ops);
  return prog;
}

}  // namespace nocsim
