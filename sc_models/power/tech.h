#pragma once
// Technology constants of one process node, read from its data file
// (sc_models/power/tech/<nm>nm.tech, compiled in) and overridable by keys
// (power.tech.<name>). Units are in the names. What each constant means and
// where its value comes from: docs/power-model.md.
#include <string>
#include <vector>

namespace nocsim {

struct Tech {
  int node_nm = 0;
  double vdd_v = 0;                // nominal supply
  double gate_area_um2 = 0;        // one gate equivalent (GE, a NAND2)
  double dff_area_um2 = 0;         // flip-flop with enable
  double sram_cell_um2 = 0;        // 6T bit cell
  double gate_cap_ff = 0;          // switched per GE output toggle
  double dff_data_cap_ff = 0;      // switched when a flip-flop's bit changes
  double dff_clock_cap_ff = 0;     // clock load of one flip-flop
  double wire_cap_ff_per_um = 0;
  double wire_pitch_um = 0;        // crossbar track pitch
  double repeater_spacing_um = 0;  // link wires
  double gate_leak_nw = 0;         // per GE at vdd_v
  double dff_leak_nw = 0;
  double sram_leak_nw = 0;         // per bit cell
  double sram_bitline_cap_ff = 0;  // per cell on a bitline
  double sram_wordline_cap_ff = 0; // per cell on a wordline
  double sense_amp_fj = 0;         // per bit read
};

// A node's data file as compiled in: its node in nm and its text.
struct TechFile {
  int node_nm;
  const char* text;
};
const std::vector<TechFile>& tech_files();  // generated from the .tech files

// The nodes that have a data file, ascending ("45", ...: the values of power.tech_nm).
std::vector<std::string> tech_node_names();
// Names of the constants (the keys power.tech.<name>), in Tech's order.
const std::vector<std::string>& tech_constant_names();
// Parses one data file; throws ConfigError naming the line for an unknown
// name, a malformed or non-positive value, or a missing constant.
Tech parse_tech(int node_nm, const std::string& text, const std::string& origin);
// The constants of a node that has a data file (ConfigError otherwise).
Tech tech_for_node(int node_nm);
// Sets a constant by name; false if there is none of that name.
bool set_tech_constant(Tech& t, const std::string& name, double value);

struct KeySpec;
// The power.* keys of the configuration schema (sim/schema.cpp).
void add_power_keys(std::vector<KeySpec>& schema);

}  // namespace nocsim
