// The link.power.* keys and the power.* keys of the configuration schema (sim/schema.cpp
// assembles the sections, in the order of docs/user-guide.md's table).
#include "core/config.h"
#include "power/link_power.h"
#include "power/power_config.h"
#include "power/tech.h"

namespace nocsim {
namespace {

std::vector<std::string> tech_keys() { return tech_node_names(); }
std::vector<std::string> link_policies() { return link_policy_names(); }

}  // namespace

void link_power_rules(const Config& cfg, ErrorList& errors) { LinkPowerConfig::from(cfg).validate(errors); }

void add_link_power_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  const double states = static_cast<double>(link_states().size() - 1);  // rows 1.., 0 being off
  s.insert(s.end(), {
      {"link.power.policy", K::Enum, "none", 0, 0, {}, "router-to-router link power states (docs/power-model.md): none (always high), onoff (off after an idle timer, trains up on demand), highlow (low after the timer, up at the break-even backlog), awake (highlow, and a message ahead of each head larger than the break-even size trains its path's links at once; needs routing dor or min), threshold (low/high by the utilisation of windows of the idle timer's length)", link_policies},
      {"link.power.t_train_ns", K::Double, "1000", 0.001, 1e9, {}, "link training time t_t, ns: the link carries nothing while it trains up (power.freq_ghz turns it into cycles)"},
      {"link.power.rho", K::Double, "0.1", 0.0001, 1, {}, "tolerated performance loss rho, a fraction: the idle timer (and the threshold policy's window) is t_t/rho"},
      {"link.power.low_state", K::Int, "10", 1, states, {}, "the low state: a row of sc_models/power/link_states.txt (10: one lane at 10 GHz, 1/12 of state 9)"},
      {"link.power.high_state", K::Int, "9", 1, states, {}, "the high state (the simulated link's full bandwidth): a row of sc_models/power/link_states.txt (9: 12 lanes at 10 GHz)"},
      {"link.power.threshold_low", K::Double, "0.15", 0, 1, {}, "threshold policy: a high link whose busier direction used less than this share of a window's cycles goes low (if that load is at most threshold_high of the low rate)"},
      {"link.power.threshold_high", K::Double, "0.9", 0, 1, {}, "threshold policy: a low link whose busier direction used more than this share of the low state's capacity in a window trains up"},
  });
}

void add_power_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"power.tech_nm", K::Enum, "45", 0, 0, {}, "technology node of the power/area model, nm (a data file sc_models/power/tech/<nm>nm.tech each)", tech_keys},
      {"power.vdd", K::Double, "0", 0, 5, {}, "supply voltage, V; 0 = the node's nominal (vdd_v of its data file)"},
      {"power.freq_ghz", K::Double, "1", 0.001, 100, {}, "router clock, GHz: turns cycles into seconds for power"},
      {"power.flit_bits", K::Int, "64", 1, 4096, {}, "flit (= phit) width in bits: buffers, crossbar and link wires"},
      {"power.buffer", K::Enum, "dff", 0, 0, {"dff", "sram"}, "input buffers built of flip-flops (dff) or an SRAM array per port (sram)"},
      {"power.crossbar", K::Enum, "matrix", 0, 0, {"matrix", "mux"}, "crossbar as a matrix of tri-state crosspoints or as one mux tree per output"},
      {"power.link_mm", K::Double, "1", 0, 1e6, {}, "length of a router-to-router link's repeated wires, mm (dragonfly: global links too)"},
      {"power.tech.gate_area_um2", K::Double, "0", 0, 1e9, {}, "overrides the node's gate_area_um2 (docs/power-model.md); 0 = the data file's"},
      {"power.tech.dff_area_um2", K::Double, "0", 0, 1e9, {}, "overrides the node's dff_area_um2 (docs/power-model.md); 0 = the data file's"},
      {"power.tech.sram_cell_um2", K::Double, "0", 0, 1e9, {}, "overrides the node's sram_cell_um2 (docs/power-model.md); 0 = the data file's"},
      {"power.tech.gate_cap_ff", K::Double, "0", 0, 1e9, {}, "overrides the node's gate_cap_ff (docs/power-model.md); 0 = the data file's"},
      {"power.tech.dff_data_cap_ff", K::Double, "0", 0, 1e9, {}, "overrides the node's dff_data_cap_ff (docs/power-model.md); 0 = the data file's"},
      {"power.tech.dff_clock_cap_ff", K::Double, "0", 0, 1e9, {}, "overrides the node's dff_clock_cap_ff (docs/power-model.md); 0 = the data file's"},
      {"power.tech.wire_cap_ff_per_um", K::Double, "0", 0, 1e9, {}, "overrides the node's wire_cap_ff_per_um (docs/power-model.md); 0 = the data file's"},
      {"power.tech.wire_pitch_um", K::Double, "0", 0, 1e9, {}, "overrides the node's wire_pitch_um (docs/power-model.md); 0 = the data file's"},
      {"power.tech.repeater_spacing_um", K::Double, "0", 0, 1e9, {}, "overrides the node's repeater_spacing_um (docs/power-model.md); 0 = the data file's"},
      {"power.tech.gate_leak_nw", K::Double, "0", 0, 1e9, {}, "overrides the node's gate_leak_nw (docs/power-model.md); 0 = the data file's"},
      {"power.tech.dff_leak_nw", K::Double, "0", 0, 1e9, {}, "overrides the node's dff_leak_nw (docs/power-model.md); 0 = the data file's"},
      {"power.tech.sram_leak_nw", K::Double, "0", 0, 1e9, {}, "overrides the node's sram_leak_nw (docs/power-model.md); 0 = the data file's"},
      {"power.tech.sram_bitline_cap_ff", K::Double, "0", 0, 1e9, {}, "overrides the node's sram_bitline_cap_ff (docs/power-model.md); 0 = the data file's"},
      {"power.tech.sram_wordline_cap_ff", K::Double, "0", 0, 1e9, {}, "overrides the node's sram_wordline_cap_ff (docs/power-model.md); 0 = the data file's"},
      {"power.tech.sense_amp_fj", K::Double, "0", 0, 1e9, {}, "overrides the node's sense_amp_fj (docs/power-model.md); 0 = the data file's"},
  });
}

}  // namespace nocsim
