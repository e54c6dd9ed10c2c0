#include "workload/workload_config.h"

#include "core/error.h"

namespace nocsim {

WorkloadConfig WorkloadConfig::from(const Config& cfg) {
  WorkloadConfig w;
  w.type = cfg.get_str("workload.type");
  w.trace_file = cfg.get_str("workload.trace_file");
  w.mapping = cfg.get_str("workload.mapping");
  w.mapping_file = cfg.get_str("workload.mapping_file");
  return w;
}

void WorkloadConfig::validate(ErrorList& errors) const {
  if ((type == "trace" || type == "otf2") && trace_file.empty())
    errors.add({"workload.trace_file: workload.type=" + type + " needs the trace to run (docs/workloads.md)"});
  if (mapping == "file" && mapping_file.empty())
    errors.add({"workload.mapping_file: workload.mapping=file needs a file of one node per rank"});
}

void add_workload_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"workload.type", K::Enum, "open", 0, 0, {"open", "trace", "otf2"}, "open: open-loop sources (traffic.*); trace: a closed-loop application, the program of workload.trace_file in nocsim's text format (docs/workloads.md), run until every rank ends; otf2: the same from an OTF2 archive (Score-P's traces.otf2 anchor file)"},
      {"workload.trace_file", K::Str, "", 0, 0, {}, "workload.type=trace: the program, in nocsim's text trace format (docs/workloads.md, \"Text traces\"); otf2: the archive's anchor file (docs/workloads.md, \"OTF2 traces\")"},
      {"workload.mapping", K::Enum, "linear", 0, 0, {"linear", "random", "file"}, "closed loop: rank r runs on node r (linear), on a node drawn by sim.seed (random), or on the node line r of workload.mapping_file names; nodes left over stay idle"},
      {"workload.mapping_file", K::Str, "", 0, 0, {}, "workload.mapping=file: one node number per line, rank 0 first ('#' comments)"},
  });
}

void workload_rules(const Config& cfg, ErrorList& errors) { WorkloadConfig::from(cfg).validate(errors); }

}  // namespace nocsim
