#pragma once
// Helpers for tests: configurations from overrides, destination patterns by
// name, and the nocsim binary run as a child process (exit code, stdout,
// stderr).

// NOCSIM_TEST_ASAN: built with AddressSanitizer, whose shadow memory and
// address-space reservations are not the model's (gcc defines
// __SANITIZE_ADDRESS__, clang answers __has_feature).
#if defined(__SANITIZE_ADDRESS__)
#define NOCSIM_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NOCSIM_TEST_ASAN 1
#endif
#endif
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "core/config.h"
#include "traffic/pattern.h"

namespace nocsim::test {

// Length of the suite's soaks (load at or past saturation, then a full
// drain): 10^5 cycles, or NOCSIM_SOAK_CYCLES (at least 1000), which .ci/run
// sets to the length of its scripts/soak.sh phase to keep within its budget.
inline long soak_cycles() {
  const char* s = std::getenv("NOCSIM_SOAK_CYCLES");
  if (!s) return 100000;
  char* end = nullptr;
  const long n = std::strtol(s, &end, 10);
  if (*s == '\0' || *end != '\0' || n < 1000)
    throw std::invalid_argument("NOCSIM_SOAK_CYCLES: " + std::string(s) + " is not an integer >= 1000");
  return n;
}
inline std::string soak_cycles_key() { return "sim.cycles=" + std::to_string(soak_cycles()); }

// The cycles of a run that, under AddressSanitizer, looks for memory errors
// rather than figures: a quarter there (its paths are all met early; the
// sanitized pass of .ci/run keeps to its budget), all of them elsewhere.
inline std::string sanitized_cycles_key(long cycles) {
#ifdef NOCSIM_TEST_ASAN
  cycles /= 4;
#endif
  return "sim.cycles=" + std::to_string(cycles);
}

inline std::string source_path(const std::string& rel) { return std::string(NOCSIM_SOURCE_DIR) + "/" + rel; }

// Every configuration the project ships (topologies/ and topologies/bench/),
// sorted.
inline std::vector<std::string> shipped_configs() {
  std::vector<std::string> files;
  for (const char* dir : {"topologies", "topologies/bench"})
    for (const auto& e : std::filesystem::directory_iterator(source_path(dir)))
      if (e.path().extension() == ".yaml") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

inline Config make_config(const std::string& file, std::initializer_list<std::string> overrides) {
  Config c;
  std::set<std::string> replaced;
  for (const auto& o : overrides) replaced.insert(Config::override_key(o));
  if (!file.empty()) c.load_yaml_file(source_path(file), replaced);
  for (const auto& o : overrides) c.set_override(o);
  c.set("sim.progress", "false");
  return c;
}

// The pattern traffic.pattern=name builds on topo; adv_offset: i of ADV+i.
inline std::unique_ptr<TrafficPattern> pattern(const std::string& name, const Topology& topo, int adv_offset = 1) {
  Config c;
  c.set("traffic.adv_offset", std::to_string(adv_offset));
  return make_pattern(name, topo, c, 1);
}

struct CliResult {
  int code = -1;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// A fresh path in this test process's own directory, removed with it at exit
// (ctest runs one test per process, so nothing is left behind in /tmp).
inline std::string temp_path(const std::string& tag) {
  static char dir[] = "/tmp/nocsim_test_XXXXXX";
  static const bool made = [] {
    if (!mkdtemp(dir)) std::abort();
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    });
    return true;
  }();
  static int n = 0;
  (void)made;
  return std::string(dir) + "/" + std::to_string(n++) + "_" + tag;
}

// Runs a simulator binary with the given arguments (quoted for the shell).
inline CliResult run_bin(const std::string& bin, const std::vector<std::string>& args) {
  std::string out = temp_path("out"), err = temp_path("err");
  std::string cmd = "'" + bin + "'";
  for (const auto& a : args) cmd += " '" + a + "'";
  cmd += " >" + out + " 2>" + err;
  int status = std::system(cmd.c_str());
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

// Runs build/nocsim.
inline CliResult run_cli(const std::vector<std::string>& args) { return run_bin(NOCSIM_BIN, args); }

// One run of build/nocsim in its own process (SystemC elaborates once per
// process), quiet, which must exit 0: its results document.
inline std::string cli_json(std::vector<std::string> args) {
  const std::string out = temp_path("results.json");
  args.insert(args.end(), {"-o", out, "--quiet"});
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.code, 0) << r.err;
  return slurp(out);
}

// A results document without the lines that measure the host, not the
// model, without the build's name (sim.build: binaries built apart,
// such as the lockstep mutants, name different builds) and without the
// batches of cycles it ran in (sim.batch schedules, the results are the
// same).
inline std::string strip_host_figures(const std::string& json) {
  std::istringstream in(json);
  std::string line, out;
  while (std::getline(in, line))
    if (line.find("wall_seconds") == std::string::npos && line.find("cycles_per_second") == std::string::npos &&
        line.find("peak_rss_kb") == std::string::npos && line.find("\"build\": ") == std::string::npos &&
        line.find("\"batch\": ") == std::string::npos && line.find("\"batch_clusters\": ") == std::string::npos)
      out += line + "\n";
  return out;
}

// strip_host_figures, also without the lines of configuration keys whose
// name starts with `prefix` ("trace." drops every trace.* key) and without
// the memory estimate, which counts what those keys record (a trace).
inline std::string without_keys(const std::string& json, const std::string& prefix) {
  std::istringstream in(strip_host_figures(json));
  std::string line, out;
  while (std::getline(in, line))
    if (line.find("\"" + prefix) == std::string::npos && line.find("\"memory_estimate_kb\"") == std::string::npos)
      out += line + "\n";
  return out;
}

// The first number after "key": in a results document (-1 when absent).
inline double json_number(const std::string& json, const std::string& key) {
  size_t at = json.find("\"" + key + "\": ");
  if (at == std::string::npos) return -1;
  return std::strtod(json.c_str() + at + key.size() + 4, nullptr);
}

// The numbers of the array `"key": [a, b, ...]` (empty when absent).
inline std::vector<double> json_numbers(const std::string& json, const std::string& key) {
  std::vector<double> out;
  const size_t at = json.find("\"" + key + "\": [");
  if (at == std::string::npos) return out;
  const char* p = json.c_str() + json.find('[', at) + 1;
  for (char* end = nullptr;; p = end + 1) {
    const double v = std::strtod(p, &end);
    if (end == p) break;
    out.push_back(v);
    while (*end == ' ' || *end == '\n') ++end;
    if (*end != ',') break;
  }
  return out;
}

// The text of the object `"key": {...}` (first match after `from`), braces
// balanced; "" when absent.
inline std::string json_section(const std::string& json, const std::string& key, size_t from = 0) {
  const size_t at = json.find("\"" + key + "\": {", from);
  if (at == std::string::npos) return "";
  int depth = 0;
  for (size_t i = json.find('{', at); i < json.size(); ++i) {
    depth += json[i] == '{' ? 1 : json[i] == '}' ? -1 : 0;
    if (!depth) return json.substr(at, i - at + 1);
  }
  return "";
}

}  // namespace nocsim::test
