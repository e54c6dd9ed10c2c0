#include "router/route_compute.h"

#include <algorithm>

#include "vc/distance.h"

namespace nocsim {

RouteCompute::RouteCompute(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process,
                           std::unique_ptr<Routing> routing, std::shared_ptr<const VcPolicy> vcs)
    : Stage(name, router, st, own_process),
      routing_(std::move(routing)),
      vc_policy_(std::move(vcs)),
      distance_(dynamic_cast<const DistancePolicy*>(vc_policy_.get())),
      paths_(vc_policy_->needs_paths()) {
  bind_evaluate<RouteCompute>();
}

void RouteCompute::route(int ip, int ivc, int stream, std::vector<RouteCandidate>& out, std::vector<VcRange>& vcs) {
  const size_t first = out.size();
  HeadAt at;  // read by policies other than the default only
  if (!distance_) {
    const bool nic = ip >= st_.p.network_ports;
    at = {nic ? -1 : ivc, !nic && st_.p.global_port[static_cast<size_t>(ip)], st_.vc(ip, ivc).buf.front().reply};
  }
  routing_->route({st_.id, ip, ivc, st_.vc(ip, ivc).buf.front(), view_, vc_policy_.get(), at, paths_, stream}, out);
  if (distance_)  // the default policy, called directly (inlined)
    for (size_t k = first; k < out.size(); ++k) vcs.push_back(distance_->range(out[k]));
  else
    for (size_t k = first; k < out.size(); ++k) {  // a policy of unknown make: kept within the port's VCs
      VcRange r = vc_policy_->range(out[k], at);
      const int n = static_cast<int>(st_.out[out[k].out_port].vcs.size());
      r.lo = static_cast<int8_t>(std::max<int>(r.lo, 0));
      r.hi = static_cast<int8_t>(std::min<int>(r.hi, n - 1));
      vcs.push_back(r);
    }
}

void RouteCompute::evaluate(Cycle now) {
  decisions_.clear();
  cands_.clear();
  vcs_.clear();
  first_.clear();
  if (st_.p.lat_rc == 0) return;
  const int V = st_.p.vcs;
  st_.routing.for_each([&](int i) {
    const int ip = i / V, v = i % V;
    if (st_.vc(ip, v).ready > now || !st_.whole_packet_in(ip, v)) return;
    first_.push_back(static_cast<int>(cands_.size()));
    route(ip, v, 0, cands_, vcs_);
    decisions_.push_back({ip, v});
  });
  first_.push_back(static_cast<int>(cands_.size()));
}

void RouteCompute::commit(Cycle now, RouterState& st) {
  for (size_t k = 0; k < decisions_.size(); ++k) {
    const Decision& d = decisions_[k];
    st.routed(d.ip, d.ivc, cands_.data() + first_[k], vcs_.data() + first_[k], first_[k + 1] - first_[k],
              now + st.p.lat_rc);
  }
  decisions_.clear();
}

}  // namespace nocsim
