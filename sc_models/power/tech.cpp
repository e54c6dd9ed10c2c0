#include "power/tech.h"

#include <algorithm>
#include <sstream>

#include "core/error.h"

namespace nocsim {
namespace {

struct Field {
  const char* name;
  double Tech::*member;
};
const std::vector<Field>& fields() {
  static const std::vector<Field> f = {
      {"vdd_v", &Tech::vdd_v},
      {"gate_area_um2", &Tech::gate_area_um2},
      {"dff_area_um2", &Tech::dff_area_um2},
      {"sram_cell_um2", &Tech::sram_cell_um2},
      {"gate_cap_ff", &Tech::gate_cap_ff},
      {"dff_data_cap_ff", &Tech::dff_data_cap_ff},
      {"dff_clock_cap_ff", &Tech::dff_clock_cap_ff},
      {"wire_cap_ff_per_um", &Tech::wire_cap_ff_per_um},
      {"wire_pitch_um", &Tech::wire_pitch_um},
      {"repeater_spacing_um", &Tech::repeater_spacing_um},
      {"gate_leak_nw", &Tech::gate_leak_nw},
      {"dff_leak_nw", &Tech::dff_leak_nw},
      {"sram_leak_nw", &Tech::sram_leak_nw},
      {"sram_bitline_cap_ff", &Tech::sram_bitline_cap_ff},
      {"sram_wordline_cap_ff", &Tech::sram_wordline_cap_ff},
      {"sense_amp_fj", &Tech::sense_amp_fj},
  };
  return f;
}

}  // namespace

std::vector<std::string> tech_node_names() {
  std::vector<int> nm;
  for (const auto& f : tech_files()) nm.push_back(f.node_nm);
  std::sort(nm.begin(), nm.end());
  std::vector<std::string> out;
  for (int n : nm) out.push_back(std::to_string(n));
  return out;
}

const std::vector<std::string>& tech_constant_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& f : fields()) n.push_back(f.name);
    return n;
  }();
  return names;
}

bool set_tech_constant(Tech& t, const std::string& name, double value) {
  for (const auto& f : fields())
    if (name == f.name) {
      t.*f.member = value;
      return true;
    }
  return false;
}

Tech parse_tech(int node_nm, const std::string& text, const std::string& origin) {
  Tech t;
  t.node_nm = node_nm;
  std::vector<std::string> seen, errors;
  std::istringstream in(text);
  std::string line;
  for (int no = 1; std::getline(in, line); ++no) {
    line = line.substr(0, line.find('#'));
    std::istringstream ls(line);
    std::string name, rest;
    double v = 0;
    if (!(ls >> name)) continue;  // blank or comment
    const std::string where = origin + ":" + std::to_string(no) + ": ";
    if (!(ls >> v) || (ls >> rest) || !(v > 0)) {
      errors.push_back(where + name + ": expected one positive number");
    } else if (!set_tech_constant(t, name, v)) {
      errors.push_back(where + "unknown constant '" + name + "'");
    } else {
      seen.push_back(name);
    }
  }
  for (const auto& n : tech_constant_names())
    if (std::find(seen.begin(), seen.end(), n) == seen.end()) errors.push_back(origin + ": missing constant '" + n + "'");
  if (!errors.empty()) throw ConfigError(errors);
  return t;
}

Tech tech_for_node(int node_nm) {
  for (const auto& f : tech_files())
    if (f.node_nm == node_nm) return parse_tech(node_nm, f.text, std::to_string(node_nm) + "nm.tech");
  std::string valid;
  for (const auto& n : tech_node_names()) valid += (valid.empty() ? "" : ", ") + n;
  throw ConfigError("power.tech_nm: no data for " + std::to_string(node_nm) + " nm (valid: " + valid + ")");
}

}  // namespace nocsim
