// The VC policies of the build, by vc.policy name.
#include "vc/vc_policy.h"

#include "core/config.h"
#include "core/error.h"
#include "vc/buffer_config.h"

#include "vc/distance.h"
#include "vc/flexvc.h"

namespace nocsim {

void register_vc_policies(VcPolicyRegistry& reg) {
  reg.add("distance", {[](const VcSequence& ref, const std::vector<int>& out_vcs, const std::vector<uint8_t>&,
                          const Config&) {
            return std::unique_ptr<VcPolicy>(std::make_unique<DistancePolicy>(ref, out_vcs));
          }});
  reg.add("flexvc", {[](const VcSequence&, const std::vector<int>& out_vcs, const std::vector<uint8_t>& global_port,
                        const Config& cfg) {
            const BufferConfig b = BufferConfig::from(cfg);
            if (b.switching != Switching::Vct)
              throw ConfigError(std::string("vc.policy: flexvc is defined for virtual cut-through (router.switching=vct), not ") +
                                b.switching_name());
            return std::unique_ptr<VcPolicy>(std::make_unique<FlexVcPolicy>(out_vcs, global_port));
          },
          true});
}

VcPolicyRegistry& mutable_vc_policy_registry() {
  static VcPolicyRegistry reg("vc.policy", register_vc_policies);
  return reg;
}

const VcPolicyRegistry& vc_policy_registry() { return mutable_vc_policy_registry(); }

}  // namespace nocsim
