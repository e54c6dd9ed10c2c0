// The vc.* keys of the configuration schema (sim/schema.cpp
// assembles the sections, in the order of docs/user-guide.md's table).
#include "core/config.h"
#include "vc/selection.h"
#include "vc/vc_policy.h"

namespace nocsim {
namespace {

std::vector<std::string> vc_policy_keys() { return vc_policy_registry().keys(); }
std::vector<std::string> selection_keys() { return selection_registry().keys(); }

}  // namespace

void add_vc_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"vc.policy", K::Enum, "distance", 0, 0, {}, "which output VCs a hop may take: distance = the rank of its position in the routing's reference sequence (dragonfly distance-based VCs; torus dateline halves); flexvc = FlexVC (dragonfly, VCT): any VC up to the highest from which the rest of the path, or a minimal escape (then only with room for the whole packet), still climbs (docs/vc-flexvc.md)", vc_policy_keys},
      {"vc.select", K::Enum, "auto", 0, 0, {}, "VA selection among a head's candidates and VCs: the first (best) candidate with a usable VC, requesting all its usable VCs (first; the VC allocator's round-robin picks) or one of them (FlexVC's: jsq = the most credits, ties to the highest; highest; lowest; random); auto = jsq with vc.policy=flexvc, else first", selection_keys},
      {"vc.mincred", K::Bool, "false", 0, 0, {}, "minCred (FlexVC, docs/vc-flexvc.md): credits say whether the flit they free was routed minimally; UGAL-style tests (UGAL-L/G, PB, PAR, OLM) and PB's saturation flags read each port's downstream occupancy by minimally routed flits (plus its output queue) instead of per-VC occupancy"},
  });
}

}  // namespace nocsim
