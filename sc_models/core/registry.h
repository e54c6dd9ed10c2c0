#pragma once
// A registry from a configuration value to a factory. Filled by explicit
// register_*() calls (static self-registration is dropped by the linker from
// static libraries); an unknown key is a ConfigError naming the config key and
// the valid values. The schema (each folder's keys.cpp) takes its allowed
// values from keys(), so each list is written once.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"

namespace nocsim {

template <typename Factory>
class Registry {
 public:
  // config_key: the key whose values this registry holds (for error messages).
  explicit Registry(std::string config_key) : config_key_(std::move(config_key)) {}
  // Filled at once by `fill` (the register_*() calls), as a function-local
  // static: `static XRegistry reg("x.key", register_xs);`.
  Registry(std::string config_key, void (*fill)(Registry&)) : config_key_(std::move(config_key)) { fill(*this); }
  void add(const std::string& key, Factory f) { map_[key] = std::move(f); }
  // Throws ConfigError listing the valid keys.
  const Factory& at(const std::string& key) const {
    auto it = map_.find(key);
    if (it == map_.end()) throw ConfigError(config_key_ + ": unknown value '" + key + "' (valid: " + list() + ")");
    return it->second;
  }
  // Null when nothing is registered under `key`.
  const Factory* find(const std::string& key) const {
    auto it = map_.find(key);
    return it == map_.end() ? nullptr : &it->second;
  }
  std::vector<std::string> keys() const {
    std::vector<std::string> k;
    for (const auto& kv : map_) k.push_back(kv.first);
    return k;
  }
  std::string list() const {
    std::string s;
    for (const auto& kv : map_) s += (s.empty() ? "" : ", ") + kv.first;
    return s;
  }

 private:
  std::string config_key_;
  std::map<std::string, Factory> map_;
};

}  // namespace nocsim
