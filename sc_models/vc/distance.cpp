#include "vc/distance.h"

namespace nocsim {

DistancePolicy::DistancePolicy(const VcSequence& ref, const std::vector<int>& out_vcs)
    : out_vcs_(out_vcs), split_(ref.share() == VcSequence::Share::Split) {
  for (int p = 0; p < ref.size(); ++p) {
    rank_.push_back(ref.rank(p));
    ranks_.push_back(ref.count(ref.at(p)));
  }
}

VcRange DistancePolicy::range(const RouteCandidate& c) const {
  const int n = out_vcs_[static_cast<size_t>(c.out_port)];
  if (c.pos < 0) return {0, static_cast<int16_t>(n - 1)};
  const int r = rank_[static_cast<size_t>(c.pos)];
  if (!split_) return {static_cast<int16_t>(r), static_cast<int16_t>(r < n ? r : n - 1)};
  const int k = ranks_[static_cast<size_t>(c.pos)], per = n / k;
  return {static_cast<int16_t>(r * per), static_cast<int16_t>(r == k - 1 ? n - 1 : (r + 1) * per - 1)};
}

void register_vc_policies(VcPolicyRegistry& reg) {
  reg.add("distance", {[](const VcSequence& ref, const std::vector<int>& out_vcs, const Config&) {
            return std::unique_ptr<VcPolicy>(std::make_unique<DistancePolicy>(ref, out_vcs));
          }});
}

VcPolicyRegistry& mutable_vc_policy_registry() {
  static VcPolicyRegistry reg = [] {
    VcPolicyRegistry r("vc.policy");
    register_vc_policies(r);
    return r;
  }();
  return reg;
}

const VcPolicyRegistry& vc_policy_registry() { return mutable_vc_policy_registry(); }

}  // namespace nocsim
