#pragma once
// What a network will take in memory, checked before it is built: a network
// too big for the machine is refused with its sizes instead of ending in
// std::bad_alloc after minutes of elaboration.
#include <cstdint>
#include <string>

#include "sim/run_config.h"
#include "topologies/topology.h"

namespace nocsim {

struct MemoryEstimate {
  uint64_t structure = 0;     // modules, ports, VC state, NICs: allocated while building
  uint64_t trace = 0;         // trace.file: the probe's signals, an FST writer's buffers
  uint64_t series = 0;        // stats.series_period: the bins and contention samples the run records
  // What traffic may add (rings grow on demand, docs/reliability.md, "Memory"):
  uint64_t buffers_full = 0;  // every input VC buffer full
  uint64_t st_full = 0;       // every output's ST queue full
  uint64_t links_full = 0;    // every link carrying a flit each cycle, a credit back each cycle
  uint64_t packets_full = 0;  // the packet table's records of the packets all those hold
  uint64_t queues_full = 0;   // every source queue full (traffic.source_queue)
  uint64_t certain() const { return structure + trace + series; }  // what the run takes whatever the traffic
  uint64_t network_full() const { return buffers_full + st_full + links_full + packets_full; }
};

MemoryEstimate estimate_memory(const TopologyShape& t, const RunConfig& rc);

// Bytes this process may still take: the least of MemAvailable, the cgroup's
// memory.max less its use, and RLIMIT_AS / RLIMIT_DATA; 0 when none is known.
uint64_t available_memory();

// Throws ConfigError when the structure, or it with what the run records
// (trace, series), exceeds sim.memory_limit_mb (0: available_memory()).
// validate_config calls it with the topology's shape, before building it.
void check_memory(const TopologyShape& t, const RunConfig& rc);
// A closed-loop application, once read (its program and the engine's
// state: `bytes`, Application::memory), beside what check_memory counted:
// throws ConfigError naming `key` (the workload's) when the two exceed
// sim.memory_limit_mb (else ulimit -v and -d), or, without a set limit,
// the network alone exceeds the memory left now (MemAvailable and the
// cgroup's room, which the program already takes from). make_application
// calls it before the network is built.
void check_application_memory(const TopologyShape& t, const RunConfig& rc, uint64_t bytes, const std::string& key);
// The warning to print when full buffers or source queues would exceed that
// room ("" when they fit): the command line prints it once.
std::string memory_warning(const TopologyShape& t, const RunConfig& rc);

}  // namespace nocsim
