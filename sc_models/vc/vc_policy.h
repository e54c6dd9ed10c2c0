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
#include "core/route.h"
#include "core/vc_sequence.h"

namespace nocsim {

class Config;

class VcPolicy {
 public:
  virtual ~VcPolicy() = default;
  // The VCs of c.out_port that c may take, for a head sitting at `at`,
  // within the port's VCs (a range past them is empty: lo > hi).
  virtual VcRange range(const RouteCandidate& c, HeadAt at) const = 0;
  // Reads RouteCandidate::path and escape, which routings then fill.
  virtual bool needs_paths() const { return false; }
};

struct VcPolicyFactory {
  // reference: the routing's sequence; out_vcs: VCs per output port;
  // global_port: per output port, 1 for a global (dragonfly) port.
  std::function<std::unique_ptr<VcPolicy>(const VcSequence& reference, const std::vector<int>& out_vcs,
                                          const std::vector<uint8_t>& global_port, const Config& cfg)>
      make;
  // Request-reply traffic: replies may use the request VCs below theirs
  // (FlexVC's Theorem 2) instead of a separate set.
  bool shared_chain = false;
};
using VcPolicyRegistry = Registry<VcPolicyFactory>;

void register_vc_policies(VcPolicyRegistry& reg);
const VcPolicyRegistry& vc_policy_registry();
VcPolicyRegistry& mutable_vc_policy_registry();

struct KeySpec;
// The vc.* keys of the configuration schema (sim/schema.cpp).
void add_vc_keys(std::vector<KeySpec>& schema);

}  // namespace nocsim
