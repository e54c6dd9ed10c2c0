#pragma once
// Pisani's DPSNN bulk-synchronous model (docs/workloads.md, "DPSNN"): a
// 2-D grid of cortical columns, one per process; per iteration a barrier
// through rank 0, the spike counts to every process of a column's stencil,
// the spikes themselves (12 bytes each, no message for none) and
// computation proportional to the spikes received. Plain C++.
#include <cstdint>
#include <string>
#include <vector>

#include "workload/program.h"

namespace nocsim {

struct DpsnnParams {
  int columns_x = 12, columns_y = 12;  // the grid; one column per process
  int iterations = 10;
  int neurons = 1240;             // per column
  double spikes = 5;              // mean spikes a column fires per iteration (Poisson), without a spike file
  double t_spike_ns = 50;         // computing per spike received
  std::string spike_file;         // one line per iteration: the spikes each process fires
  uint64_t seed = 1;
  uint64_t max_ops = kMaxOps;     // workload.max_operations
  static constexpr double kA = 0.03, kLambdaUm = 290, kPitchUm = 100, kCut = 1e-3;
  static constexpr int kSpikeBytes = 12, kCountBytes = 4;
};

// The probability that a spike of a column reaches a process at column
// distance (dx, dy): that its neuron has a target there, 1 - (1 - c)^N with
// c = A e^(-r/lambda), r = 100 um * |(dx, dy)|; 0 where c is below 1/1000.
double dpsnn_reach(int dx, int dy, int neurons);
// The radius of the stencil in columns (10: a 21 x 21 stencil).
int dpsnn_radius();
// Spikes fired per iteration and process: read from the spike file, or
// drawn. Throws ConfigError naming the key and line.
std::vector<std::vector<uint64_t>> dpsnn_spikes(const DpsnnParams& p);
Program dpsnn_program(const DpsnnParams& p, const std::vector<std::vector<uint64_t>>& fired);

}  // namespace nocsim
