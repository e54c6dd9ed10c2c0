#include "vc/distance.h"

#include <string>

#include "core/error.h"

namespace nocsim {

void DistancePolicy::past_sequence(int pos) {
  throw InvariantError("vc.policy: distance: position " + std::to_string(pos) + " past the reference sequence");
}

DistancePolicy::DistancePolicy(const VcSequence& ref, const std::vector<int>& out_vcs)
    : out_vcs_(out_vcs), split_(ref.share() == VcSequence::Share::Split) {
  if (ref.size() > 127) throw ConfigError("vc.policy: distance supports reference sequences of up to 127 positions");
  for (int p = 0; p < ref.size(); ++p) {
    rank_.push_back(ref.rank(p));
    ranks_.push_back(ref.count(ref.at(p)));
  }
}

}  // namespace nocsim
