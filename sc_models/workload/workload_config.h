#pragma once
// The closed-loop workload's configuration (workload.*), read from the
// Config here and nowhere else (docs/architecture.md, "Configuration").
#include <string>

#include "core/config.h"
#include "workload/dpsnn.h"
#include "workload/graph500.h"
#include "workload/otf2_trace.h"

namespace nocsim {

struct WorkloadConfig {
  std::string type = "open";  // open: traffic.* sources; trace: workload.trace_file's program
  std::string trace_file;
  std::string mapping = "linear";  // rank -> node: linear, random (seeded) or file
  std::string mapping_file;
  uint64_t max_operations = kMaxOps;  // a program's operations after expansion, at most
  int64_t eager_limit = -1;           // bytes: longer messages go by rendezvous; -1: none does
  CollectiveRule collectives = CollectiveRule::Mpich;  // the collectives' algorithms
  // An OTF2 trace's MPI_I<collective> calls: refused, run blocking where
  // called, or beside the program.
  NonblockingCollectives nonblocking_collectives = NonblockingCollectives::Refuse;
  // A non-blocking collective's steps go on while its rank computes
  // (background), or only while it is not computing (in_calls).
  bool nbc_progress_in_calls = false;
  double message_delay_ns = 0;  // each message's hand-over to the NIC, after its operation
  // LogGP's host overheads (docs/workloads.md, "Host overheads"): o_s per
  // send and o_r per message received, plus O per byte after the first.
  double send_overhead_ns = 0, recv_overhead_ns = 0, overhead_per_byte_ns = 0;
  Graph500Params graph500;  // workload.graph500.* (processes 0: one per node; seed: the run's)
  DpsnnParams dpsnn;        // workload.dpsnn.* (seed: the run's)

  bool closed() const { return type != "open"; }
  static WorkloadConfig from(const Config& cfg);
  void validate(ErrorList& errors) const;
};

void add_workload_keys(std::vector<KeySpec>& s);
void workload_rules(const Config& cfg, ErrorList& errors);

}  // namespace nocsim
