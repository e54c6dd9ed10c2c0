#pragma once
// RC: each cycle, for every input VC whose head flit waits for a route and
// whose RC may start (ready <= now), call the routing function, then the VC
// policy on each candidate. Reads: input VC heads. Writes at commit: the
// head's candidates and their VC ranges (VA grants one of them and stores its
// routing header, e.g. dateline bits, in the head), state -> VA,
// ready = now + latency.rc.
#include <memory>
#include <vector>

#include "router/stage.h"
#include "routing/routing.h"
#include "vc/vc_policy.h"

namespace nocsim {

class DistancePolicy;

class RouteCompute : public Stage {
 public:
  RouteCompute(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process,
               std::unique_ptr<Routing> routing, std::shared_ptr<const VcPolicy> vcs);
  void evaluate(Cycle now) override;
  void commit(Cycle now, RouterState& st) override;
  void set_view(const CongestionView* v) { view_ = v; }
  const Routing& routing() const { return *routing_; }
  Routing& routing() { return *routing_; }
  // With latency.rc = 0 (lookahead routing) VA routes heads itself, in the
  // cycle it allocates for them, through route_now() (random stream 1).
  static bool work(const RouterState& st) { return !st.routing.empty() && st.p.lat_rc > 0; }
  // Appends the candidates of input VC (ip, ivc)'s head and their VC ranges.
  void route_now(int ip, int ivc, std::vector<RouteCandidate>& out, std::vector<VcRange>& vcs) {
    route(ip, ivc, 1, out, vcs);
  }
  bool adaptive() const { return routing_->adaptive(); }

 private:
  void route(int ip, int ivc, int stream, std::vector<RouteCandidate>& out, std::vector<VcRange>& vcs);
  struct Decision {
    int ip, ivc;
  };
  std::unique_ptr<Routing> routing_;
  std::shared_ptr<const VcPolicy> vc_policy_;
  const DistancePolicy* distance_;  // vc_policy_ when it is the default policy
  bool paths_;                      // vc_policy_->needs_paths()
  const CongestionView* view_ = nullptr;
  std::vector<Decision> decisions_;
  std::vector<RouteCandidate> cands_;   // all decisions' candidates, in order
  std::vector<VcRange> vcs_;            // their VC ranges
  std::vector<int> first_;              // per decision: index of its first candidate
};

}  // namespace nocsim
