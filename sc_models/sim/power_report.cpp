#include "sim/power_report.h"

#include <cmath>
#include <cstdio>
#include <ostream>

#include "core/error.h"
#include "alloc/arbiter.h"
#include "routing/contention_config.h"
#include "vc/vc_config.h"
#include "sim/network.h"
#include "sim/report.h"
#include "core/json_writer.h"

namespace nocsim {

PowerParams power_params(const RunConfig& rc, const Topology& t) {
  PowerParams p;
  for (int port = 0; port < t.ports(); ++port) {
    const PortClass c = t.port_class(port);
    PortGroup& g = p.in[static_cast<size_t>(c)];
    const ClassParams cp = class_params(rc, c);
    ++g.count, g.vcs = cp.vcs, g.depth = cp.depth;
  }
  p.out_ports = t.ports();
  p.link_ports = t.network_ports();
  p.flit_bits = rc.power.flit_bits;
  p.speedup = rc.router.speedup;
  p.out_depth = rc.router.output_buffer_depth;
  p.va_arb = rc.router.va_arbiter;
  p.va_free_pool = rc.router.va_free_pool();
  p.sa_in_arb = rc.router.sa_arbiters.in;
  p.sa_out_arb = rc.router.sa_arbiters.out;
  p.sram = rc.power.sram;
  p.mux_xbar = rc.power.mux_xbar;
  p.addr_bits = std::max(1, static_cast<int>(std::ceil(std::log2(static_cast<double>(t.nodes())))));
  p.contention = rc.contention.on;
  p.vc_select = !rc.vc.one_vc_pick().empty();
  p.link_mm = rc.power.link_mm;
  p.vdd_v = rc.power.vdd_v;
  p.freq_ghz = rc.power.freq_ghz;
  return p;
}

double PowerReport::dynamic_total_w() const {
  double w = 0;
  for (double d : dynamic_w) w += d;
  return w;
}

PowerReport compute_power(const Network& net, Cycle cycles) {
  PowerReport p;
  const Topology& t = net.topology();
  p.tech = net.run_config().power.tech();
  p.params = power_params(net.run_config(), t);
  p.model = router_power(p.params, p.tech);
  const Cycle since = net.activity_since();
  const double active = cycles > since ? static_cast<double>(cycles - since) : 0.0;
  p.seconds = active / (p.params.freq_ghz * 1e9);
  const RouterPower& m = p.model;
  const bool out_buffers = p.params.out_depth > 0;
  constexpr int kNic = 0, kLocal = 1, kGlobal = 2;
  for (int r = 0; r < t.routers(); ++r) {
    ActivitySummary a;
    a.add(net, r);
    const double xbar = static_cast<double>(ActivitySummary::sum(a.link_flits));
    double joules[kPowerStages] = {};
    auto at = [&](PowerStage s) -> double& { return joules[static_cast<int>(s)]; };
    for (int c = 0; c < ActivitySummary::kPortClasses; ++c)
      at(PowerStage::Buffer) += a.buffer_writes[c] * m.buffer_write[c] + a.buffer_reads[c] * m.buffer_read[c];
    at(PowerStage::Rc) = a.rc * m.rc;
    at(PowerStage::Va) = a.va_requests * m.va_request + a.va_grants * m.va_grant;
    at(PowerStage::Sa) = a.sa_requests * m.sa_request + a.sa_grants * m.sa_grant;
    at(PowerStage::St) = xbar * m.xbar;
    if (out_buffers) at(PowerStage::Output) = a.sa_grants * m.out_write + xbar * m.out_read;
    at(PowerStage::Link) = static_cast<double>(a.link_flits[kLocal] + a.link_flits[kGlobal]) * m.link_flit +
                           static_cast<double>(a.credits[kLocal] + a.credits[kGlobal]) * m.credit;
    at(PowerStage::Clock) = active * m.clock_cycle;
    at(PowerStage::Contention) = 2.0 * a.va_grants * m.contention_update;  // up when routed, down when gone
    at(PowerStage::VcSelect) = a.va_requests * m.vc_select;
    at(PowerStage::VcState) = (a.va_grants + 2.0 * xbar) * m.vc_state_update;  // a flit's credit: spent, returned
    double router = m.leakage_w();
    for (int s = 0; s < kPowerStages; ++s) {
      const double w = p.seconds > 0 ? joules[s] / p.seconds : 0.0;
      p.dynamic_w[s] += w;
      router += w;
    }
    p.router_w.push_back(router);
    p.delivered_bits += static_cast<double>(a.link_flits[kNic]) * p.params.flit_bits;
  }
  for (int s = 0; s < kPowerStages; ++s) {
    p.stage[s].area_um2 = m.stage[static_cast<size_t>(s)].area_um2 * t.routers();
    p.stage[s].leakage_w = m.stage[static_cast<size_t>(s)].leakage_w * t.routers();
  }
  return p;
}

void write_power(JsonWriter& j, const PowerReport& p, bool per_router) {
  const double total = p.power_w();
  const double routers = static_cast<double>(p.router_w.size());
  j.open("power");
  j.num("tech_nm", static_cast<uint64_t>(p.tech.node_nm));
  j.num("vdd_v", p.params.vdd_v > 0 ? p.params.vdd_v : p.tech.vdd_v);
  j.num("freq_ghz", p.params.freq_ghz);
  j.num("flit_bits", static_cast<uint64_t>(p.params.flit_bits));
  j.str("buffer", p.params.sram ? "sram" : "dff");
  j.str("crossbar", p.params.mux_xbar ? "mux" : "matrix");
  j.num("seconds", p.seconds);
  j.open("stages");  // network totals; stages the router lacks are left out
  for (int s = 0; s < kPowerStages; ++s) {
    if (p.stage[s].area_um2 <= 0) continue;
    j.open(power_stage_name(static_cast<PowerStage>(s)));
    j.num("area_um2", p.stage[s].area_um2);
    j.num("leakage_w", p.stage[s].leakage_w);
    j.num("dynamic_w", p.dynamic_w[s]);
    j.num("share", total > 0 ? (p.stage[s].leakage_w + p.dynamic_w[s]) / total : 0.0);
    j.close();
  }
  j.close();
  const RouterPower& m = p.model;
  j.open("energy_per_event_j");  // one router
  for (const auto& [name, e] : energy_events(m))
    if (e > 0) j.num(name, e);
  j.close();
  j.open("total");
  j.num("area_um2", p.area_um2());
  j.num("leakage_w", p.leakage_w());
  j.num("dynamic_w", p.dynamic_total_w());
  j.num("power_w", total);
  j.num("energy_j", total * p.seconds);
  j.close();
  j.open("per_router");  // means
  j.num("area_um2", routers > 0 ? p.area_um2() / routers : 0.0);
  j.num("leakage_w", routers > 0 ? p.leakage_w() / routers : 0.0);
  j.num("dynamic_w", routers > 0 ? p.dynamic_total_w() / routers : 0.0);
  j.num("power_w", routers > 0 ? total / routers : 0.0);
  j.close();
  j.num("energy_per_bit_j", p.delivered_bits > 0 ? total * p.seconds / p.delivered_bits : 0.0);
  if (per_router) j.num_array("router_power_w", p.router_w);
  j.close();
}

void print_power(std::ostream& o, const PowerReport& p, int routers) {
  char line[256];
  const double total = p.power_w();
  std::snprintf(line, sizeof line,
                "  power    %d nm %.2f V %.2f GHz, %d-bit flits, %s buffers: %.4g W (%.4g mW/router), %.4g mm2/router, "
                "%.4g pJ/bit\n",
                p.tech.node_nm, p.params.vdd_v > 0 ? p.params.vdd_v : p.tech.vdd_v, p.params.freq_ghz,
                p.params.flit_bits, p.params.sram ? "sram" : "dff", total, routers ? 1e3 * total / routers : 0.0,
                routers ? 1e-6 * p.area_um2() / routers : 0.0,
                p.delivered_bits > 0 ? 1e12 * total * p.seconds / p.delivered_bits : 0.0);
  o << line;
  o << "           stage       area mm2  leakage mW  dynamic mW   share\n";
  for (int s = 0; s < kPowerStages; ++s) {
    if (p.stage[s].area_um2 <= 0) continue;
    std::snprintf(line, sizeof line, "           %-10s %9.4f %11.3f %11.3f %6.1f%%\n",
                  power_stage_name(static_cast<PowerStage>(s)), 1e-6 * p.stage[s].area_um2, 1e3 * p.stage[s].leakage_w,
                  1e3 * p.dynamic_w[s], total > 0 ? 100 * (p.stage[s].leakage_w + p.dynamic_w[s]) / total : 0.0);
    o << line;
  }
}

void print_power_model(std::ostream& o, const RunConfig& rc, const Topology& t) {
  const Tech tech = rc.power.tech();
  const PowerParams p = power_params(rc, t);
  const RouterPower m = router_power(p, tech);
  char line[256];
  std::snprintf(line, sizeof line, "router: %d inputs, %d outputs, %d-bit flits, %d nm, %.2f V\n", p.input_ports(),
                p.out_ports, p.flit_bits, tech.node_nm, p.vdd_v > 0 ? p.vdd_v : tech.vdd_v);
  o << line << "stage        area um2   leakage mW\n";
  for (int s = 0; s < kPowerStages; ++s) {
    const StageCost& c = m.stage[static_cast<size_t>(s)];
    if (c.area_um2 <= 0) continue;
    std::snprintf(line, sizeof line, "%-10s %10.1f %12.4f\n", power_stage_name(static_cast<PowerStage>(s)), c.area_um2,
                  1e3 * c.leakage_w);
    o << line;
  }
  std::snprintf(line, sizeof line, "%-10s %10.1f %12.4f\n", "total", m.area_um2(), 1e3 * m.leakage_w());
  o << line << "energy per event, pJ:";
  for (const auto& [name, e] : energy_events(m))
    if (e > 0) o << " " << name << "=" << 1e12 * e;
  o << "\n";
  // rtl_ref/ blocks, in gate equivalents: gates + flip-flops weighted by their area.
  const int P = t.ports(), V = rc.buffers().vcs;
  const double ff = tech.dff_area_um2 / tech.gate_area_um2;
  auto block = [&](const std::string& label, const Logic& l) {
    std::snprintf(line, sizeof line, "block %-34s %10.1f GE\n", label.c_str(), l.gates + ff * l.ffs);
    o << line;
  };
  const std::pair<const char*, ArbiterKind> arbiters[] = {
      {"rr_arbiter", ArbiterKind::Rr}, {"matrix_arbiter", ArbiterKind::Matrix}, {"lrs_arbiter", ArbiterKind::Lrs}};
  const std::string v = std::to_string(V), pp = std::to_string(P);
  for (const auto& [name, kind] : arbiters) {
    if (V >= 2 || kind != ArbiterKind::Lrs) block(std::string(name) + " N=" + v + " (input)", arbiter_logic(kind, V));
    block(std::string(name) + " N=" + pp + " (output)", arbiter_logic(kind, P));
  }
  if (V >= 2) block("age_arbiter N=" + v + " W=16 (input)", arbiter_logic(ArbiterKind::Age, V));
  block("age_arbiter N=" + pp + " W=16 (output)", arbiter_logic(ArbiterKind::Age, P));
  PowerParams sep;
  sep.in[1] = {P, V, 1};
  sep.out_ports = P;
  block("sw_alloc_sep_if P=" + pp + " V=" + v, sw_alloc_logic(sep));
  if (V >= 2) block("vc_alloc_sep_if P=" + pp + " V=" + v, vc_alloc_logic(sep));
  block("contention_unit P=" + pp + " base", contention_logic(P));
  if (V >= 2) block("flexvc_select V=" + v + " jsq (per request)", vc_select_logic(V, 8));
}

}  // namespace nocsim
