#pragma once
// The results of a closed-loop application: the JSON `completion` section
// and the summary's lines (docs/workloads.md, "Results").
#include <string>

#include "core/flit.h"

namespace nocsim {

class Application;
class JsonWriter;

// "complete", "blocked" (a run stopped because no rank could go on) or
// "incomplete" (the run ended first).
const char* completion_status(const Application& app, bool blocked);
// `stop`: the cycle the run stopped; freq_ghz turns cycles into seconds.
void write_completion(JsonWriter& j, const Application& app, bool blocked, Cycle stop, double freq_ghz);
std::string completion_summary(const Application& app, bool blocked, Cycle stop, double freq_ghz);

}  // namespace nocsim
