#pragma once
// Analytical power and area of one router, stage by stage (Orion 2.0 /
// DSENT style): each block is counted in gate equivalents, flip-flops, SRAM
// cells and wire length, and priced with the node's constants (power/tech.h).
// Out come area and leakage per stage and the energy of each event the
// activity counters count (stats/activity.h); the report multiplies the two
// after the run. Equations and sources: docs/power-model.md.
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "alloc/arbiter.h"
#include "power/tech.h"

namespace nocsim {

// Stages as the JSON names them (power.stages.<name>).
enum class PowerStage { Buffer, Rc, Va, Sa, St, Output, Link, Clock, Contention, VcSelect, VcState, Count };
constexpr int kPowerStages = static_cast<int>(PowerStage::Count);
const char* power_stage_name(PowerStage s);

// Input ports of one class (PortClass index: NIC, local, global).
struct PortGroup {
  int count = 0, vcs = 1, depth = 1;
};

struct PowerParams {
  std::array<PortGroup, 3> in;  // input ports by class
  int out_ports = 0;            // outputs, ejection included
  int link_ports = 0;           // outputs that drive a router-to-router link
  int flit_bits = 64;
  int speedup = 1;
  int out_depth = 0;  // output buffer flits per output; 0 = none
  ArbiterKind va_arb = ArbiterKind::Rr, sa_in_arb = ArbiterKind::Rr, sa_out_arb = ArbiterKind::Rr;
  bool va_free_pool = false;  // router.allocator.va=free_pool (else sep_if)
  bool sram = false;      // input buffers as SRAM (else flip-flops)
  bool mux_xbar = false;  // crossbar as muxes (else a matrix)
  int addr_bits = 8;      // destination address width (RC logic)
  bool contention = false;  // contention counters, one per link output
  bool vc_select = false;   // FlexVC's VC selection (a credit comparator tree)
  double link_mm = 1.0;     // length of a router-to-router link
  double vdd_v = 0;         // 0 = the node's
  double freq_ghz = 1.0;
  int input_ports() const { return in[0].count + in[1].count + in[2].count; }
  int input_vcs() const { return in[0].count * in[0].vcs + in[1].count * in[1].vcs + in[2].count * in[2].vcs; }
  int max_vcs() const;
  int max_depth() const;
};

// Gates and flip-flops of a block.
struct Logic {
  double gates = 0, ffs = 0;
  Logic& operator+=(const Logic& o) {
    gates += o.gates, ffs += o.ffs;
    return *this;
  }
};
// One n-input arbiter of the given kind (n < 2: none).
Logic arbiter_logic(ArbiterKind kind, int n);
// The separable allocators of router/ (as rtl_ref/ builds them).
Logic sw_alloc_logic(const PowerParams& p);
Logic vc_alloc_logic(const PowerParams& p);
// Contention counters, one per output port (rtl_ref/contention_unit.sv, base).
Logic contention_logic(int ports);
// FlexVC's selection over `vcs` credit counts of `bits` bits (rtl_ref/flexvc_select.sv).
Logic vc_select_logic(int vcs, int bits);
// The state fields of every input VC and every output VC (12).
Logic vc_state_logic(const PowerParams& p);

struct StageCost {
  double area_um2 = 0, leakage_w = 0;
};

// Area and leakage summed over stages.
double total_area_um2(const StageCost* stages, int n);
double total_leakage_w(const StageCost* stages, int n);

// Energies in J per event; area and leakage per stage of one router.
struct RouterPower {
  std::array<StageCost, kPowerStages> stage{};
  double buffer_write[3] = {}, buffer_read[3] = {};  // per flit, by input port class
  double rc = 0;                   // per routing computation
  double va_request = 0, va_grant = 0;
  double sa_request = 0, sa_grant = 0;
  double xbar = 0;                 // per flit across the crossbar
  double out_write = 0, out_read = 0;
  double link_flit = 0, credit = 0;  // per flit / credit on a router-to-router link
  double clock_cycle = 0;          // per clock cycle (the clock runs every cycle)
  double contention_update = 0;    // per counter update
  double vc_select = 0;            // per VA request evaluated by the selection
  double vc_state_update = 0;      // per VC state write: a VA grant, a credit spent or returned
  const StageCost& at(PowerStage s) const { return stage[static_cast<size_t>(s)]; }
  StageCost& at(PowerStage s) { return stage[static_cast<size_t>(s)]; }
  double area_um2() const { return total_area_um2(stage.data(), kPowerStages); }
  double leakage_w() const { return total_leakage_w(stage.data(), kPowerStages); }
};

RouterPower router_power(const PowerParams& p, const Tech& t);
// The energies per event by name (buffers: those of the local ports), as
// the JSON's power.energy_per_event_j names them.
std::vector<std::pair<const char*, double>> energy_events(const RouterPower& m);

}  // namespace nocsim
