#pragma once
// The live networks the co-simulation tests run (nocsim's command-line
// arguments), in a block mode (cpp, rtl, lockstep) with results to `out`.
#include <string>
#include <vector>

#include "harness.h"

namespace nocsim::test {

inline std::vector<std::string> with(std::vector<std::string> a, const std::string& alloc, const std::string& out) {
  a.insert(a.end(), {"sim.warmup=0", "sim.cycles=10000", "router.alloc=" + alloc, "-o", out, "--quiet"});
  return a;
}

inline std::vector<std::string> mesh(const std::string& alloc, const std::string& out) {
  return with({source_path("topologies/mesh-8x8.yaml"), "traffic.load=0.4"}, alloc, out);
}

// The mesh with the wavefront switch allocator (its twin sw_alloc_wavefront.sv).
inline std::vector<std::string> mesh_wavefront(const std::string& alloc, const std::string& out) {
  return with({source_path("topologies/mesh-8x8.yaml"), "traffic.load=0.4", "router.allocator.sa=wavefront"}, alloc,
              out);
}

// dragonfly-h2 with OLM on Base contention counters and FlexVC (JSQ), at
// high load under uniform or ADV+1 traffic.
inline std::vector<std::string> dragonfly(const std::string& pattern, const std::string& alloc, const std::string& out) {
  std::vector<std::string> a = {source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=olm",
                                "routing.trigger=contention", "routing.contention.variant=base",
                                "vc.policy=flexvc", "vc.select=jsq"};
  if (pattern == "uniform")
    a.insert(a.end(), {"traffic.pattern=uniform", "traffic.load=0.8"});
  else
    a.insert(a.end(), {"traffic.pattern=adv", "traffic.adv_offset=1", "traffic.load=0.5"});
  return with(a, alloc, out);
}

// minCred counters (vc.mincred) read by UGAL-L under FlexVC, ADV+1.
inline std::vector<std::string> mincred(const std::string& alloc, const std::string& out) {
  return with({source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=ugal-l", "vc.policy=flexvc",
               "vc.mincred=true", "traffic.pattern=adv", "traffic.adv_offset=1", "traffic.load=0.5"},
              alloc, out);
}

inline std::vector<std::string> torus(const std::string& alloc, const std::string& out) {
  return with({source_path("topologies/torus-8x8.yaml"), "traffic.load=0.3"}, alloc, out);
}

// A results document without host figures and router.alloc.
inline std::string config_free(const std::string& json) { return without_keys(json, "router.alloc\""); }

}  // namespace nocsim::test
