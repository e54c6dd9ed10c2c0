#pragma once
// The saturation flag of a run (docs/user-guide.md, "Saturation"): the
// network did not keep up with its sources when the flits it delivered in the
// measurement window fall more than 3% short of those its sources generated
// in it. Sources queue without bound, so the shortfall is the backlog growing
// in the injection queues and the network; comparing with what was generated
// rather than the nominal offered load keeps the Bernoulli sources' sampling
// noise out of the flag at low loads.
namespace nocsim {

constexpr double kSustainedFraction = 0.97;

inline bool saturated(double generated_flits, double accepted_flits) {
  return generated_flits > 0 && accepted_flits < kSustainedFraction * generated_flits;
}

}  // namespace nocsim
