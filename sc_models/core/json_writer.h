#pragma once
// Minimal JSON writer with fixed number formatting, so that one seed gives
// byte-identical output. It also keeps every scalar outside arrays as a flat
// (dotted key, value) record, the run's CSV (docs/user-guide.md, "Results").
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace nocsim {

class JsonWriter {
 public:
  void open(const char* key = nullptr) {
    item(key) += "{";
    first_ = true;
    ++depth_;
    path_.push_back(key ? key : "");
  }
  void close() {
    --depth_;
    s_ += "\n" + indent() + "}";
    first_ = false;
    path_.pop_back();
  }
  // An array whose items are written with a null key.
  void open_array(const char* key) {
    item(key) += "[";
    first_ = true;
    ++depth_;
    path_.push_back(key ? key : "");
    ++in_array_;
  }
  void close_array() {
    --depth_;
    s_ += "\n" + indent() + "]";
    first_ = false;
    path_.pop_back();
    --in_array_;
  }
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
    flat(key, b);
  }
  void num(const char* key, uint64_t v) {
    item(key) += std::to_string(v);
    flat(key, std::to_string(v));
  }
  void boolean(const char* key, bool v) {
    item(key) += v ? "true" : "false";
    flat(key, v ? "true" : "false");
  }
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
  void str(const char* key, const std::string& v) {
    item(key) += quote(v);
    flat(key, v);
  }
  void raw(const char* key, const std::string& v) { item(key) += v; }
  // No value (a figure that does not apply): JSON null, an empty CSV field.
  void null(const char* key) {
    item(key) += "null";
    flat(key, "");
  }
  std::string text() const { return s_ + "\n"; }
  // The scalars as CSV: a "key,value" header, then one line each, values
  // quoted where they hold a comma, a quote or a line break (RFC 4180).
  std::string csv() const {
    std::string o = "key,value\n";
    for (const auto& [k, v] : flat_) o += k + "," + csv_field(v) + "\n";
    return o;
  }
  static std::string csv_field(const std::string& v) {
    if (v.find_first_of(",\"\n\r") == std::string::npos) return v;
    std::string o = "\"";
    for (char c : v) o += c == '"' ? std::string("\"\"") : std::string(1, c);
    return o + "\"";
  }
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
  // Scalars in objects only: an array's items have no key of their own.
  void flat(const char* key, const std::string& v) {
    if (in_array_ || !key) return;
    std::string k;
    for (const auto& p : path_)
      if (!p.empty()) k += p + ".";
    flat_.emplace_back(k + key, v);
  }
  std::string s_;
  int depth_ = 0;
  bool first_ = true;
  int in_array_ = 0;
  std::vector<std::string> path_;
  std::vector<std::pair<std::string, std::string>> flat_;
};

}  // namespace nocsim
