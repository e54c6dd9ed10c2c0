#include "core/config.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "core/error.h"
#include "core/suggest.h"

namespace nocsim {
namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  size_t e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::string range_text(const KeySpec& s) {
  std::ostringstream o;
  // The real bounds: a cycle count's 10^12 is a limit, not infinity.
  o << "an integer in [" << static_cast<long long>(s.min) << ", " << static_cast<long long>(s.max) << "]";
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
  if (!t.empty() && trim(t).back() == ',')  // getline drops the empty item after a trailing comma
    throw ConfigError(s.key + ": bad value '" + raw + "': a list item is missing after the last ','");
  if (out.empty()) throw ConfigError(s.key + ": bad value '" + raw + "': must be " + range_text(s) + " or a list of them");
  return out;
}

double parse_double(const KeySpec& s, const std::string& raw) {
  std::string t = trim(raw);
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(t.c_str(), &end);
  // ERANGE: an underflow (1e-400) would silently become 0.
  if (t.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v) || v < s.min || v > s.max) {
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

// A scalar, or a list of scalars as `[a,b]` (the IntList syntax); false for
// anything else.
bool scalar_text(const YAML::Node& n, std::string& out) {
  if (n.IsScalar()) {
    out = n.Scalar();
    return true;
  }
  if (!n.IsSequence()) return false;
  std::vector<std::string> items;
  for (const auto& e : n) {
    if (!e.IsScalar()) return false;
    items.push_back(e.Scalar());
  }
  out = "[" + join(items, ",") + "]";
  return true;
}

const KeySpec* find_spec(const std::vector<KeySpec>& specs, const std::string& key) {
  for (const auto& s : specs)
    if (s.key == key) return &s;
  return nullptr;
}

std::string line_of(const YAML::Node& n) { return std::to_string(n.Mark().line + 1); }

// The schema's keys and their prefixes (`router`, `router.stage_latency`:
// sections) by name. A file's every node asks both; an alias bomb asks
// 100,000 times before it is stopped, too often for a scan of the schema.
struct SchemaIndex {
  const std::vector<KeySpec>& schema;
  std::unordered_map<std::string, const KeySpec*> keys;
  std::unordered_set<std::string> sections;
  explicit SchemaIndex(const std::vector<KeySpec>& sc) : schema(sc) {
    for (const auto& s : sc) {
      keys.emplace(s.key, &s);  // the first of a duplicated key, as a scan finds
      for (size_t dot = s.key.find('.'); dot != std::string::npos; dot = s.key.find('.', dot + 1))
        sections.insert(s.key.substr(0, dot));
    }
  }
  const KeySpec* find(const std::string& key) const {
    const auto it = keys.find(key);
    return it == keys.end() ? nullptr : it->second;
  }
  bool is_section(const std::string& prefix) const { return sections.count(prefix) != 0; }
};

std::string unknown_key_message(const std::vector<KeySpec>& schema, const std::string& key);
// A key past kMaxKeyLength: its first 40 characters (`head`) and its length.
std::string long_key_message(const std::string& head, size_t length);

// One key of a YAML file and its value text, or an error, in file order.
struct YamlEntry {
  std::string key, text, error;
};

// Nested maps become dotted keys; a Records key keeps its whole value, as one
// line of YAML flow text that canonical_value parses again.
// What a file expands to (aliases repeat their anchors' nodes) and its
// errors so far: an alias bomb stops at kMaxYamlNodes nodes or kMaxYamlText
// bytes of keys and values, an alias inside its own anchor (a cycle) at
// kMaxYamlDepth levels, and past kMaxErrors messages are only counted, not
// composed (a suggestion search per key costs time).
struct Budget {
  size_t nodes = 0, errors = 0, text = 0;
  void node(size_t depth) {
    if (++nodes > kMaxYamlNodes)
      throw ConfigError("more than " + std::to_string(kMaxYamlNodes) + " YAML nodes once aliases are expanded; a "
                        "configuration is far smaller (nested aliases?)");
    if (depth > kMaxYamlDepth)
      throw ConfigError("nested more than " + std::to_string(kMaxYamlDepth) + " levels once aliases are expanded; a "
                        "configuration nests a few levels (an alias inside its own anchor?)");
  }
  void add_text(size_t bytes) {
    if ((text += bytes) > kMaxYamlText)
      throw ConfigError("more than " + std::to_string(kMaxYamlText >> 20) + " MiB of keys and values once aliases "
                        "are expanded; a configuration is far smaller (nested aliases?)");
  }
};

void count_nodes(const YAML::Node& n, Budget& b, size_t depth) {
  b.node(depth);
  if (n.IsScalar()) {
    b.add_text(n.Scalar().size());
  } else if (n.IsMap()) {
    for (const auto& kv : n) {
      if (kv.first.IsScalar()) b.add_text(kv.first.Scalar().size());
      count_nodes(kv.second, b, depth + 1);
    }
  } else if (n.IsSequence()) {
    for (const auto& item : n) count_nodes(item, b, depth + 1);
  }
}

void flatten(const SchemaIndex& ix, const YAML::Node& n, const std::string& prefix, std::vector<YamlEntry>& out,
             Budget& b, size_t depth) {
  b.node(depth);
  const KeySpec* s = ix.find(prefix);
  auto unknown = [&] {
    return ++b.errors > kMaxErrors ? prefix + ": unknown key" : unknown_key_message(ix.schema, prefix);
  };
  if (s && s->type == KeyType::Records && n.IsDefined() && !n.IsNull()) {
    count_nodes(n, b, depth);  // before the emitter writes it all out (or loops on a cycle)
    YAML::Emitter e;
    e.SetSeqFormat(YAML::Flow);
    e.SetMapFormat(YAML::Flow);
    e << n;
    out.push_back({prefix, e.c_str(), ""});
  } else if (n.IsMap()) {
    const std::string where = prefix.empty() ? "the top level" : prefix;
    if (s) {
      out.push_back({prefix, "", prefix + ": must be a single value, not a map (line " + line_of(n) + ")"});
      return;
    }
    if (n.size() == 0 && !prefix.empty() && !ix.is_section(prefix)) {
      out.push_back({prefix, "", unknown()});
      return;
    }
    std::map<std::string, std::string> seen;  // key -> line
    for (const auto& kv : n) {
      if (!kv.first.IsScalar()) {
        out.push_back({prefix, "", where + ": keys must be plain names, not lists or maps (line " + line_of(kv.first) + ")"});
        continue;
      }
      const std::string& k = kv.first.Scalar();
      b.add_text(k.size());
      const size_t length = prefix.empty() ? k.size() : prefix.size() + 1 + k.size();
      if (length > kMaxKeyLength) {  // no key is this long: neither copied whole nor walked further
        const std::string head = (prefix.empty() ? k.substr(0, 40) : prefix + "." + k.substr(0, 40)).substr(0, 40);
        ++b.errors;
        out.push_back({head, "", long_key_message(head, length)});
        continue;
      }
      const std::string full = prefix.empty() ? k : prefix + "." + k;
      const auto [it, fresh] = seen.emplace(k, line_of(kv.first));
      if (!fresh) {
        out.push_back({full, "", full + ": given twice (lines " + it->second + " and " + line_of(kv.first) + ")"});
        continue;
      }
      flatten(ix, kv.second, full, out, b, depth + 1);
    }
  } else if (!s && !prefix.empty() && ix.is_section(prefix) && (n.IsScalar() || n.IsSequence())) {
    out.push_back({prefix, "", prefix + ": a section, not a value (line " + line_of(n) + "); give a map of its keys"});
  } else if (n.IsScalar() || n.IsSequence()) {
    if (n.IsScalar())
      b.add_text(n.Scalar().size());
    else
      for (const auto& item : n) count_nodes(item, b, depth + 1);
    std::string text;
    if (scalar_text(n, text))
      out.push_back({prefix, text, ""});
    else
      out.push_back({prefix, "", prefix + ": list items must be scalars"});
  } else if (n.IsNull() && !prefix.empty()) {
    out.push_back({prefix, "", prefix + ": missing value"});
  }
}

std::string last_component(const std::string& key) { return key.substr(key.rfind('.') + 1); }

// The known key nearest to a misspelt one: by the whole key, else by its last
// component alone (`routing.vcs` -> `router.vcs`) when that is unambiguous.
std::string suggest_key(const std::vector<KeySpec>& schema, const std::string& key) {
  std::vector<std::string> keys, lasts;
  for (const auto& s : schema) {
    keys.push_back(s.key);
    lasts.push_back(last_component(s.key));
  }
  std::string m = closest_match(key, keys);
  if (m.empty()) {
    std::string last = closest_match(last_component(key), lasts);
    if (!last.empty() && std::count(lasts.begin(), lasts.end(), last) == 1)
      m = keys[std::find(lasts.begin(), lasts.end(), last) - lasts.begin()];
  }
  return m.empty() ? "" : "; did you mean '" + m + "'?";
}

// Keys renamed to the names the field uses; their values carry over.
const std::pair<const char*, const char*> kRenamed[] = {{"routing.misroute_trigger", "routing.trigger"},
                                                         {"vc.selection", "vc.select"}};

std::string long_key_message(const std::string& head, size_t length) {
  return head + "...: unknown key (" + std::to_string(length) + " characters; keys are at most " +
         std::to_string(kMaxKeyLength) + ")";
}

std::string unknown_key_message(const std::vector<KeySpec>& schema, const std::string& key) {
  if (key.size() > kMaxKeyLength)  // no suggestion search (its cost grows with the key), no echo of it all
    return long_key_message(key.substr(0, 40), key.size());
  for (const auto& [old_key, new_key] : kRenamed)
    if (key == old_key) return key + ": renamed to " + new_key + " (same values)";
  // Name the keys of the same section so the fix is obvious.
  std::string section = key.substr(0, key.find('.'));
  std::vector<std::string> near;
  for (const auto& s : schema)
    if (s.key.compare(0, section.size() + 1, section + ".") == 0) near.push_back(s.key);
  if (near.empty())
    for (const auto& s : schema) {
      std::string sec = s.key.substr(0, s.key.find('.'));
      if (near.empty() || near.back() != sec) near.push_back(sec);
    }
  return key + ": unknown key (valid: " + join(near, ", ") + ")" + suggest_key(schema, key);
}

std::vector<std::string> field_names(const KeySpec& s) {
  std::vector<std::string> names;
  for (const auto& f : s.fields) names.push_back(f.key);
  return names;
}

std::string records_shape(const KeySpec& s) {
  std::string fields;
  for (const auto& f : s.fields) fields += (fields.empty() ? "" : ", ") + f.key + ": V";
  return "a list of records like [{" + fields + "}, ...]";
}

// One record: each field checked as a key named `name.field`; unknown and
// missing required fields are errors. Appends every error to `errors`.
Record parse_record(const KeySpec& s, const YAML::Node& n, const std::string& name, std::vector<std::string>& errors) {
  Record r;
  if (!n.IsMap()) {
    errors.push_back(name + ": must be a map of fields (" + join(field_names(s), ", ") + ")");
    return r;
  }
  std::vector<std::string> seen;
  for (const auto& kv : n) {
    std::string f = kv.first.IsScalar() ? kv.first.Scalar() : "?";
    if (std::find(seen.begin(), seen.end(), f) != seen.end()) {
      errors.push_back(name + "." + f + ": given twice in one record");
      continue;
    }
    seen.push_back(f);
    const KeySpec* fs = find_spec(s.fields, f);
    std::string text;
    if (!fs) {
      errors.push_back(name + "." + f + ": unknown field (valid: " + join(field_names(s), ", ") + ")" +
                       did_you_mean(f, field_names(s)));
    } else if (kv.second.IsNull()) {
      errors.push_back(name + "." + f + ": missing value");
    } else if (!scalar_text(kv.second, text)) {
      errors.push_back(name + "." + f + ": must be a value, not a map");
    } else {
      KeySpec named = *fs;
      named.key = name + "." + f;
      try {
        r[f] = canonical_value(named, text);
      } catch (const ConfigError& e) {
        errors.insert(errors.end(), e.messages().begin(), e.messages().end());
      }
    }
  }
  for (const auto& fs : s.fields) {
    if (std::find(seen.begin(), seen.end(), fs.key) != seen.end()) continue;
    if (fs.def.empty())
      errors.push_back(name + "." + fs.key + ": missing required field");
    else
      r[fs.key] = canonical_value(fs, fs.def);
  }
  return r;
}

// Document starts, and nothing else, of a YAML stream.
struct DocumentMarks : YAML::EventHandler {
  std::vector<YAML::Mark> starts;
  void OnDocumentStart(const YAML::Mark& m) override { starts.push_back(m); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// yaml-cpp 0.7 (Debian 12) parses a token it cannot place (a ',' at the top
// level) as an empty document without consuming it, so YAML::LoadAll loops
// for ever, allocating (found by fuzzing; fixed upstream in 2024). Walk the
// documents first and refuse a stream that stops advancing.
void check_stream_advances(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentMarks marks;
  while (parser.HandleNextDocument(marks)) {
    const size_t n = marks.starts.size();
    if (n >= 2 && marks.starts[n - 1].pos == marks.starts[n - 2].pos) {
      const YAML::Mark& m = marks.starts.back();
      const size_t at = std::min<size_t>(static_cast<size_t>(m.pos), text.size() - 1);
      const unsigned char c = static_cast<unsigned char>(text[at]);
      const std::string what = c > ' ' && c < 0x7f ? "character '" + std::string(1, text[at]) + "'" : "token";
      throw YAML::ParserException(m, "unexpected " + what + " where a document, key or value should start");
    }
  }
}

// A Records value: YAML flow (or block) text holding a list of maps.
std::vector<Record> parse_records(const KeySpec& s, const std::string& raw) {
  YAML::Node root;
  try {
    check_stream_advances(raw);
    const std::vector<YAML::Node> docs = YAML::LoadAll(raw);
    if (docs.size() > 1)
      throw ConfigError(s.key + ": bad value '" + raw + "': holds " + std::to_string(docs.size()) +
                        " YAML documents; must be one, " + records_shape(s));
    if (!docs.empty()) root = docs.front();
  } catch (const YAML::DeepRecursion& e) {
    throw ConfigError(s.key + ": nested " + std::to_string(e.depth()) + " levels deep; must be " + records_shape(s));
  } catch (const YAML::Exception& e) {
    throw ConfigError(s.key + ": bad value '" + raw + "': " + e.msg + "; must be " + records_shape(s));
  }
  if (!root.IsSequence()) throw ConfigError(s.key + ": bad value '" + raw + "': must be " + records_shape(s));
  try {  // aliases in the text (a command line's value) expand as a file's do
    Budget budget;
    count_nodes(root, budget, 0);
  } catch (const ConfigError& e) {
    throw ConfigError(s.key + ": " + e.what());
  }
  std::vector<std::string> errors;
  std::vector<Record> out;
  for (const auto& item : root)
    out.push_back(parse_record(s, item, s.key + "[" + std::to_string(out.size()) + "]", errors));
  if (!errors.empty()) throw ConfigError(errors);
  return out;
}

// Canonical text of records: YAML flow, fields in schema order.
std::string records_text(const KeySpec& s, const std::vector<Record>& records) {
  std::vector<std::string> items;
  for (const auto& r : records) {
    std::vector<std::string> fields;
    for (const auto& f : s.fields) fields.push_back(f.key + ": " + r.at(f.key));
    items.push_back("{" + join(fields, ", ") + "}");
  }
  return "[" + join(items, ", ") + "]";
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
      throw ConfigError(s.key + ": bad value '" + raw + "': allowed: " + join(allowed, ", ") +
                        did_you_mean(t, allowed));
    }
    case KeyType::Bool: {
      std::string t = trim(raw);
      if (t == "true" || t == "1" || t == "yes" || t == "on") return "true";
      if (t == "false" || t == "0" || t == "no" || t == "off") return "false";
      throw ConfigError(s.key + ": bad value '" + raw + "': allowed: true, false");
    }
    case KeyType::Records:
      return records_text(s, parse_records(s, raw));
    case KeyType::Str:
      return trim(raw);
  }
  return raw;
}

Config::Config() : Config(config_schema()) {}

Config::Config(const std::vector<KeySpec>& schema) : schema_(&schema) {
  for (const auto& s : schema) values_[s.key] = canonical_value(s, s.def);
}

const KeySpec& Config::spec(const std::string& key) const {
  if (const KeySpec* s = find_spec(*schema_, key)) return *s;
  throw ConfigError(unknown_key_message(*schema_, key));
}

void Config::set(const std::string& key, const std::string& value) {
  values_[key] = canonical_value(spec(key), value);
}

std::string Config::override_key(const std::string& assignment) {
  const size_t eq = assignment.find('=');
  return eq == std::string::npos ? "" : trim(assignment.substr(0, eq));
}

void Config::set_override(const std::string& assignment) {
  size_t eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError("'" + assignment + "': expected key=value (e.g. traffic.load=0.3)");
  set(override_key(assignment), assignment.substr(eq + 1));
  given_.insert(override_key(assignment));
}

void Config::load_yaml_string(const std::string& text, const std::string& origin,
                              const std::set<std::string>& replaced) {
  std::vector<YAML::Node> docs;
  try {
    check_stream_advances(text);
    for (const auto& d : YAML::LoadAll(text))
      if (!d.IsNull()) docs.push_back(d);
  } catch (const YAML::DeepRecursion& e) {
    throw ConfigError(origin + ": nested " + std::to_string(e.depth()) + " levels deep by line " +
                      std::to_string(e.mark.line + 1) + "; a configuration nests a few levels");
  } catch (const YAML::Exception& e) {
    throw ConfigError(origin + ": malformed YAML at line " + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
  if (docs.empty())
    throw ConfigError(origin + ": empty configuration file (expected sections such as topology:, router:, traffic:)");
  if (docs.size() > 1)
    throw ConfigError(origin + ": " + std::to_string(docs.size()) + " YAML documents (separated by ---); give one");
  const YAML::Node& root = docs.front();
  if (!root.IsMap()) throw ConfigError(origin + ": the top level must be a map of sections");
  file_read_ = true;
  std::vector<YamlEntry> entries;
  Budget budget;
  const SchemaIndex ix(*schema_);
  try {
    flatten(ix, root, "", entries, budget, 0);
  } catch (const ConfigError& e) {
    throw ConfigError(origin + ": " + e.what());
  }
  std::vector<std::string> errors;
  size_t more = 0;  // errors past kMaxErrors: counted, not composed
  std::set<std::string> given;  // `router.vcs:` beside `router: {vcs:}`
  for (const auto& e : entries) {
    if (replaced.count(e.key)) continue;
    if (errors.size() >= kMaxErrors) {
      if (!e.error.empty() || !ix.find(e.key) || !given.insert(e.key).second) {
        ++more;
        continue;
      }
      try {
        set(e.key, e.text);
        given_.insert(e.key);
      } catch (const ConfigError&) {
        ++more;
      }
      continue;
    }
    if (!e.error.empty()) {
      errors.push_back(e.error);
      continue;
    }
    if (!given.insert(e.key).second) {
      errors.push_back(e.key + ": given twice");
      continue;
    }
    try {
      set(e.key, e.text);
    } catch (const ConfigError& err) {
      errors.insert(errors.end(), err.messages().begin(), err.messages().end());
    }
  }
  if (more) errors.push_back(origin + ": ... and " + std::to_string(more) + " more errors");
  if (!errors.empty()) throw ConfigError(errors);
}

// Only a regular file is read (a device would never end, a FIFO would block),
// and at most kMaxConfigBytes of it.
void Config::load_yaml_file(const std::string& path, const std::set<std::string>& replaced) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(st)) throw ConfigError(path + ": is a directory, not a configuration file");
  if (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
    throw ConfigError(path + ": not a regular file (a device, FIFO or socket); give a YAML file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot open configuration file");
  std::string text(kMaxConfigBytes + 1, '\0');
  in.read(&text[0], static_cast<std::streamsize>(text.size()));
  if (in.bad()) throw ConfigError(path + ": cannot read configuration file");
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxConfigBytes)
    throw ConfigError(path + ": larger than " + std::to_string(kMaxConfigBytes >> 20) +
                      " MiB; a configuration file is far smaller");
  load_yaml_string(text, path, replaced);
}

int64_t Config::get_int(const std::string& key) const { return parse_int(spec(key), values_.at(key)); }
std::vector<int64_t> Config::get_int_list(const std::string& key) const { return parse_int_list(spec(key), values_.at(key)); }
double Config::get_double(const std::string& key) const { return parse_double(spec(key), values_.at(key)); }
const std::string& Config::get_str(const std::string& key) const {
  spec(key);
  return values_.at(key);
}
bool Config::get_bool(const std::string& key) const { return values_.at(key) == "true"; }
std::vector<Record> Config::get_records(const std::string& key) const {
  return parse_records(spec(key), values_.at(key));
}

}  // namespace nocsim
