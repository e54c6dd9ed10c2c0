// The results of a finished run: the JSON document and the printed summary.
#include "sim/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <sys/resource.h>

#include "sim/build_id.h"
#include "sim/memory.h"
#include "sim/network.h"
#include "sim/link_power_net.h"
#include "sim/power_report.h"
#include "sim/workload.h"
#include "stats/fairness.h"
#include "core/json_writer.h"
#include "stats/saturation.h"
#include "workload/app_report.h"
#include "workload/application.h"

namespace nocsim {
namespace {

const char* status_name(int code) {
  switch (code) {
    case kExitOk: return "ok";
    case kExitDeadlock: return "deadlock";
    case kExitInvariant: return "invariant-violation";
    case kExitFailure: return "out-of-memory";
    default: return code > kExitSignal ? "interrupted" : "error";
  }
}

// The latency breakdown's means per measured packet delivered
// (docs/metrics.md, "Latency breakdown"), in the order they are reported.
struct Breakdown {
  double part[7] = {};
  bool global = false;  // the topology has global links (else no global queue)
  bool complete = false;  // every measured packet delivered: the parts add up to the mean latency
  static constexpr const char* kNames[7] = {"injection_queue", "local_queue",          "global_queue",  "eject_queue",
                                            "minimal_traversal", "nonminimal_traversal", "serialization"};
};

Breakdown breakdown(const Network& net, double n) {
  const NetStats& s = net.stats();
  const LatencyParts p = net.latency_parts();
  const double sums[7] = {s.injection_wait_sum + static_cast<double>(p.injection),
                          static_cast<double>(p.local_queue),
                          static_cast<double>(p.global_queue),
                          static_cast<double>(p.eject_queue),
                          static_cast<double>(p.minimal),
                          static_cast<double>(p.nonminimal),
                          static_cast<double>(p.serialization)};
  Breakdown b;
  for (int i = 0; i < 7; ++i) b.part[i] = n ? sums[i] / n : 0.0;
  const Topology& t = net.topology();
  for (int port = 0; port < t.network_ports(); ++port) b.global |= t.port_class(port) == PortClass::Global;
  b.complete = s.measured_delivered == s.measured_generated;
  return b;
}

void write_breakdown(JsonWriter& j, const Breakdown& b) {
  j.open("breakdown");
  for (int i = 0; i < 7; ++i) {
    if (i == 2 && !b.global)
      j.null(Breakdown::kNames[i]);  // no global class (torus, mesh)
    else
      j.num(Breakdown::kNames[i], b.part[i]);
  }
  j.boolean("complete", b.complete);
  j.close();
}

// One record per router-to-router link: the flits it carried forward and the
// credits it carried back, both counted by the link itself (port_activity:
// the output port's link_flits, the input port's credits).
void write_per_link(JsonWriter& j, const Network& net) {
  const Topology& t = net.topology();
  std::vector<std::vector<PortActivity>> ports;
  for (int r = 0; r < t.routers(); ++r) ports.push_back(net.port_activity(r));
  j.open_array("per_link");
  for (int r = 0; r < t.routers(); ++r)
    for (int p = 0; p < t.network_ports(); ++p) {
      const PortPeer q = t.peer(r, p);
      if (q.router < 0) continue;
      j.int_object(nullptr, {{"src_router", r},
                             {"src_port", p},
                             {"dst_router", q.router},
                             {"dst_port", q.port},
                             {"flits", ports[r][p].link_flits},
                             {"credits", ports[q.router][q.port].credits}});
    }
  j.close_array();
}

// Flits per link and cycle over the `active` cycles since warm-up ended,
// per group of network ports: group(p) = the dimension port p leads along
// (Topology::dimension_of), or on a mesh or torus p itself (its direction:
// +d is port 2d, -d port 2d + 1).
template <class Group>
std::vector<double> utilisation_by(const Network& net, Cycle active, int groups, Group group) {
  const Topology& t = net.topology();
  std::vector<double> flits(static_cast<size_t>(groups)), links(static_cast<size_t>(groups));
  for (int r = 0; r < t.routers(); ++r) {
    const std::vector<PortActivity> ports = net.port_activity(r);
    for (int p = 0; p < t.network_ports(); ++p) {
      if (t.peer(r, p).router < 0) continue;  // mesh edge
      flits[static_cast<size_t>(group(p))] += static_cast<double>(ports[static_cast<size_t>(p)].link_flits);
      links[static_cast<size_t>(group(p))] += 1;
    }
  }
  for (size_t g = 0; g < flits.size(); ++g) {
    const double den = links[g] * static_cast<double>(active);
    flits[g] = den > 0 ? flits[g] / den : 0.0;
  }
  return flits;
}

}  // namespace

namespace {

// What the JSON and the summary both print, computed once.
struct RunFigures {
  Cycle cycles = 0, measured = 0;  // cycles run; measured cycles (a run stopped early measured up to the stop)
  double wall = 0, n_meas = 0;     // wall seconds; measured packets delivered
  double offered = 0, generated = 0, accepted = 0, lat_mean = 0;  // loads in flits/(node*cycle)
  bool saturated = false;
  std::string warning;
};

RunFigures figures(const Network& net, Cycle cycles, double wall, int exit_code) {
  const NetStats& s = net.stats();
  const Topology& t = net.topology();
  RunFigures f;
  f.cycles = cycles;
  f.wall = wall;
  f.n_meas = static_cast<double>(s.latency.count());
  f.measured = std::min(s.window.end, std::max(cycles, s.window.begin)) - s.window.begin;
  const double nodes_cycles = static_cast<double>(t.nodes()) * static_cast<double>(f.measured);
  f.accepted = nodes_cycles > 0 ? s.window_flits_accepted / nodes_cycles : 0.0;
  f.generated = nodes_cycles > 0 ? s.window_flits_generated / nodes_cycles : 0.0;
  f.lat_mean = s.latency.mean();
  const TrafficConfig& traffic = net.run_config().traffic;
  // A closed-loop application offers what it sends; phases, their loads
  // over the measured cycles.
  const Phases& ph = net.phases();
  if (net.app())
    f.offered = f.generated;
  else if (!ph.starts.empty() && f.measured)
    f.offered = offered_over(ph, s.window.begin, s.window.begin + f.measured);
  else
    f.offered = traffic.load_flits(t, traffic.load);
  // Request-reply: replies are made as requests arrive, so a backlog of
  // requests holds their replies back too; the test counts what the
  // window's requests call for (docs/user-guide.md, "Request-reply").
  f.saturated = !exit_code && saturated(static_cast<double>(s.window_flits_generated) +
                                            static_cast<double>(s.window_replies_owed),
                                        static_cast<double>(s.window_flits_accepted));
  // Beyond saturation, or too short a drain: latency covers the delivered subset only.
  if (!exit_code && s.measured_delivered < s.measured_generated)
    f.warning = std::to_string(s.measured_generated - s.measured_delivered) + " of " +
                std::to_string(s.measured_generated) +
                " measured packets not delivered by the end of the run (saturated, or sim.drain too short): "
                "latency is over the delivered ones";
  return f;
}

// Status, loads, latency, paths (hops, misrouting, the routing's own statistics).
void write_traffic(JsonWriter& j, const Network& net, const RunFigures& f, const RunResult& res) {
  const NetStats& s = net.stats();
  const Topology& t = net.topology();
  const double n_meas = f.n_meas;
  const LatencyHistogram& lat = s.latency;
  j.str("status", status_name(res.exit_code));
  if (res.exit_code) j.str("error", res.error);
  if (!f.warning.empty()) j.str("warning", f.warning);
  j.num("offered_load", f.offered);
  j.num("generated_load", f.generated);
  j.num("accepted_load", f.accepted);
  j.boolean("saturated", f.saturated);
  if (t.bisection_load() > 0) {  // the loads in Versaci's unit too
    const double g0 = net.run_config().traffic.gamma0_flits(t);
    j.num("gamma0_flits", g0);
    j.num("offered_load_gamma0", f.offered / g0);
    j.num("accepted_load_gamma0", f.accepted / g0);
  }
  j.open("latency");
  j.num("mean", f.lat_mean);
  j.num("p50", static_cast<uint64_t>(lat.percentile(0.5)));
  j.num("p99", static_cast<uint64_t>(lat.percentile(0.99)));
  j.num("max", static_cast<uint64_t>(lat.max()));
  j.num("network_mean", n_meas ? s.network_latency_sum / n_meas : 0);
  j.num("injection_wait_mean", n_meas ? s.injection_wait_sum / n_meas : 0);
  j.num("samples", lat.count());
  write_breakdown(j, breakdown(net, n_meas));
  j.close();
  j.num("hops_mean", n_meas ? s.hops_sum / n_meas : 0);
  j.open("misrouted_fraction");
  j.num("global", n_meas ? s.misrouted_global / n_meas : 0);
  j.num("local", n_meas ? s.misrouted_local / n_meas : 0);
  j.close();
  const Window w = s.window;
  if (const RoutingStats* rs = net.routing_stats())
    rs->write(j, {t, net.app() ? nullptr : pattern_over(net.phases(), net.pattern(), w.begin, w.end), n_meas});
  // Mesh, torus and HyperX (by direction: mesh and torus): the other
  // families' links follow no dimensions.
  const Cycle active = f.cycles > w.begin ? f.cycles - w.begin : 0;
  if (const int dims = t.link_dimensions())
    j.num_array("link_utilisation_by_dimension",
                utilisation_by(net, active, dims, [&t](int p) { return t.dimension_of(p); }));
  if (const int dims = t.grid_dimensions())
    j.num_array("link_utilisation_by_direction", utilisation_by(net, active, 2 * dims, [](int p) { return p; }));
}

// Injection per router and its fairness; packet counts; the network; the run's cost.
void write_counts(JsonWriter& j, const Network& net, const RunFigures& f) {
  const NetStats& s = net.stats();
  const Topology& t = net.topology();
  // Per node of each router; fairness over the routers that have nodes.
  std::vector<double> per_router(t.routers()), with_nodes;
  std::vector<uint64_t> injected(t.routers());  // flits in the window
  for (const auto& nic : net.nics()) injected[nic->router()] += nic->window_injected();
  for (int r = 0; r < t.routers(); ++r) {
    const int c = t.nodes_at(r);
    if (!c) continue;
    per_router[r] = f.measured ? injected[r] / (static_cast<double>(c) * f.measured) : 0.0;
    with_nodes.push_back(per_router[r]);
  }
  const Fairness fair = fairness(with_nodes);
  j.open("fairness");
  j.num("min_injection", fair.min);
  j.num("max_min_ratio", std::isfinite(fair.max_min_ratio) ? fair.max_min_ratio : 0.0);
  j.num("cov", fair.cov);
  j.num("jain", fair.jain);
  j.close();
  j.num_array("per_router_injection", per_router);
  j.open("packets");
  j.num("injected", s.packets_generated);
  j.num("delivered", s.packets_delivered);
  j.num("in_flight", s.packets_generated - s.packets_delivered);  // source queues included
  j.num("source_queued", net.source_queued());
  j.num("dropped", s.packets_dropped);
  j.num("measured", s.measured_generated);
  j.num("measured_delivered", s.measured_delivered);
  j.close();
  j.open("network");
  j.str("topology", t.name());
  j.num("routers", static_cast<uint64_t>(t.routers()));
  j.num("nodes", static_cast<uint64_t>(t.nodes()));
  j.close();
  j.open("sim");
  j.str("build", build_id());
  j.num("cycles", static_cast<uint64_t>(f.cycles));
  j.num("measured_cycles", static_cast<uint64_t>(f.measured));
  j.num("wall_seconds", f.wall);
  j.num("cycles_per_second", f.wall > 0 ? f.cycles / f.wall : 0);
  uint64_t traversals = 0;
  for (const auto& r : net.routers()) traversals += r->state().flits_moved;
  j.num("router_traversals", traversals);
  j.num("batch", static_cast<uint64_t>(net.batch()));  // the cycles the network ran at a time (sim.batch)
  j.num("batch_clusters", static_cast<uint64_t>(net.batch_clusters()));  // that ran one after another
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  j.num("peak_rss_kb", static_cast<uint64_t>(ru.ru_maxrss));
  // What check_memory and check_application_memory compared.
  const uint64_t app = net.app() ? net.app()->memory() : 0;
  j.num("memory_estimate_kb", (estimate_memory(t.shape(), net.run_config()).certain() + app) >> 10);
  j.close();
}

// What the summary's first line calls the run's traffic: the workload, the
// pattern, or the phases' distinct patterns in order.
std::string traffic_name(const Network& net) {
  if (net.app()) return "closed-loop " + net.run_config().workload.type;
  const std::vector<std::string>& names = net.phases().names;
  if (names.empty()) return net.run_config().traffic.pattern + " traffic";
  std::vector<std::string> distinct;
  for (const std::string& n : names)
    if (std::find(distinct.begin(), distinct.end(), n) == distinct.end()) distinct.push_back(n);
  std::string out;
  for (size_t k = 0; k < distinct.size() && k < 4; ++k) out += (k ? "/" : "") + distinct[k];
  if (distinct.size() > 4) out += "/...";
  return out + " traffic in " + std::to_string(names.size()) + (names.size() == 1 ? " phase" : " phases");
}

// The printed summary.
std::string summary(const Network& net, const RunFigures& f, int exit_code,
                    const PowerReport& power, const LinkPowerNet* links, const LinkPowerTotals& link_totals) {
  const NetStats& s = net.stats();
  const Topology& t = net.topology();
  const LatencyHistogram& lat = s.latency;
  std::ostringstream o;
  char line[256];
  o << "nocsim: " << t.describe() << ", " << t.routers() << " routers, " << t.nodes() << " nodes; "
    << net.run_config().routing.algorithm << ", "
    << traffic_name(net)
    << "; status "
    << status_name(exit_code) << "\n";
  if (!f.warning.empty()) o << "  warning  " << f.warning << "\n";
  std::snprintf(line, sizeof line, "  load     offered %.4f  accepted %.4f phits/(node*cycle)%s\n", f.offered,
                f.accepted, f.saturated ? "  saturated" : "");
  o << line;
  std::snprintf(line, sizeof line, "  latency  mean %.2f  p50 %u  p99 %u  max %u  network %.2f cycles  (%zu packets)\n",
                f.lat_mean, lat.percentile(0.5), lat.percentile(0.99), lat.max(),
                f.n_meas ? s.network_latency_sum / f.n_meas : 0.0, static_cast<size_t>(lat.count()));
  o << line;
  const Breakdown b = breakdown(net, f.n_meas);
  char global[32] = "-";  // a torus or mesh has no global class
  if (b.global) std::snprintf(global, sizeof global, "%.2f", b.part[2]);
  std::snprintf(line, sizeof line,
                "  parts    queues: injection %.2f  local %.2f  global %s  eject %.2f; hops: minimal %.2f  "
                "non-minimal %.2f; serialization %.2f\n",
                b.part[0], b.part[1], global, b.part[3],
                b.part[4], b.part[5], b.part[6]);
  o << line;
  std::snprintf(line, sizeof line, "  hops     mean %.3f\n", f.n_meas ? s.hops_sum / f.n_meas : 0.0);
  o << line;
  const uint64_t queued = net.source_queued();
  const uint64_t waiting = s.packets_generated - s.packets_delivered;
  std::snprintf(line, sizeof line, "  packets  injected %llu  delivered %llu  in flight %llu (%llu in source queues)%s\n",
                static_cast<unsigned long long>(s.packets_generated),
                static_cast<unsigned long long>(s.packets_delivered), static_cast<unsigned long long>(waiting),
                static_cast<unsigned long long>(queued),
                s.packets_dropped ? ("  dropped " + std::to_string(s.packets_dropped) + " (source queues full)").c_str()
                                  : "");
  o << line;
  std::snprintf(line, sizeof line, "  sim      %llu cycles in %.2f s (%.0f cycles/s)\n",
                static_cast<unsigned long long>(f.cycles), f.wall, f.wall > 0 ? f.cycles / f.wall : 0.0);
  o << line;
  print_power(o, power, t.routers());
  if (links) print_link_power(o, *links, link_totals);
  return o.str();
}

}  // namespace

void write_report(const Config& cfg, Network& net, Cycle cycles, double wall, RunResult& res) {
  const RunFigures f = figures(net, cycles, wall, res.exit_code);
  const bool per_router = net.run_config().sim.per_router;
  JsonWriter j;
  j.open();
  write_traffic(j, net, f, res);
  const double freq = net.run_config().power.freq_ghz;
  const bool blocked = net.app() && net.app()->engine().stuck();
  if (net.app()) write_completion(j, *net.app(), blocked, cycles, freq);
  write_counts(j, net, f);
  write_activity(j, net, per_router, net.run_config().router.output_buffer_depth > 0);
  const PowerReport power = compute_power(net, cycles);
  write_power(j, power, per_router);
  const LinkPowerNet* links = net.link_power();
  const LinkPowerTotals link_totals = links ? links->totals(cycles) : LinkPowerTotals{};
  if (links) write_link_power(j, *links, link_totals);
  if (net.stats().series_period) write_series(j, net, per_router);
  j.open("config");
  for (const auto& [k, v] : cfg.values()) j.str(k.c_str(), v);
  j.close();
  j.close();
  res.json = j.text();
  res.csv = j.csv();
  res.summary = summary(net, f, res.exit_code, power, links, link_totals);
  if (net.app()) res.summary += completion_summary(*net.app(), blocked, cycles, freq);
}

ActivitySummary& ActivitySummary::add(const Network& net, int r) {
  const Activity a = net.activity(r);
  rc += a.rc, va_requests += a.va_requests, va_grants += a.va_grants;
  sa_requests += a.sa_requests, sa_grants += a.sa_grants();
  for (int c = 0; c < kPortClasses; ++c) buffer_reads[c] += a.buffer_reads[c];
  const std::vector<PortActivity> ports = net.port_activity(r);
  for (size_t p = 0; p < ports.size(); ++p) {
    const int c = static_cast<int>(net.topology().port_class(static_cast<int>(p)));
    buffer_writes[c] += ports[p].buffer_writes;
    credits[c] += ports[p].credits;
    link_flits[c] += ports[p].link_flits;
  }
  return *this;
}

std::vector<std::pair<const char*, uint64_t>> ActivitySummary::totals(bool out_buffers) const {
  // Every flit the switch grants crosses the crossbar and leaves on a link;
  // with output buffers it is written to and read from one on the way.
  const uint64_t xbar = sum(link_flits);
  return {{"buffer_writes", sum(buffer_writes)},
          {"buffer_reads", sum(buffer_reads)},
          {"rc", rc},
          {"va_requests", va_requests},
          {"va_grants", va_grants},
          {"sa_requests", sa_requests},
          {"sa_grants", sa_grants},
          {"xbar", xbar},
          {"output_buffer_writes", out_buffers ? sa_grants : 0},
          {"output_buffer_reads", out_buffers ? xbar : 0},
          {"link_flits", xbar},
          {"credits", sum(credits)}};
}

// Interval k covers cycles [k*period, (k+1)*period): packets by the cycle
// their head was injected; contention samples at the interval's end.
void write_series(JsonWriter& j, const Network& net, bool per_router) {
  const NetStats& s = net.stats();
  std::vector<uint64_t> end, delivered, mis_g, mis_l, held, accepted;
  std::vector<double> latency;
  for (size_t k = 0; k < s.series.size(); ++k) {
    const NetStats::SeriesBin& b = s.series[k];
    end.push_back((k + 1) * s.series_period);
    delivered.push_back(b.delivered);
    mis_g.push_back(b.misrouted_global);
    mis_l.push_back(b.misrouted_local);
    latency.push_back(b.delivered ? static_cast<double>(b.latency_sum) / static_cast<double>(b.delivered) : 0.0);
    accepted.push_back(b.accepted_flits);
  }
  const auto& per = net.contention_series();
  for (const auto& r : per)
    for (size_t k = 0; k < r.size(); ++k) {
      if (held.size() <= k) held.push_back(0);
      held[k] += r[k];
    }
  j.open("series");
  j.num("period", static_cast<uint64_t>(s.series_period));
  j.int_array("interval_end", end);
  j.int_array("delivered", delivered);
  j.int_array("misrouted_global", mis_g);
  j.int_array("misrouted_local", mis_l);
  j.num_array("latency_mean", latency);
  j.int_array("accepted_flits", accepted);
  if (!per.empty()) {
    j.int_array("contention_total", held);
    if (per_router) {
      j.open_array("contention_per_router");
      for (const auto& r : per) j.int_array(nullptr, r);
      j.close_array();
    }
  }
  j.close();
}

void write_activity(JsonWriter& j, const Network& net, bool per_router, bool out_buffers) {
  const int R = net.topology().routers();
  std::vector<ActivitySummary> by_router(static_cast<size_t>(R));
  ActivitySummary total;
  for (int r = 0; r < R; ++r) {
    by_router[static_cast<size_t>(r)].add(net, r);
    total.add(net, r);
  }
  j.open("activity");
  j.num("since_cycle", static_cast<uint64_t>(net.activity_since()));
  j.open("total");
  for (const auto& [name, v] : total.totals(out_buffers)) j.num(name, v);
  j.close();
  j.open("by_port_class");
  const char* classes[ActivitySummary::kPortClasses] = {"nic", "local", "global"};
  for (int c = 0; c < ActivitySummary::kPortClasses; ++c) {
    j.open(classes[c]);
    j.num("buffer_writes", total.buffer_writes[c]);
    j.num("buffer_reads", total.buffer_reads[c]);
    j.num("link_flits", total.link_flits[c]);
    j.num("credits", total.credits[c]);
    j.close();
  }
  j.close();
  if (per_router) {
    j.open("per_router");
    const auto names = total.totals(out_buffers);
    std::vector<std::vector<uint64_t>> columns(names.size());
    for (const auto& a : by_router) {
      const auto row = a.totals(out_buffers);
      for (size_t k = 0; k < row.size(); ++k) columns[k].push_back(row[k].second);
    }
    for (size_t k = 0; k < names.size(); ++k) j.int_array(names[k].first, columns[k]);
    j.close();
    write_per_link(j, net);
  }
  j.close();
}

}  // namespace nocsim
