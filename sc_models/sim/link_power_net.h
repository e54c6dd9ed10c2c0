#pragma once
// Link power across a network (link.power.*; docs/power-model.md "Link
// power"): one LinkPair per pair of opposite router-to-router links, the
// routers' LinkGates that consult them, the awake policy's messages, and the
// results (JSON link_power and a summary line). Injection and ejection links
// are not switched.
#include <array>
#include <iosfwd>
#include <memory>
#include <vector>

#include "sim/run_config.h"
#include "core/wake_wheel.h"
#include "nic/injector.h"
#include "power/link_power.h"
#include "router/link_gate.h"
#include "routing/routing.h"
#include "topologies/topology.h"

namespace nocsim {

class JsonWriter;
class Router;
class Nic;

struct LinkPowerTotals {
  double seconds = 0;                    // the window's length
  double energy_j = 0, baseline_j = 0;   // baseline: every link high throughout
  std::array<double, LinkPair::kModes> share{};  // of link time in each mode
  uint64_t trainings = 0, held_flits = 0;
  Cycle held_cycles = 0;
  double savings() const { return baseline_j > 0 ? 1 - energy_j / baseline_j : 0; }
};

class LinkPowerNet : public WheelClient, public InjectionListener {
 public:
  // Null under link.power.policy=none; `cfg` for the awake policy's routings.
  // `gates`: the routers' link gates (Network::build_gates), which get the pairs.
  static std::unique_ptr<LinkPowerNet> make(const Config& cfg, const RunConfig& rc, const Topology& t,
                                            const std::vector<std::unique_ptr<LinkGate>>& gates,
                                            const std::vector<std::unique_ptr<Nic>>& nics, WakeWheel& wheel);
  LinkPowerNet(const RunConfig& rc, const Topology& t, WakeWheel& wheel);
  // Awake: a head larger than the break-even size left its NIC; a message
  // runs ahead along its path, reaching each link one link latency after the last.
  void injected(int router, const Flit& head, Cycle now, uint64_t message_flits) override;
  void on_wheel(Cycle c, int tag, uint32_t arg) override;  // tag: the pair the awake message reached
  void snapshot(Cycle at);                   // the end of warm-up: totals count from here
  // Some link holds a flit back past cycle now (the watchdog waits for it).
  bool holding_after(Cycle now) const;
  LinkPowerTotals totals(Cycle to) const;
  const LinkPowerParams& params() const { return p_; }
  size_t pairs() const { return pairs_.size(); }

 private:
  struct Counts {
    std::array<Cycle, LinkPair::kModes> time{};
    uint64_t trainings = 0, held = 0;
    Cycle held_cycles = 0;
  };
  static Counts counts(const std::vector<LinkPair>& pairs, Cycle at);
  const Topology& t_;
  LinkPowerParams p_;
  double cycle_s_;  // seconds per cycle (power.freq_ghz)
  std::vector<LinkPair> pairs_;
  std::vector<int> pair_of_;  // [router * ports + port], -1: none
  Counts warm_;
  Cycle from_ = 0;
  // Awake: a copy of each router's routing walks the path.
  WakeWheel& wheel_;
  std::vector<std::unique_ptr<Routing>> walk_;
  std::vector<int> latency_;  // [port] link latency of its class
  int nic_latency_ = 1;
  std::vector<RouteCandidate> cands_;
};

void write_link_power(JsonWriter& j, const LinkPowerNet& lp, const LinkPowerTotals& t);
void print_link_power(std::ostream& o, const LinkPowerNet& lp, const LinkPowerTotals& t);

}  // namespace nocsim
