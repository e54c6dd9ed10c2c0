#pragma once
// The ports of a Verilated block as its last evaluation drove and read them,
// for waveforms (trace.file). A wrapper of an rtl_ref/ block has a tap only
// once someone asked for it (tap()) and records into it only while
// `recording`: untraced blocks, and traced ones outside the window, copy
// nothing.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace nocsim {

struct PortTap {
  struct Port {
    std::string name;  // the SystemVerilog port's
    int width;
    std::vector<uint32_t> value;  // little end first
  };
  std::string module;        // the SystemVerilog module
  std::vector<Port> ports;   // inputs first
  uint64_t evals = 0;        // evaluations recorded so far
  bool recording = false;    // the wrapper records only while set (the trace window)
  // Declares the ports once, in the order record() takes them.
  void declare(std::string mod, std::vector<std::pair<std::string, int>> names) {
    module = std::move(mod);
    for (auto& [n, w] : names) ports.push_back({std::move(n), w, std::vector<uint32_t>(static_cast<size_t>(w) / 32 + 1, 0)});
  }
  // Port k's value from packed words (at least as many as declared).
  void record(size_t k, const std::vector<uint32_t>& w) {
    auto& v = ports[k].value;
    for (size_t i = 0; i < v.size() && i < w.size(); ++i) v[i] = w[i];
  }
};

// What a block's RTL twin offers waveforms: its Verilated block's tap, a
// lazily clocked block first brought up to cycle `now` (the cycles before it
// clocked in, as the next read would); null without a Verilated block.
class TapSource {
 public:
  virtual ~TapSource() = default;
  virtual PortTap* tap(uint64_t /*now*/) { return nullptr; }
};

}  // namespace nocsim
