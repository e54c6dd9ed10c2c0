#pragma once
// The power section of a run's results: the router model of power/ priced
// with the run's activity counters. Energy per event x events / time, plus
// leakage, per stage; network totals, per-router means and energy per bit.
#include <iosfwd>
#include <vector>

#include "sim/run_config.h"
#include "core/cycle.h"
#include "power/router_power.h"
#include "topologies/topology.h"

namespace nocsim {

class JsonWriter;
class Network;

// The router of this configuration as the power model sees it.
PowerParams power_params(const RunConfig& rc, const Topology& t);

struct PowerReport {
  Tech tech;
  PowerParams params;
  RouterPower model;          // one router
  double seconds = 0;         // time the activity counts cover
  StageCost stage[kPowerStages] = {};  // network totals (area, leakage)
  double dynamic_w[kPowerStages] = {};
  std::vector<double> router_w;  // total power of each router
  double delivered_bits = 0;
  double area_um2() const { return total_area_um2(stage, kPowerStages); }
  double leakage_w() const { return total_leakage_w(stage, kPowerStages); }
  double dynamic_total_w() const;
  double power_w() const { return leakage_w() + dynamic_total_w(); }
};

// `cycles`: cycles run; the activity counts cover those since net.activity_since().
PowerReport compute_power(const Network& net, Cycle cycles);
void write_power(JsonWriter& j, const PowerReport& p, bool per_router);
void print_power(std::ostream& o, const PowerReport& p, int routers);
// nocsim --power-model: one router's area and leakage per stage and its
// energies per event, then the model's size of each rtl_ref/ block at this
// router's ports and VCs, labelled as scripts/rtl_area.sh labels them.
void print_power_model(std::ostream& o, const RunConfig& rc, const Topology& t);

}  // namespace nocsim
