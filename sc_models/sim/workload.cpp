#include "sim/workload.h"

#include "sim/params.h"

namespace nocsim {

Phases make_phases(const Config& cfg, const RunConfig& rc, const Topology& t) {
  Phases ph;
  Cycle at = 0;
  for (const Record& r : cfg.get_records("traffic.phases")) {
    Config c = cfg;
    if (r.at("pattern") != "same") c.set("traffic.pattern", r.at("pattern"));
    ph.patterns.push_back(pattern_registry().at(TrafficConfig::from(c).pattern).make(t, c));
    ph.starts.push_back(at);
    const double load = std::stod(r.at("load"));
    ph.loads.push_back(rc.traffic.load_flits(t, load < 0 ? rc.traffic.load : load) * rc.traffic.request_share());
    at += static_cast<Cycle>(std::stoll(r.at("cycles")));
  }
  return ph;
}

std::unique_ptr<TrafficSource> make_source(const RunConfig& rc, const Topology& t, int n, Cycle stop,
                                           const TrafficPattern& pattern, const Phases& ph) {
  const SourceFactory& make = source_registry().at(rc.traffic.source);
  if (ph.starts.empty()) return make(source_params(rc, t, n, stop), pattern);
  std::vector<std::unique_ptr<TrafficSource>> sources;
  for (size_t k = 0; k < ph.starts.size(); ++k) {
    SourceParams p = source_params(rc, t, n, stop);
    p.load = ph.loads[k];
    p.start = ph.starts[k];
    p.phase = static_cast<int>(k);
    sources.push_back(make(p, *ph.patterns[k]));
  }
  return std::make_unique<PhasedSource>(source_params(rc, t, n, stop), pattern, std::move(sources), ph.starts);
}

}  // namespace nocsim
