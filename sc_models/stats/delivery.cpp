#include "stats/delivery.h"

namespace nocsim {

void DeliveryCollector::delivered(const Flit& f, Cycle at) {
  if (stats_.record) stats_.deliveries.push_back({f.src, f.dst, f.gen, f.inj(), at, f.hops});
  ++stats_.packets_delivered;
  if (!f.measured) return;
  ++stats_.measured_delivered;
  stats_.latency.push_back(static_cast<uint32_t>(at - f.gen));
  stats_.network_latency_sum += static_cast<double>(at - f.inj());
  stats_.injection_wait_sum += static_cast<double>(f.inj_wait);
  stats_.hops_sum += f.hops;
  // Misrouted: more hops of a kind (global; local) than a minimal path has.
  const int rs = topo_.node_router(f.src), rd = topo_.node_router(f.dst);
  const int min_g = topo_.min_global_hops(rs, rd), min_l = topo_.min_hops(rs, rd) - min_g;
  stats_.misrouted_global += f.ghops > min_g;
  stats_.misrouted_local += f.hops - f.ghops > min_l;
}

}  // namespace nocsim
