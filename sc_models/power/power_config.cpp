#include "power/power_config.h"

#include <algorithm>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

PowerConfig PowerConfig::from(const Config& cfg) {
  PowerConfig p;
  p.tech_nm = std::stoi(cfg.get_str("power.tech_nm"));
  for (const auto& name : tech_constant_names()) {
    if (name == "vdd_v") continue;  // the nominal supply the leakage figures are at; power.vdd sets the supply
    const double v = cfg.get_double("power.tech." + name);
    if (v > 0) p.tech_overrides.emplace_back(name, v);
  }
  p.flit_bits = static_cast<int>(cfg.get_int("power.flit_bits"));
  p.sram = cfg.get_str("power.buffer") == "sram";
  p.mux_xbar = cfg.get_str("power.crossbar") == "mux";
  p.link_mm = cfg.get_double("power.link_mm");
  p.vdd_v = cfg.get_double("power.vdd");
  p.freq_ghz = cfg.get_double("power.freq_ghz");
  return p;
}

Tech PowerConfig::tech() const {
  Tech t = tech_for_node(tech_nm);
  for (const auto& [name, v] : tech_overrides) set_tech_constant(t, name, v);
  return t;
}

LinkPowerConfig LinkPowerConfig::from(const Config& cfg) {
  LinkPowerConfig l;
  const auto& names = link_policy_names();
  l.policy = static_cast<LinkPolicy>(std::find(names.begin(), names.end(), cfg.get_str("link.power.policy")) -
                                     names.begin());
  l.t_train_ns = cfg.get_double("link.power.t_train_ns");
  l.rho = cfg.get_double("link.power.rho");
  l.low_state = static_cast<int>(cfg.get_int("link.power.low_state"));
  l.high_state = static_cast<int>(cfg.get_int("link.power.high_state"));
  l.threshold_low = cfg.get_double("link.power.threshold_low");
  l.threshold_high = cfg.get_double("link.power.threshold_high");
  return l;
}

void LinkPowerConfig::validate(ErrorList& errors) const {
  errors.check([&] { params(1.0); });
  if (threshold_low >= threshold_high)
    errors.add({"link.power.threshold_low: " + std::to_string(threshold_low) +
                " must be below link.power.threshold_high=" + std::to_string(threshold_high) +
                " (a high link goes low under the one, a low link trains up over the other)"});
}

LinkPowerParams LinkPowerConfig::params(double freq_ghz) const {
  const auto& states = link_states();
  auto state = [&](const char* key, int i) {
    if (i < 1 || i >= static_cast<int>(states.size()))
      throw ConfigError(std::string(key) + "=" + std::to_string(i) + ": a state of sc_models/power/link_states.txt, 1.." +
                        std::to_string(states.size() - 1) + " (0 is off)");
    return states[static_cast<size_t>(i)];
  };
  const LinkState low = state("link.power.low_state", low_state), high = state("link.power.high_state", high_state);
  if (low.bw_gbps >= high.bw_gbps)
    throw ConfigError("link.power.low_state=" + std::to_string(low.index) + " (" + std::to_string(low.bw_gbps) +
                      " Gbit/s): must carry less than link.power.high_state=" + std::to_string(high.index) + " (" +
                      std::to_string(high.bw_gbps) + " Gbit/s)");
  return LinkPowerParams::make(policy, t_train_ns, rho, freq_ghz, low, high, threshold_low, threshold_high);
}

}  // namespace nocsim
