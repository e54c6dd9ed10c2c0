#include "core/error.h"

#include <algorithm>

namespace nocsim {
namespace {

std::string join_lines(const std::vector<std::string>& messages) {
  std::string r;
  for (const auto& m : messages) r += (r.empty() ? "" : "\n") + m;
  return r;
}

}  // namespace

ConfigError::ConfigError(const std::string& message)
    : std::runtime_error(message), messages_(std::make_shared<const std::vector<std::string>>(1, message)) {}

ConfigError::ConfigError(const std::vector<std::string>& messages)
    : std::runtime_error(join_lines(messages)), messages_(std::make_shared<const std::vector<std::string>>(messages)) {}

void ErrorList::add(const std::vector<std::string>& messages) {
  for (const auto& m : messages)
    if (std::find(messages_.begin(), messages_.end(), m) == messages_.end()) messages_.push_back(m);
}

void ErrorList::raise() const {
  if (!messages_.empty()) throw ConfigError(messages_);
}

void throw_port_invariant(const char* what, int router, const char* side, int port, int vc) {
  throw InvariantError(std::string(what) + ": router " + std::to_string(router) + " " + side + " port " +
                       std::to_string(port) + " vc " + std::to_string(vc));
}

void rethrow_as_field(const ConfigError& e, const std::string& key, const std::string& field) {
  std::string m = e.what();
  if (m.compare(0, key.size(), key) == 0) m = field + m.substr(key.size());
  throw ConfigError(m);
}

}  // namespace nocsim
