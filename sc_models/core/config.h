#pragma once
// A run's configuration: dotted keys (`traffic.load`) from one YAML file plus
// `key=value` overrides. Every key is declared in the schema with its type,
// default, range and allowed values (each folder's keys.cpp, assembled by
// sim/schema.cpp); anything else is an error naming the key and what is
// allowed. Loading reports every error of a file
// (one ConfigError carrying them all), not just the first.
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace nocsim {

// Input limits (docs/reliability.md, "Input limits"): past them an input is
// refused with one error naming the limit, before it costs time or memory.
constexpr size_t kMaxConfigBytes = size_t{4} << 20;  // a configuration file, read only when regular
constexpr size_t kMaxYamlNodes = 100000;             // YAML nodes of a file, aliases expanded
constexpr size_t kMaxYamlDepth = 64;                 // levels of maps and lists, aliases expanded (a cycle)
constexpr size_t kMaxYamlText = size_t{16} << 20;    // bytes of keys and values, aliases expanded
constexpr size_t kMaxKeyLength = 128;                // characters of a key
constexpr size_t kMaxErrors = 100;                   // error lines printed, then "... and N more"

// Records: a list of maps, e.g. `[{cycles: 1000, load: 0.2}, {cycles: 500}]`,
// each map's fields declared in KeySpec::fields. Str: free text (a file
// name), checked where it is used.
enum class KeyType { Int, IntList, Double, Enum, Bool, Records, Str };

struct KeySpec {
  std::string key;
  KeyType type;
  std::string def;                        // default, in the same syntax as on the command line
  double min = -1e300, max = 1e300;       // inclusive range for numbers and list items
  std::vector<std::string> allowed = {};  // Enum values
  std::string doc = {};
  // Enum values held by a registry (routing, VC policy, ...): read when a
  // value is checked, so that entries a test registers count.
  std::vector<std::string> (*allowed_from)() = nullptr;
  std::vector<KeySpec> fields = {};       // Records: each field, checked like a key; an empty def means required
};

// The allowed Enum values of a key.
std::vector<std::string> allowed_values(const KeySpec& s);

// Defined by sim/schema.cpp from every section: core knows no feature.
const std::vector<KeySpec>& config_schema();

class Config;
class ErrorList;
// A component's part of the configuration: its keys (defaults, ranges,
// help) and its rules across them, which add every violation to `errors`
// (each rule reads the component's typed config, `from(Config)`). The
// built-in sections come in the user guide's order (sim/schema.cpp); a test
// or an extension adds its own with add_config_section, whose keys join the
// schema (Configs made before do not hold them).
struct ConfigSection {
  std::string name;
  std::function<void(std::vector<KeySpec>&)> keys;
  std::function<void(const Config&, ErrorList&)> rules;  // optional
};
const std::vector<ConfigSection>& config_sections();
void add_config_section(ConfigSection section);

// One record of a Records key: field -> canonical value, every field present
// (omitted optional fields hold their default).
using Record = std::map<std::string, std::string>;

class Config {
 public:
  // Defaults for every key of config_schema().
  Config();
  // Another schema (tests); it must outlive the Config.
  explicit Config(const std::vector<KeySpec>& schema);
  // Reads a YAML file (nested maps become dotted keys). Throws one ConfigError
  // with every error of the file; the keys without errors are still set.
  // Keys in `replaced` (those key=value overrides set next) are neither
  // checked nor set from the file: an override fixes a file's bad value.
  void load_yaml_file(const std::string& path, const std::set<std::string>& replaced = {});
  void load_yaml_string(const std::string& text, const std::string& origin,
                        const std::set<std::string>& replaced = {});
  // `key=value`. Throws ConfigError.
  void set_override(const std::string& assignment);
  void set(const std::string& key, const std::string& value);
  // The key of a `key=value` override ("" when it has no '=').
  static std::string override_key(const std::string& assignment);

  int64_t get_int(const std::string& key) const;
  // An integer key whose schema range fits an int (counts, depths, latencies).
  int get_int32(const std::string& key) const { return static_cast<int>(get_int(key)); }
  std::vector<int64_t> get_int_list(const std::string& key) const;
  double get_double(const std::string& key) const;
  const std::string& get_str(const std::string& key) const;
  bool get_bool(const std::string& key) const;
  std::vector<Record> get_records(const std::string& key) const;

  // A file was parsed as YAML (its values may still have been refused).
  bool file_read() const { return file_read_; }
  // The file or an override set the key (else it holds its default).
  bool given(const std::string& key) const { return given_.count(key) != 0; }

  // Resolved configuration, key -> canonical value text, sorted by key.
  const std::map<std::string, std::string>& values() const { return values_; }

 private:
  const KeySpec& spec(const std::string& key) const;
  const std::vector<KeySpec>* schema_;
  std::map<std::string, std::string> values_;
  bool file_read_ = false;
  std::set<std::string> given_;
};

// Parses and range-checks one value against its spec; returns the canonical
// text (Records: `[{field: value, ...}, ...]`, fields in schema order).
std::string canonical_value(const KeySpec& s, const std::string& raw);

}  // namespace nocsim
