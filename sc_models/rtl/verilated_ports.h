#pragma once
// What every wrapper of a Verilated rtl_ref/ block needs: one context for all
// models, and bit vectors packed into 32-bit words to drive and read ports of
// any width (CData..QData integers or VlWide arrays). Include after
// <verilated.h>, from the wrappers' .cpp files only.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace nocsim::rtl {

// One long-lived context for every Verilated model (design.md).
inline void init_verilator_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    VerilatedContext* ctx = Verilated::defaultContextp();
    if (ctx->threads() != 1) ctx->threads(1);
    Verilated::randReset(2);  // random initial state: reset must fix it
  });
}

inline int clog2(int n) {
  int w = 0;
  while ((1 << w) < n) ++w;
  return w;
}

// Bit vector, little end first; sized for `bits` with a spare word.
using Words = std::vector<uint32_t>;
inline Words words(int bits) { return Words(static_cast<size_t>(bits) / 32 + 1, 0); }

inline void put_bits(Words& w, int lsb, int width, uint32_t val) {
  for (int b = 0; b < width; ++b)
    if ((val >> b) & 1u) w[(lsb + b) / 32] |= 1u << ((lsb + b) % 32);
}
inline uint32_t get_bits(const Words& w, int lsb, int width) {
  uint32_t v = 0;
  for (int b = 0; b < width; ++b) v |= ((w[(lsb + b) / 32] >> ((lsb + b) % 32)) & 1u) << b;
  return v;
}

template <typename T>
void write_port(T& port, const Words& w) {
  if constexpr (std::is_integral_v<T>) {
    uint64_t v = w[0];
    if (w.size() > 1) v |= static_cast<uint64_t>(w[1]) << 32;
    port = static_cast<T>(v);
  } else {
    const size_t n = std::min(w.size(), sizeof(T) / sizeof(EData));
    for (size_t i = 0; i < n; ++i) port[i] = w[i];
  }
}
template <typename T>
void read_port(const T& port, Words& w) {
  if constexpr (std::is_integral_v<T>) {
    uint64_t v = port;
    w[0] = static_cast<uint32_t>(v);
    if (w.size() > 1) w[1] = static_cast<uint32_t>(v >> 32);
  } else {
    const size_t n = std::min(w.size(), sizeof(T) / sizeof(EData));
    for (size_t i = 0; i < n; ++i) w[i] = port[i];
  }
}

// The models of one block verilated per (P, V) (NOCSIM_RTL_PV), as listed by
// the X-macro table rtl_ref/CMakeLists.txt generates.
template <class Impl>
struct PvModels {
  struct Entry {
    int p, v;
    std::unique_ptr<Impl> (*make)();
  };
  const char* module;  // the SystemVerilog module, for errors
  std::vector<Entry> entries;

  bool supports(int p, int v) const {
    for (const auto& e : entries)
      if (e.p == p && e.v == v) return true;
    return false;
  }
  std::vector<std::pair<int, int>> supported() const {
    std::vector<std::pair<int, int>> r;
    for (const auto& e : entries) r.emplace_back(e.p, e.v);
    return r;
  }
  // Throws std::invalid_argument listing the pairs when (p, v) was not verilated.
  std::unique_ptr<Impl> make(int p, int v) const {
    for (const auto& e : entries)
      if (e.p == p && e.v == v) {
        init_verilator_once();
        return e.make();
      }
    std::ostringstream msg;
    msg << "no verilated " << module << " for P=" << p << " V=" << v << "; supported (P,V):";
    for (const auto& e : entries) msg << " (" << e.p << "," << e.v << ")";
    msg << " (add the pair to NOCSIM_RTL_PV in rtl_ref/CMakeLists.txt)";
    throw std::invalid_argument(msg.str());
  }
};

// The models of one allocator block by algorithm (its router.allocator.*
// name: sep_if, wavefront, or user, the architect's own), each per (P, V).
// `kind` names the block in errors ("switch allocator").
template <class Impl>
struct AlgModels {
  const char* kind;
  const char* prefix;  // of the built-in blocks' modules: "sw_alloc", "vc_alloc"
  std::vector<std::pair<std::string, PvModels<Impl>>> by_alg;

  void add(const char* alg, const char* module, int p, int v, std::unique_ptr<Impl> (*make)()) {
    for (auto& [a, m] : by_alg)
      if (a == alg) {
        m.entries.push_back({p, v, make});
        return;
      }
    by_alg.push_back({alg, PvModels<Impl>{module, {{p, v, make}}}});
  }
  const PvModels<Impl>* find(const std::string& alg) const {
    for (const auto& [a, m] : by_alg)
      if (a == alg) return &m;
    return nullptr;
  }
  // Throws std::invalid_argument naming the algorithms verilated.
  const PvModels<Impl>& at(const std::string& alg) const {
    if (const PvModels<Impl>* m = find(alg)) return *m;
    std::string names;
    for (const auto& [a, m] : by_alg) names += (names.empty() ? "" : ", ") + a;
    throw std::invalid_argument(std::string("no Verilated ") + kind + " for " + alg + "; verilated: " + names);
  }
  std::vector<std::string> algorithms() const {
    std::vector<std::string> r;
    for (const auto& [a, m] : by_alg) r.push_back(a);
    return r;
  }
  std::vector<std::pair<int, int>> supported(const std::string& alg) const {
    const PvModels<Impl>* m = find(alg);
    return m ? m->supported() : std::vector<std::pair<int, int>>{};
  }
  bool supports(const std::string& alg, int p, int v) const {
    const PvModels<Impl>* m = find(alg);
    return m && m->supports(p, v);
  }
  // The top module: <prefix>_<alg>, or the architect's own for user.
  std::string module_of(const std::string& alg) const {
    const PvModels<Impl>* m = find(alg);
    return m ? m->module : std::string(prefix) + "_" + alg;
  }
};

// A clocked model's reset (rst_n low over one rising edge) and clock cycle.
template <class M>
void reset_model(M& m) {
  m.clk = 0;
  m.rst_n = 0;
  m.eval();
  m.clk = 1;
  m.eval();
  m.clk = 0;
  m.eval();
  m.rst_n = 1;
  m.eval();
}
template <class M>
void clock_model(M& m) {
  m.clk = 1;
  m.eval();
  m.clk = 0;
  m.eval();
}

}  // namespace nocsim::rtl
