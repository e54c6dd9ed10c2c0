#pragma once
// The latency breakdown's sums over the measured packets' heads
// (docs/metrics.md, "Latency breakdown"): each router and the NICs' sinks
// add what their part of a packet's life took, and the report divides the
// run's totals by the packets delivered. Every cycle between a packet's
// generation and its tail's delivery lands in exactly one part, so the parts
// of a run whose measured packets were all delivered add up to the mean
// latency. Signed: a part is a difference of cycles.
#include <cstdint>

namespace nocsim {

struct LatencyParts {
  int64_t injection = 0;      // waits on the injection link (the source queue's wait is NetStats')
  int64_t local_queue = 0;    // at routers, waiting for a local output (every network output of a torus or mesh)
  int64_t global_queue = 0;   // at routers, waiting for a global (dragonfly) output
  int64_t eject_queue = 0;    // at the destination router, waiting for the ejection output
  int64_t minimal = 0;        // zero-load time of minimal hops: router pipeline and link latency
  int64_t nonminimal = 0;     // the same for non-minimal hops (misroutes, hops toward a Valiant intermediate)
  int64_t serialization = 0;  // at the destination: tail's arrival after the head's

  int64_t& traversal(bool minimal_hop) { return minimal_hop ? minimal : nonminimal; }
  void add(const LatencyParts& o) {
    injection += o.injection;
    local_queue += o.local_queue;
    global_queue += o.global_queue;
    eject_queue += o.eject_queue;
    minimal += o.minimal;
    nonminimal += o.nonminimal;
    serialization += o.serialization;
  }
};

}  // namespace nocsim
