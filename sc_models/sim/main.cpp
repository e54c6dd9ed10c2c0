// nocsim CONFIG.yaml [key=value ...] [-o results.json] [--csv results.csv] [--quiet] ('-': stdout)
// Exit codes: 0 ok, 1 out of memory or internal error, 2 bad input, 3 deadlock, 4 invariant violation, 128 + signal
// when SIGINT or SIGTERM stopped the run (its results so far are written).
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <new>
#include <string>
#include <systemc>
#include <vector>

#include <unistd.h>

#include "core/config.h"
#include "core/error.h"
#include "core/huge_pages.h"
#include "sim/build_id.h"
#include "sim/memory.h"
#include "sim/network.h"
#include "sim/power_report.h"
#include "sim/run.h"
#include "sim/stop_signal.h"

// Generated at build time (cmake/build_id.cmake); absent in the builds
// that compile this file without it (the lockstep mutants).
#if __has_include("nocsim_build_id.h")
#include "nocsim_build_id.h"
#else
#define NOCSIM_BUILD_ID "unknown"
#endif

namespace {

void usage() {
  std::cout << "usage: nocsim [CONFIG.yaml] [key=value ...] [-o results.json] [--csv results.csv] [--quiet] [--check-config]\n"
               "       (-o - or --csv -: the results to stdout, the summary to stderr)\n"
               "       nocsim --list-keys   (every configuration key with its default)\n"
               "       nocsim --version   (the commit it was built from; -dirty: with changes not committed)\n"
               "       nocsim [CONFIG.yaml] [key=value ...] --power-model   (one router's area, leakage and energy per event; no run)\n"
               "exit codes: 0 ok, 1 out of memory or internal error, 2 bad input, 3 deadlock, 4 invariant violation, 129/130/143 interrupted (SIGHUP, SIGINT, SIGTERM)\n";
}

void list_keys() {
  for (const auto& s : nocsim::config_schema()) {
    std::string allowed;
    for (const auto& a : nocsim::allowed_values(s)) allowed += (allowed.empty() ? "" : "|") + a;
    if (s.type == nocsim::KeyType::Bool) allowed = "true|false";
    if (s.type == nocsim::KeyType::Int || s.type == nocsim::KeyType::IntList || s.type == nocsim::KeyType::Double) {
      char r[64];
      if (s.type == nocsim::KeyType::Double && s.max >= 1e12)
        std::snprintf(r, sizeof r, "%.15g..inf", s.min);
      else
        std::snprintf(r, sizeof r, "%.15g..%.15g", s.min, s.max);
      allowed = r;
    }
    if (s.type == nocsim::KeyType::Str) allowed = "file name";
    if (s.type == nocsim::KeyType::Records) {
      allowed = "list of {";
      for (const auto& f : s.fields) allowed += (allowed.back() == '{' ? "" : ", ") + f.key;
      allowed += "}";
    }
    std::cout << s.key << " = " << s.def << (allowed.empty() ? "" : "  [" + allowed + "]") << "  # " << s.doc << "\n";
  }
}

// Address space held back for the way out of a run that ran out of memory
// (untouched, so it costs no resident memory): freed by the first failed
// allocation, it lets the run stop at the monitor's next check and write
// its results. docs/reliability.md, "Out of memory".
constexpr size_t kMemoryReserve = size_t{64} << 20;
char* g_reserve = nullptr;

// Memory ran out somewhere (elaboration, a process, the kernel). The first
// time: free the reserve, ask the run to stop, and let the allocation retry.
// Again (or before the run): one line and exit 1, instead of an exception
// the kernel would report as its own error.
void out_of_memory() {
  if (g_reserve) {
    delete[] g_reserve;
    g_reserve = nullptr;
    nocsim::request_memory_stop();
    return;
  }
  static const char msg[] =
      "nocsim: error: out of memory (set sim.memory_limit_mb to what this run may take, or use a smaller network, "
      "shallower buffers or a load the network accepts)\n";
  (void)!write(STDERR_FILENO, msg, sizeof msg - 1);
  std::_Exit(nocsim::kExitFailure);
}

// An error is one line: a value it echoes may hold line breaks (an override
// such as `traffic.phases=[...]\n---\n[...]`), shown as \n.
std::string one_line(const std::string& m) {
  std::string s;
  for (char c : m) s += c == '\n' ? std::string("\\n") : c == '\r' ? std::string("\\r") : std::string(1, c);
  return s;
}

// An output path of "-" is stdout; the summary then goes to stderr, so
// that stdout holds the results alone.
const std::string kStdout = "-";

// With the results on stdout, the kernel's own reports (warnings) are shown
// on stderr too.
void report_to_stderr(const sc_core::sc_report& r, const sc_core::sc_actions& a) {
  if (a & sc_core::SC_DISPLAY) std::cerr << sc_core::sc_report_compose_message(r) << std::endl;
  sc_core::sc_report_handler::default_handler(r, a & ~sc_core::SC_DISPLAY);
}

struct CliArgs {
  std::string out_path;
  std::string csv_path;  // the JSON's scalars as key,value lines
  bool check_only = false;
  bool power_model = false;
  bool file_unread = false;  // the configuration file was not read (missing, malformed): no cross-key checks
};

bool known_key(const std::string& k) {
  for (const auto& s : nocsim::config_schema())
    if (s.key == k) return true;
  return false;
}

// An output option's file name: given once, not empty.
void output_path(const std::string& opt, int& i, int argc, char* argv[], std::string& path,
                 std::vector<std::string>& errors) {
  if (++i >= argc) return errors.push_back(opt + ": missing output file name");
  const std::string p = argv[i];
  if (p.empty()) return errors.push_back(opt + ": empty output file name");
  if (!path.empty()) return errors.push_back(opt + ": given twice (" + path + " and " + p + "); give one");
  path = p;
}

// Options, the file, then the overrides into cfg. Collects every error of
// them (a file's errors all at once) into `errors`, so that a user fixes a
// file in one go; cross-key checks come after (check_config).
CliArgs read_args(int argc, char* argv[], nocsim::Config& cfg, std::vector<std::string>& errors) {
  CliArgs args;
  std::vector<std::string> overrides;
  auto collect = [&errors](const std::function<void()>& step) {
    try {
      step();
    } catch (const nocsim::ConfigError& e) {
      errors.insert(errors.end(), e.messages().begin(), e.messages().end());
    }
  };
  std::string file;
  bool have_file = false, quiet = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    std::error_code ec;
    // A file whose name holds '=' is a file unless what precedes '=' is a key.
    const bool is_override = a.find('=') != std::string::npos &&
                             (known_key(nocsim::Config::override_key(a)) || !std::filesystem::exists(a, ec));
    if (a == "--quiet" || a == "-q") quiet = true;
    else if (a == "--check-config") args.check_only = true;
    else if (a == "--power-model") args.power_model = true;
    else if (a == "-o") output_path(a, i, argc, argv, args.out_path, errors);
    else if (a == "--csv") output_path(a, i, argc, argv, args.csv_path, errors);
    else if (is_override) overrides.push_back(a);
    else if (!a.empty() && a[0] == '-') errors.push_back(a + ": unknown option (see --help)");
    else if (known_key(a) && !std::filesystem::exists(a, ec)) errors.push_back(a + ": missing '=value' (overrides are key=value)");
    else if (have_file) errors.push_back(a + ": only one configuration file may be given");
    else {
      file = a;
      have_file = true;
    }
  }
  if (args.power_model)
    for (const auto& [opt, path] : {std::pair<const char*, const std::string&>{"-o", args.out_path}, {"--csv", args.csv_path}})
      if (!path.empty())
        errors.push_back(std::string(opt) + ": --power-model prints one router's model and writes no results; drop " + opt);
  // The file after the options: a key an override sets is not read from it.
  std::set<std::string> replaced;
  for (const auto& o : overrides) replaced.insert(nocsim::Config::override_key(o));
  if (have_file) collect([&] { cfg.load_yaml_file(file, replaced); });
  for (const auto& o : overrides) collect([&] { cfg.set_override(o); });
  if (quiet) cfg.set("sim.progress", "false");
  args.file_unread = have_file && !cfg.file_read();
  // Two outputs on one path would overwrite each other.
  auto same = [](const std::string& a, const std::string& b) {
    std::error_code ec;
    return !a.empty() && !b.empty() && a != kStdout && b != kStdout &&
           std::filesystem::weakly_canonical(a, ec) == std::filesystem::weakly_canonical(b, ec);
  };
  const std::string trace = nocsim::TraceConfig::from(cfg).file;
  if (same(args.out_path, trace)) errors.push_back("-o: " + args.out_path + " is also trace.file; give each its own file");
  if (same(args.csv_path, trace)) errors.push_back("--csv: " + args.csv_path + " is also trace.file; give each its own file");
  if (same(args.csv_path, args.out_path)) errors.push_back("--csv: " + args.csv_path + " is also -o; give each its own file");
  if (args.out_path == kStdout && args.csv_path == kStdout)
    errors.push_back("--csv: - (stdout) is also -o's; give one of them a file");
  return args;
}

// The cross-key rules (validate_config), run even when some values were
// refused, over the values that were accepted (a refused key keeps its
// default), so that one run reports every error. A rule's message that leads
// with a refused key is left out (it would judge the default), and so is
// every rule when the file could not be read at all (nothing to judge).
std::unique_ptr<nocsim::Topology> check_config(const nocsim::Config& cfg, const CliArgs& args,
                                               std::vector<std::string> errors) {
  auto lead = [](const std::string& m) { return m.substr(0, m.find(':')); };
  std::set<std::string> refused;
  for (const auto& m : errors) refused.insert(lead(m));
  try {
    auto topo = nocsim::validate_config(cfg);
    if (errors.empty()) return topo;
  } catch (const nocsim::ConfigError& e) {
    if (!args.file_unread)
      for (const auto& m : e.messages())
        if (!refused.count(lead(m))) errors.push_back(m);
  }
  throw nocsim::ConfigError(errors);
}

// -o before the run: a results file that cannot be written is bad input,
// not hours of simulation lost at the end.
void check_output(const std::string& path, const char* option) {
  if (path == kStdout) return;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p(path);
  const std::string opt = option;
  if (fs::is_directory(p, ec)) throw nocsim::ConfigError(opt + ": " + path + " is a directory");
  // A FIFO or socket would block the end of the run until a reader comes
  // (devices such as /dev/null are fine).
  if (fs::is_fifo(p, ec) || fs::is_socket(p, ec))
    throw nocsim::ConfigError(opt + ": " + path + " is a FIFO or socket, which could block the end of the run; "
                              "give a file");
  auto refuse = [&](int err) { throw nocsim::ConfigError(opt + ": cannot write " + path + ": " + std::strerror(err)); };
  if (fs::exists(p, ec)) {
    if (access(path.c_str(), W_OK) != 0) refuse(errno);
    return;
  }
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec))
    throw nocsim::ConfigError(opt + ": cannot write " + path + ": no directory " + dir.string());
  if (access(dir.c_str(), W_OK | X_OK) != 0) refuse(errno);
}

// 0, or the errno of the failed write.
int write_results(const std::string& path, const std::string& json) {
  errno = 0;
  if (path == kStdout) {
    std::cout << json << std::flush;
    return std::cout ? 0 : (errno ? errno : EIO);
  }
  std::ofstream f(path);
  if (!f) return errno ? errno : EIO;
  f << json;
  f.close();
  return f.fail() ? (errno ? errno : EIO) : 0;
}

}  // namespace

// SystemC's pool for small objects (object names and their hash table,
// made while the network is built) takes its blocks from malloc without
// checking them: running out of memory there was a crash, not the one-line
// error. These definitions take the library's place (its calls to them go
// through the dynamic linker, which finds the program's first) and hand
// every such object to operator new, whose failure is that error
// (docs/reliability.md, "Out of memory"). The pool's own switch, an
// environment variable, is read before main runs.
namespace sc_core {
void* sc_mempool::allocate(std::size_t size) { return ::operator new(size); }
void sc_mempool::release(void* p, std::size_t) { ::operator delete(p); }
}  // namespace sc_core

// Our own main: the kernel prints its banner before sc_main unless told not to.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help")) return usage(), 0;
    if (!std::strcmp(argv[i], "--list-keys")) return list_keys(), 0;
    if (!std::strcmp(argv[i], "--version")) return std::cout << "nocsim " << NOCSIM_BUILD_ID << "\n", 0;
  }
  nocsim::build_id() = NOCSIM_BUILD_ID;
  try {
    nocsim::Config cfg;
    std::vector<std::string> errors;
    const CliArgs args = read_args(argc, argv, cfg, errors);
    const std::unique_ptr<nocsim::Topology> topo = check_config(cfg, args, errors);
    for (const std::string& w : nocsim::idle_keys(cfg, *topo)) std::cerr << "nocsim: warning: " << w << "\n";
    const nocsim::RunConfig rc = nocsim::RunConfig::from(cfg);
    if (args.power_model) return nocsim::print_power_model(std::cout, rc, *topo), 0;
    const std::string memory = nocsim::memory_warning(topo->shape(), rc);
    if (!memory.empty()) std::cerr << "nocsim: warning: " << memory << "\n";
    if (!args.out_path.empty()) check_output(args.out_path, "-o");
    if (!args.csv_path.empty()) check_output(args.csv_path, "--csv");
    if (args.check_only) return 0;
    if (rc.sim.huge_pages) nocsim::prefer_huge_pages(size_t{1} << 30);
    nocsim::install_stop_handlers();
    g_reserve = new (std::nothrow) char[kMemoryReserve];
    std::set_new_handler(out_of_memory);
    const bool results_to_stdout = args.out_path == kStdout || args.csv_path == kStdout;
    if (results_to_stdout) sc_core::sc_report_handler::set_handler(report_to_stderr);
    nocsim::RunHooks hooks;
    hooks.leave_network = true;
    nocsim::RunResult r = nocsim::run_simulation(cfg, hooks);
    (results_to_stdout ? std::cerr : std::cout) << r.summary << std::flush;
    if (r.exit_code) std::cerr << "nocsim: " << r.error << std::endl;
    int code = r.exit_code;
    if (const int err = args.out_path.empty() ? 0 : write_results(args.out_path, r.json)) {
      std::cerr << "nocsim: error: -o: writing " << args.out_path << " failed: " << std::strerror(err) << std::endl;
      if (!code) code = nocsim::kExitBadInput;
    }
    if (const int err = args.csv_path.empty() ? 0 : write_results(args.csv_path, r.csv)) {
      std::cerr << "nocsim: error: --csv: writing " << args.csv_path << " failed: " << std::strerror(err) << std::endl;
      if (!code) code = nocsim::kExitBadInput;
    }
    std::cout.flush();
    if (!std::cout && !results_to_stdout)  // SIGPIPE is ignored: a closed stdout shows here, the results are written
      std::cerr << "nocsim: warning: stdout: the summary could not be written (closed pipe?)" << std::endl;
    std::cerr.flush();
    std::fflush(nullptr);  // _Exit skips destructors and atexit: nothing may be left buffered
    std::_Exit(code);  // the network was left standing (RunHooks::leave_network)
  } catch (const nocsim::ConfigError& e) {
    const auto& ms = e.messages();
    for (size_t i = 0; i < ms.size() && i < nocsim::kMaxErrors; ++i) std::cerr << "nocsim: error: " << one_line(ms[i]) << "\n";
    if (ms.size() > nocsim::kMaxErrors)
      std::cerr << "nocsim: error: ... and " << ms.size() - nocsim::kMaxErrors << " more errors\n";
    std::cerr << std::flush;
    return nocsim::kExitBadInput;
  } catch (const std::bad_alloc&) {
    g_reserve = nullptr;  // past the run: no way out but the line
    out_of_memory();
    return nocsim::kExitFailure;  // not reached: out_of_memory exits
  } catch (const std::exception& e) {
    // sc_core::sc_report (the kernel's errors) is one too: nothing reaches the kernel's handler.
    std::string what = e.what();
    std::replace(what.begin(), what.end(), '\n', ' ');
    std::cerr << "nocsim: internal error: " << what << std::endl;
    return nocsim::kExitFailure;
  }
}
