#pragma once
// Results reporting, apart from run control (sim/run.cpp): the JSON document
// and the printed summary of a finished run.
#include <cstdint>
#include <utility>
#include <vector>

#include "core/config.h"
#include "core/flit.h"
#include "sim/run.h"

namespace nocsim {

class Network;
class JsonWriter;

// Fills res.json and res.summary (res.exit_code and res.error already set).
void write_report(const Config& cfg, Network& net, Cycle cycles, double wall, RunResult& res);
// Activity of routers summed by port class (PortClass index), with the
// counts that follow from the counters (crossbar, output buffers).
struct ActivitySummary {
  static constexpr int kPortClasses = 3;
  uint64_t buffer_writes[kPortClasses] = {}, buffer_reads[kPortClasses] = {};
  uint64_t credits[kPortClasses] = {}, link_flits[kPortClasses] = {};
  uint64_t rc = 0, va_requests = 0, va_grants = 0, sa_requests = 0, sa_grants = 0;
  ActivitySummary& add(const Network& net, int router);
  // The JSON totals, in order.
  std::vector<std::pair<const char*, uint64_t>> totals(bool out_buffers) const;
  static uint64_t sum(const uint64_t (&by_class)[kPortClasses]) { return by_class[0] + by_class[1] + by_class[2]; }
};

// The `activity` section: network totals, by port class and, with
// per_router, one array per counter indexed by router and one record per
// router-to-router link.
void write_activity(JsonWriter& j, const Network& net, bool per_router, bool out_buffers);
// The series section (stats.series_period > 0).
void write_series(JsonWriter& j, const Network& net, bool per_router);

}  // namespace nocsim
