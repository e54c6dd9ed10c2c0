#pragma once
// Results reporting, apart from run control (sim/run.cpp): the JSON document
// and the printed summary of a finished run.
#include "core/config.h"
#include "core/flit.h"
#include "sim/run.h"

namespace nocsim {

class Network;
class JsonWriter;

// Fills res.json and res.summary (res.exit_code and res.error already set).
void write_report(const Config& cfg, Network& net, Cycle cycles, double wall, RunResult& res);
// The `activity` section: network totals, by port class and, with
// per_router, one array per counter indexed by router.
void write_activity(JsonWriter& j, const Network& net, bool per_router);

}  // namespace nocsim
