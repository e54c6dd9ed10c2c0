#pragma once
// The traffic each NIC runs: its source (traffic.source), or one source per
// phase of traffic.phases, each with the phase's pattern and load.
#include <memory>
#include <string>
#include <vector>

#include "core/config.h"
#include "sim/run_config.h"
#include "topologies/topology.h"
#include "traffic/pattern.h"
#include "traffic/source.h"
#include "workload/application.h"

namespace nocsim {

// traffic.phases: each phase's pattern (same: traffic.pattern), first
// cycle and the load it offers (flits/(node*cycle), as traffic.load's).
struct Phases {
  std::vector<std::unique_ptr<TrafficPattern>> patterns;
  std::vector<std::string> names;  // each phase's traffic.pattern (same: resolved)
  std::vector<Cycle> starts;
  std::vector<double> offered;
};
// The phases' patterns read their own keys from `cfg`.
Phases make_phases(const Config& cfg, const RunConfig& rc, const Topology& t);
// The load the phases offer over cycles [from, to) (from < to): each
// phase's weighted by its cycles among them (the last runs on).
double offered_over(const Phases& ph, Cycle from, Cycle to);
// Whether traffic.pattern is read: open-loop traffic without phases, or
// with a phase of pattern `same`. Unread, it is neither built nor checked.
bool base_pattern_read(const RunConfig& rc);
// traffic.pattern's pattern where read, else null.
std::unique_ptr<TrafficPattern> make_base_pattern(const Config& cfg, const RunConfig& rc, const Topology& t);
// The one pattern the open-loop traffic follows over cycles [from, to) (an
// empty range: cycle from): `base` without phases; with phases, the pattern
// every phase among those cycles names, or null when they name more than one.
const TrafficPattern* pattern_over(const Phases& ph, const TrafficPattern* base, Cycle from, Cycle to);
// Node n's traffic source: the configured model (`base`: traffic.pattern's
// pattern), or one per phase (`base` may then be null).
std::unique_ptr<TrafficSource> make_source(const RunConfig& rc, const Topology& t, int n, Cycle stop,
                                           const TrafficPattern* base, const Phases& ph);

// workload.type other than open: the application (its trace read, its ranks
// mapped onto the topology's nodes), else null. Throws ConfigError naming
// the workload's key for a bad program, or one that with the network would
// exceed the memory (check_application_memory).
std::unique_ptr<Application> make_application(const RunConfig& rc, const Topology& t);

}  // namespace nocsim
