#pragma once
// Reads a waveform file back (tests of trace.file): VCD by its text, FST
// through GTKWave's reader (builds with NOCSIM_HAVE_FST). Signals by full
// dotted name ("router_9.sa.grants"), each a list of (time, value) changes.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#ifdef NOCSIM_HAVE_FST
#include "fstapi.h"
#endif

namespace nocsim::test {

class WaveFile {
 public:
  struct Var {
    int width = 0;
    std::vector<std::pair<uint64_t, std::string>> changes;  // time, bits (most significant first)
  };
  std::string timescale;
  std::map<std::string, Var> vars;

  static WaveFile read(const std::string& path) {
    if (path.size() > 4 && path.compare(path.size() - 4, 4, ".fst") == 0) return read_fst(path);
    return read_vcd(path);
  }

  bool has(const std::string& name) const { return vars.count(name) != 0; }
  // Value at time t (0 before the first change); bits past 64 ignored.
  uint64_t at(const std::string& name, uint64_t t) const {
    const Var& v = vars.at(name);
    auto it = std::upper_bound(v.changes.begin(), v.changes.end(), t,
                               [](uint64_t x, const auto& c) { return x < c.first; });
    if (it == v.changes.begin()) return 0;
    return number(std::prev(it)->second);
  }
  // The times the clock rose: one per traced cycle.
  std::vector<uint64_t> edges(const std::string& clk = "net.clk") const {
    std::vector<uint64_t> e;
    for (const auto& [t, b] : vars.at(clk).changes)
      if (b == "1") e.push_back(t);
    return e;
  }
  // Sum of a per-cycle signal over the traced cycles.
  uint64_t sum(const std::string& name) const {
    uint64_t s = 0;
    for (uint64_t t : edges()) s += at(name, t);
    return s;
  }
  static uint64_t number(const std::string& bits) {
    uint64_t v = 0;
    for (char c : bits) v = (v << 1) | (c == '1' ? 1u : 0u);
    return v;
  }

 private:
  static WaveFile read_vcd(const std::string& path) {
    std::ifstream f(path);
    if (!f) throw std::runtime_error("cannot read " + path);
    WaveFile w;
    std::map<std::string, std::string> by_code;
    std::vector<std::string> scope;
    std::string tok;
    uint64_t now = 0;
    bool defs = true;
    while (f >> tok) {
      if (defs) {
        if (tok == "$timescale") {
          f >> w.timescale;
          skip_end(f);
        } else if (tok == "$scope") {
          std::string kind, name;
          f >> kind >> name;
          scope.push_back(name);
          skip_end(f);
        } else if (tok == "$upscope") {
          scope.pop_back();
          skip_end(f);
        } else if (tok == "$var") {
          std::string kind, code, name;
          int width;
          f >> kind >> width >> code >> name;
          std::string full;
          for (const auto& s : scope) full += s + ".";
          full += name;
          w.vars[full].width = width;
          by_code[code] = full;
          skip_end(f);
        } else if (tok == "$enddefinitions") {
          skip_end(f);
          defs = false;
        } else if (tok[0] == '$') {
          skip_end(f);
        }
        continue;
      }
      if (tok[0] == '#') {
        now = std::stoull(tok.substr(1));
      } else if (tok[0] == 'b') {
        std::string code;
        f >> code;
        w.change(by_code.at(code), now, tok.substr(1));
      } else if (tok[0] == '0' || tok[0] == '1') {
        w.change(by_code.at(tok.substr(1)), now, tok.substr(0, 1));
      } else if (tok[0] == '$') {
        continue;  // $dumpvars / $end
      } else {
        throw std::runtime_error("unexpected VCD token " + tok);
      }
    }
    return w;
  }
  static void skip_end(std::istream& f) {
    std::string t;
    while (f >> t && t != "$end") {
    }
  }
  void change(const std::string& name, uint64_t t, std::string bits) {
    Var& v = vars[name];
    if (static_cast<int>(bits.size()) < v.width) bits.insert(0, static_cast<size_t>(v.width) - bits.size(), '0');
    v.changes.emplace_back(t, bits);
  }

  static WaveFile read_fst(const std::string& path) {
#ifdef NOCSIM_HAVE_FST
    void* ctx = fstReaderOpen(path.c_str());
    if (!ctx) throw std::runtime_error("cannot read " + path);
    WaveFile w;
    w.timescale = "1e" + std::to_string(static_cast<int>(fstReaderGetTimescale(ctx)));
    std::map<fstHandle, std::string> by_handle;
    std::vector<std::string> scope;
    while (fstHier* h = fstReaderIterateHier(ctx)) {
      if (h->htyp == FST_HT_SCOPE) {
        scope.emplace_back(h->u.scope.name);
      } else if (h->htyp == FST_HT_UPSCOPE) {
        scope.pop_back();
      } else if (h->htyp == FST_HT_VAR) {
        std::string full;
        for (const auto& s : scope) full += s + ".";
        full += h->u.var.name;
        w.vars[full].width = static_cast<int>(h->u.var.length);
        by_handle[h->u.var.handle] = full;
      }
    }
    fstReaderSetFacProcessMaskAll(ctx);
    struct Ctx {
      WaveFile* w;
      std::map<fstHandle, std::string>* names;
    } c{&w, &by_handle};
    fstReaderIterBlocks(
        ctx,
        [](void* u, uint64_t t, fstHandle h, const unsigned char* value) {
          Ctx* c = static_cast<Ctx*>(u);
          c->w->change(c->names->at(h), t, reinterpret_cast<const char*>(value));
        },
        &c, nullptr);
    fstReaderClose(ctx);
    return w;
#else
    throw std::runtime_error("this build reads no FST: " + path);
#endif
  }
};

}  // namespace nocsim::test
