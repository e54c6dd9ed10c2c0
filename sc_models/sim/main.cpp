// nocsim CONFIG.yaml [key=value ...] [-o results.json] [--quiet]
// Exit codes: 0 ok, 2 bad input, 3 deadlock, 4 invariant violation.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <systemc>
#include <vector>

#include "core/config.h"
#include "core/error.h"
#include "core/huge_pages.h"
#include "sim/network.h"
#include "sim/run.h"

namespace {

void usage() {
  std::cout << "usage: nocsim [CONFIG.yaml] [key=value ...] [-o results.json] [--quiet] [--check-config]\n"
               "       nocsim --list-keys   (every configuration key with its default)\n"
               "exit codes: 0 ok, 2 bad input, 3 deadlock, 4 invariant violation\n";
}

void list_keys() {
  for (const auto& s : nocsim::config_schema()) {
    std::string allowed;
    for (const auto& a : nocsim::allowed_values(s)) allowed += (allowed.empty() ? "" : "|") + a;
    if (s.type == nocsim::KeyType::Bool) allowed = "true|false";
    if (s.type == nocsim::KeyType::Int || s.type == nocsim::KeyType::IntList || s.type == nocsim::KeyType::Double) {
      char r[64];
      if (s.max >= 1e12)
        std::snprintf(r, sizeof r, "%.15g..inf", s.min);
      else
        std::snprintf(r, sizeof r, "%.15g..%.15g", s.min, s.max);
      allowed = r;
    }
    std::cout << s.key << " = " << s.def << (allowed.empty() ? "" : "  [" + allowed + "]") << "  # " << s.doc << "\n";
  }
}

}  // namespace

// Our own main: the kernel prints its banner before sc_main unless told not to.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  std::string out_path;
  bool check_only = false;
  try {
    nocsim::Config cfg;
    std::vector<std::string> overrides;
    bool have_file = false, quiet = false;
    for (int i = 1; i < argc; ++i) {
      std::string a = argv[i];
      if (a == "-h" || a == "--help") return usage(), 0;
      if (a == "--list-keys") return list_keys(), 0;
      if (a == "--quiet" || a == "-q") quiet = true;
      else if (a == "--check-config") check_only = true;
      else if (a == "-o") {
        if (++i >= argc) throw nocsim::ConfigError("-o: missing output file name");
        out_path = argv[i];
      } else if (a.find('=') != std::string::npos) overrides.push_back(a);
      else if (!a.empty() && a[0] == '-') throw nocsim::ConfigError(a + ": unknown option (see --help)");
      else if (have_file) throw nocsim::ConfigError(a + ": only one configuration file may be given");
      else {
        cfg.load_yaml_file(a);
        have_file = true;
      }
    }
    for (const auto& o : overrides) cfg.set_override(o);
    if (quiet) cfg.set("sim.progress", "false");
    nocsim::validate_config(cfg);
    if (check_only) return 0;
    if (cfg.get_bool("sim.huge_pages")) nocsim::prefer_huge_pages(size_t{1} << 30);
    nocsim::RunResult r = nocsim::run_simulation(cfg);
    std::cout << r.summary << std::flush;
    if (!out_path.empty()) {
      std::ofstream f(out_path);
      if (!f) throw nocsim::ConfigError("-o: cannot write " + out_path);
      f << r.json;
    }
    if (r.exit_code) std::cerr << "nocsim: " << r.error << std::endl;
    return r.exit_code;
  } catch (const nocsim::ConfigError& e) {
    std::cerr << "nocsim: error: " << e.what() << std::endl;
    return nocsim::kExitBadInput;
  }
}
