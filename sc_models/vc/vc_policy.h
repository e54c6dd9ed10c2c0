#pragma once
// VC policy: which output VCs a routing candidate may take. The routing names
// the position of its reference sequence a hop takes (RouteCandidate::pos);
// the policy turns that into a range of the output port's VCs. A policy is
// a pure map (range() is const and keeps no state): Network builds one from
// the routing's reference and the routers' VC counts and every router with
// that reference shares it, so its tables stay in cache instead of costing
// each router its own lines per routed head.
#include <functional>
#include <memory>
#include <vector>

#include "core/registry.h"
#include "routing/routing.h"

namespace nocsim {

class VcPolicy {
 public:
  virtual ~VcPolicy() = default;
  // The VCs of c.out_port that c may take, within the port's VCs (a range
  // past them is empty: lo > hi).
  virtual VcRange range(const RouteCandidate& c) const = 0;
};

struct VcPolicyFactory {
  // reference: the routing's sequence; out_vcs: VCs per output port.
  std::function<std::unique_ptr<VcPolicy>(const VcSequence& reference, const std::vector<int>& out_vcs,
                                          const Config& cfg)>
      make;
};
using VcPolicyRegistry = Registry<VcPolicyFactory>;

void register_vc_policies(VcPolicyRegistry& reg);
const VcPolicyRegistry& vc_policy_registry();
VcPolicyRegistry& mutable_vc_policy_registry();

}  // namespace nocsim
