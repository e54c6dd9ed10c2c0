#pragma once
// Run control and what the results hold (sim.*, stats.*), read from the
// Config here and nowhere else (docs/architecture.md, "Configuration").
#include <cstdint>

#include "core/flit.h"

namespace nocsim {

class Config;
class ErrorList;

struct SimConfig {
  Cycle warmup = 0, cycles = 0;  // the measured window is [warmup, warmup + cycles)
  int64_t drain = -1;            // cycles after the window for packets in flight; -1: cycles
  bool stop_injection = false;
  uint64_t seed = 1;
  bool per_stage = false;       // sim.mode=per-stage (else per-router, the default)
  bool reverse_stages = false;  // sim.stage_order=reverse
  bool one_pass = true;         // sim.one_pass=auto (Router::set_one_pass, where the network allows it)
  bool direct_st = true;        // sim.direct_st=auto (Router::set_direct_st, where the router allows it)
  int threads = 1;              // sim.threads
  int batch = 0;                // sim.batch (0: as long as the network allows)
  bool check = true;
  Cycle watchdog = 0;
  bool progress = true;
  int64_t memory_limit_mb = 0;
  bool huge_pages = true;
  Cycle series_period = 0;  // stats.series_period
  bool per_router = false;  // stats.per_router

  static SimConfig from(const Config& cfg);
  void validate(ErrorList& errors) const;
  // The cycle by which packets still in flight must be delivered.
  Cycle drain_limit() const { return warmup + cycles + static_cast<Cycle>(drain < 0 ? static_cast<int64_t>(cycles) : drain); }
};

}  // namespace nocsim
