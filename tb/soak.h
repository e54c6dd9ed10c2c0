#pragma once
// The runs the topology families' system tests share (test_*_sim.cpp): a
// soak at saturation ended by a full drain, and a saturation run against
// the topology's uniform bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "harness.h"
#include "sim/run.h"

namespace nocsim::test {

// `config` with `keys` at saturation (traffic.load=1 unless `keys` set
// another) for soak_cycles(), then injection stops and the network must
// drain: more packets delivered than cycles run, none left in flight, the
// run's invariants checked throughout. `hooks`, for the caller to look at
// the network (hooks.after: the drained routers); the run, for the
// caller's own checks.
inline RunResult run_soak(const std::string& config, const std::vector<std::string>& keys,
                          const RunHooks& hooks = {}) {
  Config cfg = make_config(config, {"traffic.load=1", "sim.warmup=0", soak_cycles_key(), "sim.stop_injection=true",
                                    "sim.drain=1000000"});
  for (const std::string& kv : keys) cfg.set_override(kv);
  RunResult r = run_simulation(cfg, hooks);
  EXPECT_EQ(r.exit_code, 0) << r.error;
  EXPECT_GT(json_number(r.json, "delivered"), soak_cycles());
  EXPECT_EQ(json_number(r.json, "in_flight"), 0) << r.summary;
  return r;
}

// A saturation run of `config` with `keys`: its accepted load over the
// bound min(1, gamma0_flits) must lie in the dragonfly's band [0.85, 1.02].
// Returns gamma0_flits, for the caller to check the bound itself.
inline double expect_on_uniform_bound(const std::string& config, const std::vector<std::string>& keys) {
  Config cfg = make_config(config, {"sim.drain=0"});
  for (const std::string& kv : keys) cfg.set_override(kv);
  RunResult r = run_simulation(cfg);
  EXPECT_EQ(r.exit_code, 0) << r.error;
  const double bound = json_number(r.json, "gamma0_flits");
  const double x = json_number(r.json, "accepted_load") / std::min(1.0, bound);
  EXPECT_GE(x, 0.85) << r.summary;
  EXPECT_LE(x, 1.02) << r.summary;
  return bound;
}

}  // namespace nocsim::test
