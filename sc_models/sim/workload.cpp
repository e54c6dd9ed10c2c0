#include "sim/workload.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/error.h"
#include "sim/memory.h"
#include "sim/params.h"
#include "workload/otf2_trace.h"
#include "workload/text_trace.h"

namespace nocsim {

Phases make_phases(const Config& cfg, const RunConfig& rc, const Topology& t) {
  Phases ph;
  Cycle at = 0;
  if (rc.traffic.phases.size() > TrafficConfig::kMaxPhases)
    throw ConfigError("traffic.phases: " + std::to_string(rc.traffic.phases.size()) + " phases; at most " +
                      std::to_string(TrafficConfig::kMaxPhases));
  for (const Record& r : rc.traffic.phases) {
    const std::string phase = "traffic.phases[" + std::to_string(ph.starts.size()) + "]";
    Config c = cfg;
    if (r.at("pattern") != "same") c.set("traffic.pattern", r.at("pattern"));
    try {
      ph.names.push_back(TrafficConfig::from(c).pattern);
      ph.patterns.push_back(make_pattern(ph.names.back(), t, c, rc.sim.seed));
    } catch (const ConfigError& e) {
      rethrow_as_field(e, "traffic.pattern", phase + ".pattern");
    }
    ph.starts.push_back(at);
    const double load = std::stod(r.at("load"));
    if (load < 0 && load != -1)
      throw ConfigError(phase + ".load: " + r.at("load") + " is no load; give one from 0 in traffic.load_unit, "
                        "or -1 for traffic.load's");
    try {
      ph.offered.push_back(rc.traffic.load_flits(t, load < 0 ? rc.traffic.load : load));
    } catch (const ConfigError& e) {
      if (load < 0) throw;  // traffic.load's own error
      rethrow_as_field(e, "traffic.load", phase + ".load");
    }
    at += static_cast<Cycle>(std::stoll(r.at("cycles")));
  }
  return ph;
}

double offered_over(const Phases& ph, Cycle from, Cycle to) {
  double flits = 0;
  for (size_t k = 0; k < ph.starts.size(); ++k) {
    const Cycle lo = std::max(ph.starts[k], from), hi = k + 1 < ph.starts.size() ? std::min(ph.starts[k + 1], to) : to;
    if (hi > lo) flits += ph.offered[k] * static_cast<double>(hi - lo);
  }
  return flits / static_cast<double>(to - from);
}

bool base_pattern_read(const RunConfig& rc) {
  if (rc.workload.closed()) return false;
  bool read = rc.traffic.phases.empty();
  for (const Record& r : rc.traffic.phases) read = read || r.at("pattern") == "same";
  return read;
}

std::unique_ptr<TrafficPattern> make_base_pattern(const Config& cfg, const RunConfig& rc, const Topology& t) {
  return base_pattern_read(rc) ? make_pattern(rc.traffic.pattern, t, cfg, rc.sim.seed) : nullptr;
}

const TrafficPattern* pattern_over(const Phases& ph, const TrafficPattern* base, Cycle from, Cycle to) {
  if (ph.starts.empty()) return base;
  to = std::max(to, from + 1);
  size_t one = ph.starts.size();  // the first phase among those cycles
  for (size_t k = 0; k < ph.starts.size(); ++k) {
    const bool last = k + 1 == ph.starts.size();
    if (ph.starts[k] >= to || (!last && ph.starts[k + 1] <= from)) continue;  // not among them
    if (one == ph.starts.size())
      one = k;
    else if (ph.names[k] != ph.names[one])
      return nullptr;
  }
  return ph.patterns[one].get();
}

std::unique_ptr<TrafficSource> make_source(const RunConfig& rc, const Topology& t, int n, Cycle stop,
                                           const TrafficPattern* base, const Phases& ph) {
  const SourceFactory& make = source_registry().at(rc.traffic.source);
  if (ph.starts.empty()) {
    if (!base) throw std::logic_error("make_source: traffic without phases and without traffic.pattern's pattern");
    return make(source_params(rc, t, n, stop), *base);
  }
  // A phase ends where the next starts; a message's packets still to hand
  // over would have nowhere to go.
  if (rc.traffic.source == "message")
    throw ConfigError("traffic.phases: the message source hands messages over across a phase's end; use it with "
                      "one phase (traffic.phases=[]) or traffic.source=bernoulli with traffic.message_packets");
  std::vector<std::unique_ptr<TrafficSource>> sources;
  for (size_t k = 0; k < ph.starts.size(); ++k) {
    SourceParams p = source_params(rc, t, n, stop);
    p.load = ph.offered[k] * rc.traffic.request_share();  // requests' share, with replies
    p.start = ph.starts[k];
    p.phase = static_cast<int>(k);
    sources.push_back(make(p, *ph.patterns[k]));
  }
  // The phased source draws nothing itself: its own pattern is the first phase's.
  return std::make_unique<PhasedSource>(source_params(rc, t, n, stop), *ph.patterns[0], std::move(sources),
                                        ph.starts);
}

namespace {

Program graph500(Graph500Params g, int nodes, uint64_t seed) {
  if (g.processes == 0) g.processes = nodes;
  if (g.processes < 2) throw ConfigError("workload.graph500.processes: a search needs at least 2 processes");
  if (g.root >= g.processes)
    throw ConfigError("workload.graph500.root: process " + std::to_string(g.root) + " of " +
                      std::to_string(g.processes) + " (0.." + std::to_string(g.processes - 1) + ", or -1 drawn)");
  g.seed = seed;
  return graph500_program(g, graph500_plan(g));
}

Program dpsnn(DpsnnParams d, uint64_t seed) {
  d.seed = seed;
  return dpsnn_program(d, dpsnn_spikes(d));
}

}  // namespace

std::unique_ptr<Application> make_application(const RunConfig& rc, const Topology& t) {
  const WorkloadConfig& w = rc.workload;
  if (!w.closed()) return nullptr;
  Program prog = w.type == "graph500" ? graph500(w.graph500, t.nodes(), rc.sim.seed)
                 : w.type == "dpsnn"  ? dpsnn(w.dpsnn, rc.sim.seed)
                 : w.type == "otf2" ? read_otf2_trace(w.trace_file, "workload.trace_file", w.max_operations, w.collectives,
                                                      w.nonblocking_collectives)
                                    : read_text_trace_file(w.trace_file, "workload.trace_file", w.max_operations,
                                                           w.collectives);
  std::vector<int> node_of = map_ranks(w, prog.ranks(), t.nodes(), rc.sim.seed);
  AppParams p;
  p.freq_ghz = rc.power.freq_ghz;
  p.flit_bits = rc.power.flit_bits;
  p.packet_flits = rc.traffic.packet_sizes.front();
  p.eager_limit = w.eager_limit;
  p.message_delay = static_cast<Cycle>(std::llround(w.message_delay_ns * rc.power.freq_ghz));
  p.send_overhead_ns = w.send_overhead_ns;
  p.recv_overhead_ns = w.recv_overhead_ns;
  p.overhead_per_byte_ns = w.overhead_per_byte_ns;
  p.nbc_progress_in_calls = w.nbc_progress_in_calls;
  const std::string key = w.type == "graph500" || w.type == "dpsnn" ? "workload." + w.type
                                                                    : "workload.trace_file (" + w.trace_file + ")";
  check_packet_numbers(prog, p, key);
  auto app = std::make_unique<Application>(std::move(prog), std::move(node_of), t.nodes(), p);
  check_application_memory(t.shape(), rc, app->memory(), key);
  return app;
}

}  // namespace nocsim
