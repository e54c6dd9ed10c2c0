// The network as the routings see it (CongestionView): committed buffer
// occupancy and credits per port and VC range, the congestion providers'
// flags, and the contention counters with their sampling.
#include <algorithm>

#include "congestion/contention.h"
#include "sim/network.h"
#include "sim/params.h"

namespace nocsim {

int Network::occupancy(int router, int port, VcRange vcs) const {
  return routers_[router]->state().out[port].depth - credits(router, port, vcs) + output_queue(router, port);
}

int Network::port_occupancy(int router, int port) const {
  const OutputUnit& op = routers_[router]->state().out[port];
  int occ = output_queue(router, port);
  for (const auto& v : op.vcs) occ += op.depth - v.credits;
  return occ;
}

int Network::port_queued(int router, int port) const { return routers_[router]->state().queued_for(port); }

int Network::credits(int router, int port, VcRange vcs) const {
  const OutputVcs& v = routers_[router]->state().out[port].vcs;
  int most = 0;
  for (int o = vcs.lo; o <= vcs.hi && o < static_cast<int>(v.size()); ++o) most = std::max(most, v[o].credits);
  return most;
}

bool Network::saturated(int router, int port) const {
  for (const auto& p : providers_)
    if (p->saturated(router, port)) return true;
  return false;
}

void Network::enable_contention(const Topology& t) {
  const ContentionParams p =
      ContentionParams::of(rc_.contention, rc_.link.latency_of(PortClass::Local));
  if (p.variant == ContentionVariant::Ectn) {
    int groups = 0;
    for (int r = 0; r < t.routers(); ++r) groups = std::max(groups, t.group_of(r) + 1);
    ectn_ = std::make_unique<EctnBoard>(t.routers(), t.routers() / groups, groups, p);
  }
  for (auto& r : routers_)
    r->enable_contention(t, p, ectn_.get(),
                         make_block_run("contention", contention_mode_, {cfg_, r->state().id, t.ports(), r->state().p.vcs}));
  if (!stats_.series_period) return;
  contention_series_.assign(routers_.size(), {});
  SC_HAS_PROCESS(Network);
  SC_METHOD(sample_contention);
  dont_initialize();
  sensitive << series_event_;
  // As the warm-up snapshot: a quarter period before an edge, after the last cycle's commits.
  series_event_.notify(
      sc_core::sc_time(static_cast<double>(stats_.series_period * kPeriodPs - kPeriodPs / 4), sc_core::SC_PS));
}

void Network::sample_contention() {
  for (size_t r = 0; r < routers_.size(); ++r) {
    const ContentionUnit* u = routers_[r]->state().obs.get<ContentionCounters>().unit();
    uint64_t held = 0;
    for (int p = 0; p < u->ports(); ++p) held += static_cast<uint64_t>(u->count(p));
    contention_series_[r].push_back(held);
  }
  series_event_.notify(sc_core::sc_time(static_cast<double>(stats_.series_period * kPeriodPs), sc_core::SC_PS));
}

bool Network::contended(int router, int port) const {
  return routers_[router]->state().obs.get<ContentionCounters>().over(port, cycle_now(kPeriodPs));
}

bool Network::group_contended(int router, int group) const {
  return ectn_ && ectn_->over(router, group, cycle_now(kPeriodPs));
}

int Network::min_occupancy(int router, int port) const {
  int occ = 0;
  for (const auto& v : routers_[router]->state().out[port].vcs) occ += v.min_flits;
  return routers_[router]->state().obs.get<MinCredCounters>().occupancy(port, cycle_now(kPeriodPs), occ);
}

int Network::depth(int router, int port) const { return routers_[router]->state().out[port].depth; }

LatencyParts Network::latency_parts() const {
  LatencyParts sum = stats_.latency_parts;
  for (const auto& r : routers_) sum.add(r->state().lat);
  return sum;
}

}  // namespace nocsim
