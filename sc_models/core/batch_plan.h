#pragma once
// How long the routers' batches of cycles run (docs/architecture.md,
// "Batches of cycles"): a batch of `outer` cycles runs cluster by
// cluster, each cluster `inner` cycles at a time, router by router. A
// cluster is a range of routers joined by the network's shortest links;
// every link between two clusters takes at least `outer` cycles, every
// link within one at least `inner`. Plain C++: the network hands in its
// router-to-router links.
#include <cstddef>
#include <vector>

namespace nocsim {

struct RouterLink {
  int from, to;  // routers
  int latency;   // cycles
};

struct BatchPlan {
  int inner = 1, outer = 1;
  int longest = 0;  // the longest link's latency
  // Cluster k is routers [clusters[k], clusters[k + 1]); one cluster
  // (0, routers) when batches are flat (outer == inner).
  std::vector<size_t> clusters;
};

// The batches for `routers` routers joined by `links`, none longer than
// `cap` cycles (sim.batch, or its automatic bound). Flat (one cluster)
// unless the routers joined by the shortest links form two or more
// contiguous ranges and the other links are longer; batches of one cycle
// when a link takes one, of `cap` cycles when no link joins two routers.
BatchPlan plan_batches(int routers, const std::vector<RouterLink>& links, int cap);

}  // namespace nocsim
