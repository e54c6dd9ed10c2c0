#include "workload/app_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/json_writer.h"
#include "workload/application.h"

namespace nocsim {
namespace {

struct Spread {
  double mean = 0;
  uint64_t max = 0;
};

template <class F>
Spread spread(const AppEngine& e, F field) {
  Spread s;
  for (int r = 0; r < e.ranks(); ++r) {
    const uint64_t v = field(e.result(r));
    s.mean += static_cast<double>(v);
    s.max = std::max(s.max, v);
  }
  if (e.ranks()) s.mean /= e.ranks();
  return s;
}

// The completion time, or the cycle the run stopped at when it did not complete.
Cycle end_cycle(const AppEngine& e, Cycle stop) { return e.done() ? e.completion() : stop; }

int finished(const AppEngine& e) {
  int k = 0;
  for (int r = 0; r < e.ranks(); ++r) k += e.result(r).finish != kNeverCycle;
  return k;
}

}  // namespace

const char* completion_status(const Application& app, bool blocked) {
  return app.engine().done() ? "complete" : blocked ? "blocked" : "incomplete";
}

void write_completion(JsonWriter& j, const Application& app, bool blocked, Cycle stop, double freq_ghz) {
  const AppEngine& e = app.engine();
  const Cycle end = end_cycle(e, stop);
  const AppEngine::MessageTotals m = e.messages();
  j.open("completion");
  j.str("status", completion_status(app, blocked));
  j.num("cycles", static_cast<uint64_t>(end));
  j.num("seconds", static_cast<double>(end) / (freq_ghz * 1e9));
  j.num("ranks", static_cast<uint64_t>(e.ranks()));
  j.num("finished_ranks", static_cast<uint64_t>(finished(e)));
  j.num("messages", m.sent);
  j.num("bytes", m.bytes);
  j.num("messages_delivered", m.delivered);
  j.num("unmatched_messages", m.unmatched);
  j.num("message_latency_mean", m.delivered ? static_cast<double>(m.latency_sum) / static_cast<double>(m.delivered) : 0.0);
  j.num("message_latency_max", m.latency_max);
  const Spread compute = spread(e, [](const AppEngine::RankResult& r) { return r.compute; });
  const Spread wait = spread(e, [](const AppEngine::RankResult& r) { return r.waiting; });
  const Spread overhead = spread(e, [](const AppEngine::RankResult& r) { return r.overhead; });
  j.num("compute_cycles_mean", compute.mean);
  j.num("compute_cycles_max", compute.max);
  j.num("overhead_cycles_mean", overhead.mean);
  j.num("overhead_cycles_max", overhead.max);
  j.num("wait_cycles_mean", wait.mean);
  j.num("wait_cycles_max", wait.max);
  // How many collectives ran by each algorithm, as "name algorithm".
  std::map<std::string, uint64_t> algos;
  for (const Program::Planned& c : app.program().collectives())
    ++algos[std::string(event_name(c.kind, c.nonblocking)) + " " + algorithm_name(c.algo)];
  if (!algos.empty()) {
    j.open("collectives");
    for (const auto& [name, count] : algos) j.num(name.c_str(), count);
    j.close();
  }
  std::vector<uint64_t> node, finish, comp, over, waiting;
  for (int r = 0; r < e.ranks(); ++r) {
    const AppEngine::RankResult& res = e.result(r);
    node.push_back(static_cast<uint64_t>(e.node_of(r)));
    finish.push_back(res.finish == kNeverCycle ? end : res.finish);
    comp.push_back(res.compute);
    over.push_back(res.overhead);
    waiting.push_back(res.waiting);
  }
  j.open("per_rank");
  j.int_array("node", node);
  j.int_array("finish", finish);
  j.int_array("compute", comp);
  j.int_array("overhead", over);
  j.int_array("wait", waiting);
  j.close();
  j.close();
}

std::string completion_summary(const Application& app, bool blocked, Cycle stop, double freq_ghz) {
  const AppEngine& e = app.engine();
  const Cycle end = end_cycle(e, stop);
  const AppEngine::MessageTotals m = e.messages();
  char line[320];
  std::snprintf(line, sizeof line,
                "  app      %s: %d of %d ranks finished; %s %llu cycles (%.6g s); %llu messages, %llu bytes, "
                "message latency mean %.1f cycles\n",
                completion_status(app, blocked), finished(e), e.ranks(), e.done() ? "completion" : "stopped at",
                static_cast<unsigned long long>(end), static_cast<double>(end) / (freq_ghz * 1e9),
                static_cast<unsigned long long>(m.sent), static_cast<unsigned long long>(m.bytes),
                m.delivered ? static_cast<double>(m.latency_sum) / static_cast<double>(m.delivered) : 0.0);
  std::string out = line;
  // The window's end is a limit here, not the program's: say which key moves it.
  if (!e.done() && !blocked)
    out += "           the window (sim.warmup + sim.cycles) ended first: raise sim.cycles to run the program to its end\n";
  return out;
}

}  // namespace nocsim
