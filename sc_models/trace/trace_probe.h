#pragma once
// Waveforms of chosen routers (trace.file, trace.routers, trace.start,
// trace.cycles). One SC_METHOD wakes a quarter period before each rising
// edge of the window, when every stage of the cycle before has committed
// and every link delivery due at that edge has been pulled, and reads the
// routers' registered state and counters. At time c x period the file holds
// what the stages read at the edge of cycle c (input VC state, occupancy,
// front packet and route; output VC credits and allocation; output queues)
// and what they did in cycle c (RC computations, VA and SA requests and
// grants, flits onto each output link), and the ports of the router's
// Verilated blocks (rtl and lockstep modes) at their last evaluation of
// cycle c. A clock signal marks the edges. Nothing runs outside the window.
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "core/config.h"
#include "router/router.h"
#include "stats/activity.h"
#include "trace/waveform.h"

namespace nocsim {

class TraceProbe : public sc_core::sc_module {
 public:
  TraceProbe(sc_core::sc_module_name name, std::unique_ptr<Waveform> wave, const std::vector<Router*>& routers,
             Cycle start, Cycle cycles, Cycle period_ps);
  // After the run: writes what happened since the last edge and closes the
  // file; throws ConfigError naming trace.file when a write failed.
  void finish();

 private:
  struct Block {
    PortTap* tap;
    int evals;
    std::vector<int> ports;
    uint64_t prev = 0;
  };
  struct Traced {
    Router* r;
    int rc, va_req, va_gnt, sa_req, sa_gnt;
    std::vector<int> state, flits, pkt, out_port, out_vc;  // [ip * V + v]
    std::vector<int> link, queue;                          // [op]
    std::vector<int> credits, busy;                        // [op * V + o]
    std::vector<Block> blocks;
    Activity prev;
    std::vector<uint64_t> prev_link;
  };
  void declare(Traced& t);
  void sample_state(Traced& t);
  void sample_events(Traced& t, Cycle c);
  void emit(Cycle c);  // cycle c's state and events
  void record(bool on);
  bool ran_since_sample(const Traced& t) const;
  void run();

  std::unique_ptr<Waveform> wave_;
  std::vector<Traced> traced_;
  Cycle start_, end_, period_;
  Cycle next_ = 0;  // the cycle whose events the next sample completes
  Cycle k_ = start_;  // the next sample
  bool sampled_ = false;
  int clk_ = -1;
};

// The trace.* keys, read from the Config here only.
struct TraceConfig {
  static constexpr size_t kMaxTracedRouters = 1024;  // an input limit (docs/reliability.md)
  std::string file;  // "" = no waveform
  std::vector<int64_t> routers;
  Cycle start = 0, cycles = 0;
  static TraceConfig from(const Config& cfg);
  // Every error: a file name that is neither .vcd nor an .fst this build
  // writes, a directory that does not exist or cannot be written (what the
  // run would refuse when it opens the file), a router out of range or
  // listed twice (with or without a file).
  void validate(int routers, ErrorList& errors) const;
};
// The probe trace.file asks for (null when empty); opens the file now, so a
// path that cannot be written stops the run before it simulates.
std::unique_ptr<TraceProbe> make_trace_probe(const Config& cfg, const std::vector<std::unique_ptr<Router>>& routers,
                                             Cycle period_ps);

// The trace.* keys of the configuration schema (sim/schema.cpp).
void add_trace_keys(std::vector<KeySpec>& schema);

}  // namespace nocsim
