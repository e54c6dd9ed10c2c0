#pragma once
// UGAL's decision (Singh's thesis; Kim et al., ISCA'08; Fuentes Eq. 1.2 in
// FOGSim's hop-weighted form), shared by the families that use it: take the
// non-minimal path iff the minimal one's queue, weighted by its hops, exceeds
// the non-minimal one's by more than the threshold.
namespace nocsim {

inline bool ugal_prefers_nonminimal(long q_min, long h_min, long q_non, long h_non, long threshold) {
  return q_min * h_min > q_non * h_non + threshold;
}

}  // namespace nocsim
