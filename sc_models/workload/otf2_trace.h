#pragma once
// OTF2 traces (as Score-P writes them for MPI programs) read as a closed-loop
// Program: one rank per MPI process, the time between its MPI calls as
// compute, its point-to-point records as sends and receives, its wait calls
// as waits and its collectives as nocsim's. The rules are in otf2_trace.cpp's
// opening comment and docs/workloads.md, "OTF2 traces".
// Needs OTF2 3.0 or later (libopen-trace-format2-dev).
#include <string>

#include "workload/program.h"

namespace nocsim {

// What a non-blocking collective (MPI_Iallreduce, ...) becomes
// (workload.nonblocking_collectives; docs/workloads.md, "OTF2 traces"):
// refused, run as its blocking collective where it was called, or run
// beside the rank's program from its call to the wait that completes it.
enum class NonblockingCollectives : uint8_t { Refuse, Blocking, Overlap };

// Reads the archive whose anchor file is `anchor_path` (the `traces.otf2` of
// a Score-P experiment directory). Throws ConfigError, every message
// prefixed with "<key> (<anchor_path>): ", for an archive that cannot be
// read or a record nocsim cannot run; the Program is finished, its
// collectives expanded by `rule`.
Program read_otf2_trace(const std::string& anchor_path, const std::string& key, uint64_t max_ops = kMaxOps,
                        CollectiveRule rule = CollectiveRule::Mpich,
                        NonblockingCollectives nbc = NonblockingCollectives::Refuse);

}  // namespace nocsim
