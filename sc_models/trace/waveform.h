#pragma once
// A waveform file (trace.file): signals declared in nested scopes, their
// values stepped through time, written as VCD (text; GTKWave and every other
// viewer) or FST (GTKWave's compressed format, in builds that found
// Verilator's copy of its library: NOCSIM_HAVE_FST). Plain C++: the probe
// (trace/trace_probe.h) declares the signals, sets values and steps time.
// Only the values that changed since the last step are written.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace nocsim {

class Waveform {
 public:
  // The writer of one format.
  class Sink {
   public:
    virtual ~Sink() = default;
    virtual void scope(const std::string& name) = 0;  // enter a child scope
    virtual void upscope() = 0;
    virtual void var(int id, const std::string& name, int width) = 0;
    virtual void end_definitions() = 0;
    virtual void time(uint64_t t) = 0;
    virtual void value(int id, const char* bits, int width) = 0;  // most significant bit first
    virtual bool close() = 0;                                    // false: a write failed
  };

  // Opens `path` (.vcd or .fst; time unit 1 ps). Throws ConfigError naming
  // `key` when the extension is neither or the file cannot be written.
  Waveform(const std::string& path, const std::string& key);
  // The extension check alone (config validation).
  static void check_name(const std::string& path, const std::string& key);
  ~Waveform();
  Waveform(const Waveform&) = delete;
  Waveform& operator=(const Waveform&) = delete;

  // A signal of `width` bits (1..65536) in `scope` (dotted: "router_3.in2"),
  // declared before the first step(). Starts at 0.
  int add(const std::string& scope, const std::string& name, int width);
  void set(int id, uint64_t v);
  void set_words(int id, const std::vector<uint32_t>& w);  // little end first
  // Writes at time t (ps) the values that changed; the first step writes all.
  void step(uint64_t t);
  // Flushes and closes; throws ConfigError naming the key when a write failed.
  void close();

 private:
  struct Signal {
    std::string scope, name;
    int width;
    std::vector<uint32_t> now, written;
  };
  void define();
  std::string path_, key_;
  std::unique_ptr<Sink> sink_;
  std::vector<Signal> sig_;
  bool defined_ = false, closed_ = false;
  std::string bits_;  // scratch
};

}  // namespace nocsim
