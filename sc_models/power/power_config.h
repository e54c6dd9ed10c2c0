#pragma once
// The power/area model's configuration (power.*) and the link power
// policy's (link.power.*), read from the Config here and nowhere else
// (docs/architecture.md, "Configuration"; docs/power-model.md).
#include <string>
#include <utility>
#include <vector>

#include "power/link_power.h"
#include "power/tech.h"

namespace nocsim {

class Config;
class ErrorList;

struct PowerConfig {
  int tech_nm = 45;
  std::vector<std::pair<std::string, double>> tech_overrides;  // power.tech.<name> set above 0
  int flit_bits = 64;
  bool sram = false;      // power.buffer=sram (else dff)
  bool mux_xbar = false;  // power.crossbar=mux (else matrix)
  double link_mm = 1;
  double vdd_v = 0;  // 0: the node's nominal supply
  double freq_ghz = 1;

  static PowerConfig from(const Config& cfg);
  // The node's technology with the overrides applied.
  Tech tech() const;
};

struct LinkPowerConfig {
  LinkPolicy policy = LinkPolicy::None;
  double t_train_ns = 1000, rho = 0.1;
  int low_state = 10, high_state = 9;  // rows of the state table
  double threshold_low = 0.15, threshold_high = 0.9;

  static LinkPowerConfig from(const Config& cfg);
  // Checked whatever the policy (a key that does nothing in this run is
  // still no place for a wrong value): the states are rows of the table,
  // the low one slower than the high one; threshold_low below threshold_high.
  void validate(ErrorList& errors) const;
  // The policy's parameters at the routers' clock; ConfigError on a state
  // that cannot serve as low or high.
  LinkPowerParams params(double freq_ghz) const;
};

}  // namespace nocsim
