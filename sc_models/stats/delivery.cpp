#include "stats/delivery.h"

#include "parallel/outbox.h"

namespace nocsim {

void DeliveryCollector::delivered(const Flit& f, Cycle at) {
  // From a NIC on a worker thread: later, on the kernel's, in node order.
  if (Outbox* o = Outbox::current())
    return o->flit([](void* c, const Flit& t, Cycle a) { static_cast<DeliveryCollector*>(c)->delivered(t, a); },
                   this, f, at);
  const PacketTimes::Times t = times_.at(f.src, f.pseq);
  times_.delivered(f.src, f.pseq);
  if (stats_.record) stats_.deliveries.push_back({f.src, f.dst, t.gen, t.inj, at, f.hops});
  ++stats_.packets_delivered;
  if (!f.measured && !stats_.series_period) return;
  // Misrouted: more hops of a kind (global; local) than a minimal path has.
  const int rs = topo_.node_router(f.src), rd = topo_.node_router(f.dst);
  const int min_g = topo_.min_global_hops(rs, rd), min_l = topo_.min_hops(rs, rd) - min_g;
  const bool mis_g = f.ghops > min_g, mis_l = f.hops - f.ghops > min_l;
  if (stats_.series_period) {
    const size_t bin = static_cast<size_t>(t.inj / stats_.series_period);
    if (bin >= stats_.series.size()) stats_.series.resize(bin + 1);
    NetStats::SeriesBin& b = stats_.series[bin];
    ++b.delivered;
    b.misrouted_global += mis_g;
    b.misrouted_local += mis_l;
    b.latency_sum += at - t.gen;
    const size_t done = static_cast<size_t>(at / stats_.series_period);
    if (done >= stats_.series.size()) stats_.series.resize(done + 1);
    stats_.series[done].accepted_flits += f.size;
  }
  if (!f.measured) return;
  ++stats_.measured_delivered;
  stats_.latency.add(static_cast<uint32_t>(at - t.gen));
  stats_.network_latency_sum += static_cast<double>(at - t.inj);
  stats_.injection_wait_sum += static_cast<double>(t.inj - t.gen);
  stats_.hops_sum += f.hops;
  stats_.misrouted_global += mis_g;
  stats_.misrouted_local += mis_l;
}

}  // namespace nocsim
