// The trace.* keys of the configuration schema (sim/schema.cpp
// assembles the sections, in the order of docs/user-guide.md's table).
#include "core/config.h"
#include "trace/trace_probe.h"

namespace nocsim {

void add_trace_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"trace.file", K::Str, "", 0, 0, {}, "waveform file, .vcd (or .fst in builds with Verilator's FST library), of the routers trace.routers over cycles [trace.start, trace.start + trace.cycles): their stages' events, input and output units' state and their Verilated blocks' ports (user guide: Waveforms); empty = none"},
      {"trace.routers", K::IntList, "0", 0, 1 << 20, {}, "routers whose signals trace.file holds"},
      {"trace.start", K::Int, "0", 0, 1e12, {}, "first cycle trace.file holds"},
      {"trace.cycles", K::Int, "1000", 1, 1e12, {}, "cycles trace.file holds (fewer when the run ends first)"},
  });
}

}  // namespace nocsim
