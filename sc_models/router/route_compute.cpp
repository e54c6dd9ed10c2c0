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
  if (st_.p.lat_rc == 0) return;
  const int V = st_.p.vcs;
  st_.routing.for_each([&](int i) {
    const int ip = i / V, v = i % V;
    const InputVc& ivc = st_.vc(ip, v);
    if (ivc.ready > now) return;
    first_.push_back(static_cast<int>(cands_.size()));
    routing_->route({st_.id, ip, v, ivc.buf.front(), view_}, cands_);
    decisions_.push_back({ip, v});
  });
  first_.push_back(static_cast<int>(cands_.size()));
}

void RouteCompute::route_now(int ip, int ivc, std::vector<RouteCandidate>& out) {
  routing_->route({st_.id, ip, ivc, st_.vc(ip, ivc).buf.front(), view_, 1}, out);
}

void RouteCompute::commit(Cycle now) {
  for (size_t k = 0; k < decisions_.size(); ++k) {
    const Decision& d = decisions_[k];
    st_.routed(d.ip, d.ivc, cands_.data() + first_[k], first_[k + 1] - first_[k]);
    st_.vc(d.ip, d.ivc).ready = now + st_.p.lat_rc;
  }
  decisions_.clear();
}

}  // namespace nocsim
