#include "router/route_compute.h"

#include <algorithm>

namespace nocsim {

RouteCompute::RouteCompute(sc_core::sc_module_name name, Router& router, RouterState& st, bool own_process,
                           std::unique_ptr<Routing> routing)
    : Stage(name, router, st, own_process), routing_(std::move(routing)) {}

void RouteCompute::evaluate(Cycle now) {
  decisions_.clear();
  cands_.clear();
  first_.clear();
  if (st_.n_routing == 0 || st_.p.lat_rc == 0) return;
  for (int ip = 0; ip < st_.p.ports; ++ip)
    for (int v = 0; v < static_cast<int>(st_.in[ip].size()); ++v) {
      const InputVc& ivc = st_.in[ip][v];
      if (ivc.state != InputVc::State::Routing || ivc.ready > now) continue;
      first_.push_back(static_cast<int>(cands_.size()));
      routing_->route({st_.id, ip, v, ivc.buf.front(), view_}, cands_);
      decisions_.push_back({ip, v});
    }
  first_.push_back(static_cast<int>(cands_.size()));
}

void RouteCompute::route_now(int ip, int ivc, std::vector<RouteCandidate>& out) {
  routing_->route({st_.id, ip, ivc, st_.in[ip][ivc].buf.front(), view_}, out);
}

void RouteCompute::commit(Cycle now) {
  for (size_t k = 0; k < decisions_.size(); ++k) {
    const Decision& d = decisions_[k];
    InputVc& ivc = st_.in[d.ip][d.ivc];
    st_.routed(ivc, cands_.data() + first_[k], first_[k + 1] - first_[k]);
    ivc.ready = now + st_.p.lat_rc;
  }
  decisions_.clear();
}

}  // namespace nocsim
