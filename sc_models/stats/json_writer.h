#pragma once
// Minimal JSON writer with fixed number formatting, so that one seed gives
// byte-identical output.
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace nocsim {

class JsonWriter {
 public:
  void open(const char* key = nullptr) { item(key) += "{"; first_ = true; ++depth_; }
  void close() { --depth_; s_ += "\n" + indent() + "}"; first_ = false; }
  // An array whose items are written with a null key.
  void open_array(const char* key) { item(key) += "["; first_ = true; ++depth_; }
  void close_array() { --depth_; s_ += "\n" + indent() + "]"; first_ = false; }
  // A flat object of integers on one line: a record of an array.
  void int_object(const char* key, std::initializer_list<std::pair<const char*, uint64_t>> fields) {
    std::string& s = item(key);
    s += "{";
    for (const auto& [k, v] : fields) s += (s.back() == '{' ? "" : ", ") + quote(k) + ": " + std::to_string(v);
    s += "}";
  }
  void num(const char* key, double v) {
    char b[64];
    std::snprintf(b, sizeof b, "%.10g", v);
    item(key) += b;
  }
  void num(const char* key, uint64_t v) { item(key) += std::to_string(v); }
  void num_array(const char* key, const std::vector<double>& v) {
    std::string& s = item(key);
    s += "[";
    char b[64];
    for (size_t i = 0; i < v.size(); ++i) {
      std::snprintf(b, sizeof b, "%s%.10g", i ? ", " : "", v[i]);
      s += b;
    }
    s += "]";
  }
  void int_array(const char* key, const std::vector<uint64_t>& v) {
    std::string& s = item(key);
    s += "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    s += "]";
  }
  void str(const char* key, const std::string& v) { item(key) += quote(v); }
  void raw(const char* key, const std::string& v) { item(key) += v; }
  std::string text() const { return s_ + "\n"; }
  static std::string quote(const std::string& v) {
    std::string o = "\"";
    for (char c : v) {
      if (c == '"' || c == '\\') o += '\\', o += c;
      else if (c == '\n') o += "\\n";
      else o += c;
    }
    return o + "\"";
  }

 private:
  std::string indent() const { return std::string(2 * depth_, ' '); }
  std::string& item(const char* key) {
    if (depth_ > 0) s_ += first_ ? "\n" : ",\n";
    first_ = false;
    s_ += indent();
    if (key) s_ += quote(key) + ": ";
    return s_;
  }
  std::string s_;
  int depth_ = 0;
  bool first_ = true;
};

}  // namespace nocsim
