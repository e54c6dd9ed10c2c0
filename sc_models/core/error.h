#pragma once
// Errors that end a run with a documented exit code and one line on stderr
// per error.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace nocsim {

enum ExitCode { kExitOk = 0, kExitFailure = 1, kExitBadInput = 2, kExitDeadlock = 3, kExitInvariant = 4 };
// A run stopped by signal s exits kExitSignal + s (130 for SIGINT, 143 for SIGTERM).
constexpr int kExitSignal = 128;

// Bad configuration or input file: exit 2. Carries every error found in one
// pass (a whole file and its overrides), one message each; what() joins them
// with newlines.
class ConfigError : public std::runtime_error {
 public:
  explicit ConfigError(const std::string& message);
  explicit ConfigError(const std::vector<std::string>& messages);
  const std::vector<std::string>& messages() const { return *messages_; }

 private:
  // Shared so that copying the exception cannot throw.
  std::shared_ptr<const std::vector<std::string>> messages_;
};

// Runs checks and keeps the messages of every one that throws a ConfigError
// (each message once), so that one run reports every broken rule.
class ErrorList {
 public:
  template <class F>
  void check(F&& rule) {
    try {
      rule();
    } catch (const ConfigError& e) {
      add(e.messages());
    }
  }
  void add(const std::vector<std::string>& messages);
  const std::vector<std::string>& messages() const { return messages_; }
  // Throws one ConfigError with every message, if any.
  void raise() const;

 private:
  std::vector<std::string> messages_;
};

// Rethrows e with a record field's name in place of the key its message
// opens with ("traffic.pattern: ..." -> "traffic.mix[0].pattern: ..."):
// a record's field is checked as that key, and its error names the field.
[[noreturn]] void rethrow_as_field(const ConfigError& e, const std::string& key, const std::string& field);

// A broken model invariant (lost flit, credit overflow, lockstep mismatch): exit 4.
struct InvariantError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws InvariantError("<what>: router R <side> port P vc V"). Out of line
// and cold: the checks on a flit's path stay a compare and a branch.
[[noreturn, gnu::cold, gnu::noinline]] void throw_port_invariant(const char* what, int router, const char* side,
                                                                 int port, int vc);

}  // namespace nocsim
