#include "core/config.h"

#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/error.h"

namespace nocsim {
namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  size_t e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::string range_text(const KeySpec& s) {
  std::ostringstream o;
  o << "an integer in [" << static_cast<long long>(s.min) << ", ";
  if (s.max >= 1e12) o << "inf)"; else o << static_cast<long long>(s.max) << "]";
  return o.str();
}

int64_t parse_int(const KeySpec& s, const std::string& raw) {
  std::string t = trim(raw);
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(t.c_str(), &end, 10);
  if (t.empty() || *end != '\0' || errno == ERANGE || v < s.min || v > s.max)
    throw ConfigError(s.key + ": bad value '" + raw + "': must be " + range_text(s));
  return v;
}

std::vector<int64_t> parse_int_list(const KeySpec& s, const std::string& raw) {
  std::string t = trim(raw);
  if (!t.empty() && t.front() == '[' && t.back() == ']') t = t.substr(1, t.size() - 2);
  std::vector<int64_t> out;
  std::stringstream ss(t);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(parse_int(s, item));
  if (out.empty()) throw ConfigError(s.key + ": bad value '" + raw + "': must be " + range_text(s) + " or a list of them");
  return out;
}

double parse_double(const KeySpec& s, const std::string& raw) {
  std::string t = trim(raw);
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (t.empty() || *end != '\0' || !std::isfinite(v) || v < s.min || v > s.max) {
    std::ostringstream o;
    o << s.key << ": bad value '" << raw << "': must be a number in [" << s.min << ", " << s.max << "]";
    throw ConfigError(o.str());
  }
  return v;
}

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string r;
  for (size_t i = 0; i < v.size(); ++i) r += (i ? sep : "") + v[i];
  return r;
}

void flatten(const YAML::Node& n, const std::string& prefix, std::vector<std::pair<std::string, std::string>>& out) {
  if (n.IsMap()) {
    for (const auto& kv : n) {
      std::string k = kv.first.as<std::string>();
      flatten(kv.second, prefix.empty() ? k : prefix + "." + k, out);
    }
  } else if (n.IsSequence()) {
    std::vector<std::string> items;
    for (const auto& e : n) {
      if (!e.IsScalar()) throw ConfigError(prefix + ": list items must be scalars");
      items.push_back(e.as<std::string>());
    }
    out.emplace_back(prefix, "[" + join(items, ",") + "]");
  } else if (n.IsScalar()) {
    out.emplace_back(prefix, n.as<std::string>());
  } else if (n.IsNull() && !prefix.empty()) {
    throw ConfigError(prefix + ": missing value");
  }
}

}  // namespace

std::vector<std::string> allowed_values(const KeySpec& s) { return s.allowed_from ? s.allowed_from() : s.allowed; }

std::string canonical_value(const KeySpec& s, const std::string& raw) {
  switch (s.type) {
    case KeyType::Int:
      return std::to_string(parse_int(s, raw));
    case KeyType::IntList: {
      std::vector<std::string> items;
      for (auto v : parse_int_list(s, raw)) items.push_back(std::to_string(v));
      return items.size() == 1 ? items[0] : "[" + join(items, ",") + "]";
    }
    case KeyType::Double: {
      // Shortest text that reads back as the same double.
      double v = parse_double(s, raw);
      char buf[32];
      for (int prec = 1; prec <= 17; ++prec) {
        std::snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (std::strtod(buf, nullptr) == v) break;
      }
      return buf;
    }
    case KeyType::Enum: {
      std::string t = trim(raw);
      const std::vector<std::string> allowed = allowed_values(s);
      for (const auto& a : allowed)
        if (a == t) return t;
      throw ConfigError(s.key + ": bad value '" + raw + "': allowed: " + join(allowed, ", "));
    }
    case KeyType::Bool: {
      std::string t = trim(raw);
      if (t == "true" || t == "1" || t == "yes" || t == "on") return "true";
      if (t == "false" || t == "0" || t == "no" || t == "off") return "false";
      throw ConfigError(s.key + ": bad value '" + raw + "': allowed: true, false");
    }
  }
  return raw;
}

Config::Config() {
  for (const auto& s : config_schema()) values_[s.key] = canonical_value(s, s.def);
}

const KeySpec& Config::spec(const std::string& key) const {
  for (const auto& s : config_schema())
    if (s.key == key) return s;
  // Name the keys of the same section so the fix is obvious.
  std::string section = key.substr(0, key.find('.'));
  std::vector<std::string> near;
  for (const auto& s : config_schema())
    if (s.key.compare(0, section.size() + 1, section + ".") == 0) near.push_back(s.key);
  if (near.empty())
    for (const auto& s : config_schema()) {
      std::string sec = s.key.substr(0, s.key.find('.'));
      if (near.empty() || near.back() != sec) near.push_back(sec);
    }
  throw ConfigError(key + ": unknown key (valid: " + join(near, ", ") + ")");
}

void Config::set(const std::string& key, const std::string& value) {
  values_[key] = canonical_value(spec(key), value);
}

void Config::set_override(const std::string& assignment) {
  size_t eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError("'" + assignment + "': expected key=value (e.g. traffic.load=0.3)");
  set(trim(assignment.substr(0, eq)), assignment.substr(eq + 1));
}

void Config::load_yaml_string(const std::string& text, const std::string& origin) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError(origin + ": malformed YAML at line " + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
  if (!root.IsNull() && !root.IsMap()) throw ConfigError(origin + ": the top level must be a map of sections");
  std::vector<std::pair<std::string, std::string>> kv;
  flatten(root, "", kv);
  for (const auto& [k, v] : kv) set(k, v);
}

void Config::load_yaml_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ConfigError(path + ": cannot open configuration file");
  std::stringstream ss;
  ss << in.rdbuf();
  load_yaml_string(ss.str(), path);
}

int64_t Config::get_int(const std::string& key) const { return parse_int(spec(key), values_.at(key)); }
std::vector<int64_t> Config::get_int_list(const std::string& key) const { return parse_int_list(spec(key), values_.at(key)); }
double Config::get_double(const std::string& key) const { return parse_double(spec(key), values_.at(key)); }
const std::string& Config::get_str(const std::string& key) const {
  spec(key);
  return values_.at(key);
}
bool Config::get_bool(const std::string& key) const { return values_.at(key) == "true"; }

}  // namespace nocsim
