#pragma once
// Tests only: writes a Program as a small OTF2 archive the way Score-P
// records an MPI run (one location per rank, its communicators' groups, an
// MPI region around every call, Score-P's collective byte counts), so that
// read_otf2_trace gives the program back. A compute event is the time
// between records; consecutive computes therefore come back as one, and a
// compute of 0 as none.
#include <cstdint>
#include <string>

#include "workload/program.h"

namespace nocsim {

struct Otf2WriteOptions {
  // Ticks per second. 10^12 (ps) gives every compute time back exactly; at
  // 10^9 (ns) a compute time comes back rounded to whole ns.
  uint64_t timer_resolution = 1'000'000'000'000;
  // The first timestamp (ClockProperties' global offset): non-zero, so a
  // reader that forgets to subtract it fails.
  uint64_t global_offset = 1'000'000;
  // Ticks from each MPI call's Enter to its Leave: time in MPI, never compute.
  uint64_t call_ticks = 0;
  // Location ids in reverse rank order: a reader must take ranks from the
  // MPI locations group, not from location order.
  bool reverse_locations = false;
  // false: no MPI regions (main's Enter and Leave stay), bare MPI records
  // only, as a writer without regions would give. Waits, which are regions,
  // are then lost (their requests still complete where they were), and
  // call_ticks before a receive's record reads back as compute: use 0.
  bool regions = true;
  // A blocking send followed at once by a blocking receive is written as
  // one MPI_Sendrecv call, as Score-P records it: the send's record at its
  // Enter, the receive's at its Leave.
  bool sendrecv = false;
  // Collectives run with MPI_IN_PLACE where MPI allows it (not bcast,
  // exscan or alltoallv here): Score-P's sizes then leave out the rank's
  // own block, at a rooted collective's root only.
  bool in_place = false;
  // Alltoallv events written as MPI_Alltoallw calls (one datatype for all
  // peers): Score-P counts their bytes as an alltoallv's.
  bool alltoallw = false;
  // Collectives written as MPI's non-blocking calls (MPI_Iallreduce,
  // ...: a NonBlockingCollectiveRequest), each completed (its
  // NonBlockingCollectiveComplete, with the sizes) by the rank's next wait,
  // whatever that wait lists, or at the rank's end. A non-blocking
  // collective (Event::nonblocking) is written so whatever this says, and
  // completed by a wait that lists it (or a wait for every request).
  bool nonblocking = false;
  // With nonblocking: false writes no completion for them (as if each
  // request were freed).
  bool nonblocking_completes = true;
  // This rank's non-blocking collectives have no request record, only
  // their completions (-1: none such).
  int unrequested_rank = -1;
};

// Writes the archive `name` into directory `dir` (created if missing; the
// anchor is dir/name.otf2). A receive must name its source and tag (OTF2
// records the matched ones, never "any"); an event whose Event::comm is
// k > 0 is written on communicator k: a split of MPI_COMM_WORLD with the
// program's members of k where it defines k, else a duplicate of
// MPI_COMM_WORLD; alltoallv comes back exactly only
// when a rank sends the same count to every other. Throws std::invalid_argument
// for a program it cannot write, std::runtime_error when OTF2 fails.
void write_otf2_trace(const std::string& dir, const std::string& name, const Program& prog,
                      const Otf2WriteOptions& opt = {});

}  // namespace nocsim
