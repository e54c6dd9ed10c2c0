#pragma once
// Builds a whole network from a validated configuration: topology, routers,
// NICs, links and the clock. Owns everything; SystemC allows one elaboration
// per process, so one Network per process.
#include <memory>
#include <systemc>
#include <unordered_map>
#include <vector>

#include "congestion/contention.h"
#include "congestion/provider.h"
#include "core/config.h"
#include "core/run_status.h"
#include "core/wake_wheel.h"
#include "link/link.h"
#include "link/link_group.h"
#include "nic/nic.h"
#include "nic/nic_clock.h"
#include "blocks/block_run.h"
#include "router/router.h"
#include "router/router_clock.h"
#include "core/batch_plan.h"
#include "sim/config_checks.h"
#include "sim/params.h"
#include "stats/delivery.h"
#include "stats/stats.h"
#include "topologies/topology.h"
#include "traffic/pattern.h"

namespace nocsim {

struct Phases;
class TraceProbe;
class LinkPowerNet;
class LinkGate;
class Application;

class Network : public sc_core::sc_module, public CongestionView {
 public:
  static constexpr Cycle kPeriodPs = kClockPeriodPs;

  Network(sc_core::sc_module_name name, const Config& cfg);
  ~Network();
  const Topology& topology() const { return *topo_; }
  // The run's typed configuration (each component's section).
  const RunConfig& run_config() const { return rc_; }
  // traffic.pattern's pattern, null where unread (sim/workload.h, base_pattern_read).
  const TrafficPattern* pattern() const { return pattern_.get(); }
  const std::vector<std::unique_ptr<Router>>& routers() const { return routers_; }
  const std::vector<std::unique_ptr<Nic>>& nics() const { return nics_; }
  // After the run: the NICs take in what arrived by `upto` (Nic::flush).
  void flush_nics(Cycle upto) { nic_clock_->flush(upto); }
  // Before reading routers between edges (at most a cycle before edge a):
  // the links due at a are pulled as the update phase before a would have
  // (Router::set_pull_in_run).
  void pull_early(Cycle a) {
    router_clock_->take_log(a);
    for (auto& r : routers_) r->pull_early(a);
  }
  // The run's monitor checks the network next at the edge of cycle c
  // (before the routers run it): a batch of cycles ends there.
  void set_next_check(Cycle c) { next_check_ = c; }
  // The longest batch of cycles the network runs at a time (sim.batch; 1:
  // none), and the clusters of routers it runs one after another (1: all
  // routers at once).
  int batch() const { return router_clock_->batch(); }
  int batch_clusters() const { return router_clock_->clusters(); }
  NetStats& stats() { return stats_; }
  const NetStats& stats() const { return stats_; }
  RunStatus& status() { return status_; }
  // Packets waiting in the NICs' source queues with no flit sent.
  uint64_t source_queued() const;
  // The routers' clock's arrival logs (per-router mode), or null.
  const ArrivalLogs* arrival_logs() const { return router_clock_ ? router_clock_->logs() : nullptr; }
  // Flits that have entered the network and not left it.
  uint64_t flits_in_network() const { return stats_.flits_injected - stats_.flits_ejected; }
  // Flits that crossed a pipeline or a link so far: the watchdog's heartbeat.
  uint64_t progress() const;
  int occupancy(int router, int port, VcRange vcs) const override;
  int port_occupancy(int router, int port) const override;
  int port_queued(int router, int port) const override;
  int credits(int router, int port, VcRange vcs) const override;
  int depth(int router, int port) const override;
  int output_queue(int router, int port) const override {
    return routers_[router]->state().st_queue(port, committed_cycle(kPeriodPs));
  }
  bool saturated(int router, int port) const override;
  bool contended(int router, int port) const override;
  int min_occupancy(int router, int port) const override;
  bool group_contended(int router, int group) const override;
  const EctnBoard* ectn() const { return ectn_.get(); }  // ECtN's board (variant ectn), else null
  // stats.series_period with contention counters on: per router, per sample
  // (at the end of each interval), the head packets its counters hold.
  const std::vector<std::vector<uint64_t>>& contention_series() const { return contention_series_; }
  // Activity of router r in the measurement window and after it (counters
  // minus their values at the end of warm-up), per router and per port.
  Activity activity(int r) const;
  // First cycle the activity counts cover: the end of warm-up, or 0 when
  // the run stopped before it (a failure during warm-up).
  Cycle activity_since() const { return snapshot_taken_ ? stats_.window.begin : 0; }
  std::vector<PortActivity> port_activity(int r) const;
  // The latency breakdown's sums over the run: every router's and the sinks'.
  LatencyParts latency_parts() const;
  // Some flit or credit on a link arrives after cycle `now` (the watchdog's
  // window may be shorter than a link).
  // A link held back by its power state counts (it trains until later).
  bool links_busy_after(Cycle now) const;
  // link.power.policy other than none: the links' power states, else null.
  const LinkPowerNet* link_power() const { return link_power_.get(); }
  // The routing family's statistics (RoutingFactory::stats), else null.
  const RoutingStats* routing_stats() const { return routing_stats_.get(); }
  // workload.type other than open: the closed-loop application, else null.
  Application* app() const { return app_.get(); }
  // traffic.phases (empty: none).
  const Phases& phases() const { return *phases_; }
  // Multi-line report of every non-empty input VC: what it waits for.
  std::string blocked_report(size_t max_lines) const;
  // trace.file: after the run, the waveform's last cycle and close.
  void finish_trace();

 private:
  const Config& cfg_;
  std::unique_ptr<Topology> topo_;  // validate_config's: checks the configuration first
  RunConfig rc_;
  std::unique_ptr<TrafficPattern> pattern_;
  std::unique_ptr<Phases> phases_;  // traffic.phases: their patterns (the sources refer to them)
  std::unique_ptr<Application> app_;  // the NICs refer to its ranks
  NetStats stats_;
  DeliveryCollector collector_{*topo_, stats_};
  std::unique_ptr<RoutingStats> routing_stats_;
  RunStatus status_;
  sc_core::sc_clock clock_;
  WakeWheel wheel_;
  std::vector<std::unique_ptr<Router>> routers_;
  std::unique_ptr<RouterClock> router_clock_;  // the routers' evaluates (per-router mode) and commits
  std::vector<std::unique_ptr<Nic>> nics_;
  std::unique_ptr<NicClock> nic_clock_;  // runs the NICs with work
  std::vector<std::unique_ptr<LinkGroup>> link_groups_;
  std::vector<Link*> links_;  // every link, in the order they were made
  std::vector<std::unique_ptr<LinkSenders<Flit>>> nic_out_;  // a block of NICs' flits out
  std::vector<std::unique_ptr<LinkGate>> gates_;  // [router]: slow links or link power, else empty
  std::vector<std::unique_ptr<CongestionProvider>> providers_;
  std::unique_ptr<EctnBoard> ectn_;
  BlockMode contention_mode_ = BlockMode::Cpp;  // the contention counters' (rtl.contention)
  void enable_contention(const Topology& t);
  std::vector<std::vector<uint64_t>> contention_series_;
  void sample_contention();
  sc_core::sc_event series_event_;
  // Counters at the end of warm-up, per router (taken by snapshot_activity).
  std::vector<Activity> warm_act_;
  std::vector<std::vector<PortActivity>> warm_port_act_;
  void snapshot_activity();
  bool snapshot_taken_ = false;
  std::vector<PortActivity> raw_port_activity(int r) const;  // whole run
  // Flits on their way over l: on it, or, if logged, in the routers'
  // clock's flit log (counted once per simulated time, for every link).
  uint64_t flits_in_flight(const Link& l) const;
  // Flits a direct ST put on output `port`'s link that leave after the
  // last committed cycle (Router::set_direct_st).
  static int direct_ahead(const Router& r, int port);
  mutable std::unordered_map<uint32_t, uint64_t> logged_in_flight_;  // by log key
  mutable uint64_t counted_at_ = ~uint64_t{0};                       // the sc_time value they were counted at
  void schedule_snapshot(Cycle warm);
  // sim.batch: the batches the network allows (outer 1: none), and the
  // cycle a batch starting at t ends before.
  BatchPlan batch_plan(bool one_pass) const;
  static constexpr int kAutoBatch = 128;        // sim.batch=0's longest
  static constexpr size_t kClusterVcs = 16384;  // sim.batch=0 clusters networks of this many input VCs
  Cycle batch_horizon(Cycle t) const;
  Cycle next_check_ = 0;
  bool verilated_ = false;  // some rtl.* block is not C++
  sc_core::sc_event snapshot_event_;  // end of warm-up, a quarter period before its edge
  std::unique_ptr<TraceProbe> trace_;
  std::unique_ptr<LinkPowerNet> link_power_;

  // Assembly, in this order (the destructor undoes it backwards).
  void build_routers(const RouterParams& rp, const BlockModes& modes);
  void build_links();
  void build_nics(const RouterParams& rp);
  void build_gates();
  LinkGroup& add_links(const std::string& name, const std::vector<LinkGroup::Spec>& specs);
  void connect_nic(int n, Link& in, Link& ej);  // binds NIC n to its router over its two links
  static constexpr int kNicsPerGroup = 16;
};

}  // namespace nocsim
