#pragma once
// A closed-loop application as the network runs it: the program read from
// its trace, where each rank runs (workload.mapping) and the engine
// (engine.h). Made once per run by Network (make_application in
// sim/workload.cpp).
#include <cstdint>
#include <memory>
#include <vector>

#include "workload/engine.h"
#include "workload/program.h"
#include "workload/workload_config.h"

namespace nocsim {

// The node of each of `ranks` ranks: linear, a seeded random choice of
// distinct nodes, or workload.mapping_file. Throws ConfigError naming the
// key (more ranks than nodes, a bad or repeated node, a line count that
// is not the rank count).
std::vector<int> map_ranks(const WorkloadConfig& w, int ranks, int nodes, uint64_t seed);

class Application {
 public:
  Application(Program prog, std::vector<int> node_of, int nodes, const AppParams& p)
      : prog_(std::move(prog)), engine_(prog_, std::move(node_of), nodes, p),
        memory_(sizeof(*this) + prog_.memory() + engine_.memory()) {}
  const Program& program() const { return prog_; }
  AppEngine& engine() { return engine_; }
  const AppEngine& engine() const { return engine_; }
  // Bytes it holds once made (sim/memory.h, check_application_memory):
  // a walk over every event, made once.
  uint64_t memory() const { return memory_; }

 private:
  Program prog_;
  AppEngine engine_;
  uint64_t memory_;
};

}  // namespace nocsim
