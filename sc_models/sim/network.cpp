#include "sim/network.h"

#include <algorithm>
#include <string>

#include "alloc/sw_alloc_backend.h"
#include "congestion/provider.h"
#include "core/arrival_log.h"
#include "core/error.h"
#include "blocks/block.h"
#include "blocks/block_run.h"
#include "vc/vc_config.h"
#include "sim/link_power_net.h"
#include "router/link_gate.h"
#include "sim/params.h"
#include "sim/stop_signal.h"
#include "sim/workload.h"
#include "trace/trace_probe.h"
#include "traffic/source.h"
#include "vc/request_reply.h"
#include "workload/application.h"

namespace nocsim {

// Assembly in parts (docs/architecture.md, "Building a network"): routers,
// the links between them, then per node its NIC and links; the destructor
// relies on this order.
Network::Network(sc_core::sc_module_name name, const Config& cfg)
    : sc_module(name),
      cfg_(cfg), topo_(validate_config(cfg)), rc_(RunConfig::from(cfg)), clock_("clk", sc_core::sc_time(static_cast<double>(kPeriodPs), sc_core::SC_PS)),
      wheel_("wheel", kPeriodPs) {
  wheel_.clk(clock_);
  pattern_ = make_base_pattern(cfg, rc_, *topo_);
  const Topology& t = *topo_;
  const RouterParams rp = router_params(rc_, t);
  const BlockModes modes(cfg, block_shape(rc_, t));
  contention_mode_ = modes["contention"];
  for (const std::string& name : block_registry().keys()) verilated_ = verilated_ || modes[name] != BlockMode::Cpp;
  const Cycle warm = rc_.sim.warmup;
  stats_.window = {warm, warm + rc_.sim.cycles};
  // Before the network: a bad trace, or a program too big beside it, is
  // refused before its allocation.
  app_ = make_application(rc_, t);
  build_routers(rp, modes);
  build_links();
  build_nics(rp);
  for (auto& r : routers_) {
    r->set_status(&status_);
    r->set_view(this);
  }
  stats_.series_period = rc_.sim.series_period;
  if (rc_.contention.on) enable_contention(t);
  schedule_snapshot(warm);
  for (const auto& name : routers_.front()->routing().congestion_providers())
    providers_.push_back(congestion_registry().at(name).make(t, *this, cfg));
  trace_ = make_trace_probe(cfg, routers_, kPeriodPs);
  build_gates();
  link_power_ = LinkPowerNet::make(cfg, rc_, t, gates_, nics_, wheel_);
  // One pass per router where nothing reads a router between its evaluate
  // and the update phase (Router::set_one_pass).
  const bool one_pass = rc_.sim.one_pass && !routers_.front()->routing().reads_other_routers() &&
                        providers_.empty() && !rc_.contention.on && gates_.empty() && !trace_;
  for (auto& r : routers_) r->set_one_pass(one_pass);
  for (auto& r : routers_) r->set_direct_st(rc_.sim.direct_st && !trace_);
  if (BatchPlan plan = batch_plan(one_pass); plan.outer > 1) {
    router_clock_->set_batch(
        std::move(plan), [this](Cycle t) { return batch_horizon(t); },
        [this](size_t r, Cycle c) { nic_clock_->run_router_nics(r, c); },
        [this](size_t r, Cycle until) { return nic_clock_->asleep(r, until); });
    nic_clock_->set_batch(t.routers(), [this](int r) { return routers_[static_cast<size_t>(r)]->parallel_owner(); });
  }
  for (auto& r : routers_) r->set_pull_in_run(one_pass);
}

// Batches of cycles (docs/architecture.md, "Batches of cycles") need the
// routers in one pass, C++ blocks only (a Verilated block
// keeps the kernel's cycle), NICs that share nothing, and are at most as
// long as the shortest link between routers (a router's NICs run beside
// it), or between clusters of routers (core/batch_plan.h).
BatchPlan Network::batch_plan(bool one_pass) const {
  const SimConfig& s = rc_.sim;
  BatchPlan flat;
  flat.clusters = {0, routers_.size()};
  if (s.batch == 1 || !one_pass || s.per_stage || verilated_) return flat;
  for (const auto& n : nics_)
    if (!n->alone()) return flat;
  // The arrival log keeps a batch's slots apart from its sends' up to
  // kMaxBatch cycles (sim.batch's largest value).
  static_assert(FlitLog::kMaxBatch >= 256 && kAutoBatch <= FlitLog::kMaxBatch);
  std::vector<RouterLink> links;
  for (size_t r = 0; r < routers_.size(); ++r) {
    const RouterParams& p = routers_[r]->state().p;
    for (int port = 0; port < p.ports; ++port) {
      if (!routers_[r]->in_link(port)) continue;
      const int lat = p.in_latency[static_cast<size_t>(port)];
      // A NIC sends a packet's flits at once, each at its cycle: all
      // within the routers' table of near arrivals (Router::ask_near),
      // not the wheel.
      if (port >= p.network_ports && lat + rc_.traffic.max_packet() >= static_cast<int>(WakeWheel::kSlots)) return flat;
      if (port < p.network_ports)
        links.push_back({topo_->peer(static_cast<int>(r), port).router, static_cast<int>(r), lat});
    }
  }
  BatchPlan plan = plan_batches(static_cast<int>(routers_.size()), links, s.batch ? s.batch : kAutoBatch);
  // sim.batch=0: clusters where the routers' state is beyond a core's
  // caches; below, they cost more than they save (docs/performance.md,
  // "Session 61": the h = 4 dragonfly, 11K input VCs, ran 3-10% slower in
  // clusters, h = 5, 26K, 1.2x faster).
  size_t vcs = 0;
  for (const auto& r : routers_) vcs += r->state().in.size();
  if (!s.batch && vcs < kClusterVcs) {
    plan.outer = plan.inner;
    plan.clusters = {0, routers_.size()};
  }
  return plan;
}

// The monitor's next check or the end of warm-up (the activity snapshot),
// whichever comes first after t; without a check ahead, cycle by cycle.
Cycle Network::batch_horizon(Cycle t) const {
  if (next_check_ <= t) return t + 1;
  const Cycle warm = stats_.window.begin;
  return warm > t ? std::min(next_check_, warm) : next_check_;
}

// The routers' link gates (router/link_gate.h), when some link is slower
// than a flit per cycle or link power is on: each output's pace.
void Network::build_gates() {
  if (rc_.link_power.policy == LinkPolicy::None && !rc_.link.any_slow()) return;
  const Topology& t = *topo_;
  for (int r = 0; r < t.routers(); ++r) {
    auto gate = std::make_unique<LinkGate>(t.ports());
    for (int p = 0; p < t.ports(); ++p) {
      const uint64_t pace = rc_.link.pace_of(t.port_class(p));
      if (pace > LinkPacer::kUnit && (p >= t.network_ports() || t.peer(r, p).router >= 0)) gate->pace(p, pace);
    }
    gate->set_wake(&wheel_, routers_[static_cast<size_t>(r)].get());
    routers_[static_cast<size_t>(r)]->set_output_hook(gate.get());
    gates_.push_back(std::move(gate));
  }
}

// One router per topology router, each with its own routing, selection,
// allocator and twins; routers whose routings share a reference share one
// VC policy.
void Network::build_routers(const RouterParams& rp, const BlockModes& modes) {
  const Topology& t = *topo_;
  const bool per_stage = rc_.sim.per_stage;
  std::vector<bool> sink(t.ports(), false);
  std::shared_ptr<const VcPolicy> vc_policy;  // shared while the routers' references agree (VcPolicy)
  VcSequence policy_ref;
  const std::vector<int> replies = reply_vcs(rc_.buffers(), t);
  const RoutingFactory& routing = routing_registry().at(rc_.routing.algorithm);
  for (int p = t.network_ports(); p < t.ports(); ++p) sink[p] = true;
  for (int r = 0; r < t.routers(); ++r) {
    if (r % 64 == 0) exit_if_stopped_while_building();
    RouterLogic logic;
    logic.routing = routing.make(t, cfg_, rc_.sim.seed, r);
    const VcSequence ref = logic.routing->reference();
    if (!vc_policy || ref.text() != policy_ref.text() || ref.share() != policy_ref.share()) {
      vc_policy = make_vc_policy(cfg_, rc_.traffic.request_reply, ref, rp.out_vcs, rp.global_port, replies);
      policy_ref = ref;
    }
    logic.vc_policy = vc_policy;
    logic.selection = selection_registry().at(rc_.vc.select).make(rc_.vc, rc_.sim.seed, r);
    const BlockContext ctx{cfg_, r, t.ports(), rp.vcs};
    logic.alloc = on_block(sw_alloc_registry().at(rc_.router.allocator_sa).make(t.ports(), rp.vcs, rc_.router.sa_arbiters),
                           make_block_run("sa", modes["sa"], ctx), t.ports(), rp.vcs);
    logic.va_rtl = make_block_run("va", modes["va"], ctx);
    logic.select_rtl = make_block_run("vc_select", modes["vc_select"], ctx);
    logic.mincred_rtl = make_block_run("mincred", modes["mincred"], ctx);
    routers_.push_back(std::make_unique<Router>(("router_" + std::to_string(r)).c_str(), r, rp, kPeriodPs, per_stage,
                                                std::move(logic), sink));
    routers_.back()->clk(clock_);
    routers_.back()->set_wheel(&wheel_);
    routers_.back()->set_packet_times(&collector_.times());
  }
  std::vector<Router*> all;
  for (auto& r : routers_) all.push_back(r.get());
  router_clock_ = std::make_unique<RouterClock>("router_clock", kPeriodPs, all, !per_stage, rc_.sim.threads);
  router_clock_->clk(clock_);
}

LinkGroup& Network::add_links(const std::string& name, const std::vector<LinkGroup::Spec>& specs) {
  link_groups_.push_back(std::make_unique<LinkGroup>(name.c_str(), specs, kPeriodPs));
  LinkGroup& g = *link_groups_.back();
  for (size_t i = 0; i < g.size(); ++i) links_.push_back(&g[i]);
  return g;
}

// A link per connected router port, flits one way and credits the other.
void Network::build_links() {
  const Topology& t = *topo_;
  std::vector<LinkGroup::Spec> specs;
  std::vector<int> ports;
  for (int r = 0; r < t.routers(); ++r) {
    if (r % 64 == 0) exit_if_stopped_while_building();
    specs.clear();
    ports.clear();
    for (int p = 0; p < t.network_ports(); ++p) {
      if (t.peer(r, p).router < 0) continue;
      const int own = t.link_latency(r, p);  // a graph's links may have their own
      specs.push_back({"port_" + std::to_string(p), own > 0 ? own : rc_.link.latency_of(t.port_class(p))});
      ports.push_back(p);
    }
    LinkGroup& links = add_links("links_" + std::to_string(r), specs);
    for (size_t i = 0; i < ports.size(); ++i) {
      const int p = ports[i];
      const PortPeer q = t.peer(r, p);
      Link* l = &links[i];
      routers_[r]->bind_flit_out(p, l->in);
      routers_[q.router]->bind_credit_out(q.port, l->in);
      l->set_flit_receiver(routers_[q.router].get(), Router::flit_tag(q.port));
      l->set_credit_receiver(routers_[r].get(), Router::credit_tag(p));
      routers_[q.router]->attach_input(q.port, l);
      routers_[r]->attach_output(p, l);
    }
  }
}

// Per node: its NIC with its traffic source, an injection and an ejection link.
void Network::build_nics(const RouterParams& rp) {
  const Topology& t = *topo_;
  NicParams np;
  const ClassParams inj = class_params(rc_, PortClass::Nic);
  np.vcs = inj.vcs;
  np.buffer_depth = inj.depth;
  np.script_size = rc_.traffic.packet_sizes.front();
  np.vct = rp.vct;
  np.check = rp.check;
  np.request_reply = rc_.traffic.request_reply;
  np.reply_size = rc_.traffic.reply_size;
  np.source_queue = static_cast<size_t>(rc_.traffic.source_queue);
  np.pace = rc_.link.pace_of(PortClass::Nic);
  np.random_vc = rc_.router.injection_vc_random;
  np.seed = rc_.sim.seed;
  if (const auto& f = routing_registry().at(rc_.routing.algorithm); f.stats) routing_stats_ = f.stats(t, cfg_);
  np.routing_stats = routing_stats_.get();
  if (routing_stats_)
    for (auto& r : routers_) r->attach_routing_stats(routing_stats_.get());
  const Cycle stop = rc_.sim.stop_injection ? stats_.window.end : kNeverCycle;
  // A closed-loop run reads neither traffic.pattern nor traffic.phases.
  phases_ = std::make_unique<Phases>(app_ ? Phases{} : make_phases(cfg_, rc_, t));
  std::vector<LinkGroup::Spec> specs;
  for (int first = 0; first < t.nodes(); first += kNicsPerGroup) {
    if (first % 256 == 0) exit_if_stopped_while_building();
    const int end = std::min(t.nodes(), first + kNicsPerGroup);
    specs.clear();
    for (int n = first; n < end; ++n) {
      auto source = app_ ? nullptr : make_source(rc_, t, n, stop, pattern_.get(), *phases_);
      nics_.push_back(std::make_unique<Nic>(("nic_" + std::to_string(n)).c_str(), n, t.node_router(n), np, kPeriodPs,
                                            std::move(source), stats_, collector_, status_));
      specs.push_back({"inj_" + std::to_string(n), inj.latency});
      specs.push_back({"ej_" + std::to_string(n), inj.latency});
    }
    LinkGroup& links = add_links("nic_links_" + std::to_string(first / kNicsPerGroup), specs);
    nic_out_.push_back(
        std::make_unique<LinkSenders<Flit>>(("nic_out_" + std::to_string(first / kNicsPerGroup)).c_str(), kNicsPerGroup));
    for (int n = first; n < end; ++n) connect_nic(n, links[2 * static_cast<size_t>(n - first)],
                                                  links[2 * static_cast<size_t>(n - first) + 1]);
  }
  std::vector<Nic*> all;
  for (auto& nic : nics_) all.push_back(nic.get());
  nic_clock_ = std::make_unique<NicClock>("nic_clock", kPeriodPs, all, router_clock_->team(), stats_);
  nic_clock_->clk(clock_);
}

void Network::connect_nic(int n, Link& in, Link& ej) {
  const Topology& t = *topo_;
  Nic& nic = *nics_[static_cast<size_t>(n)];
  if (app_) nic.set_app(app_->engine().port(n));
  nic.set_wheel(&wheel_);
  Router& r = *routers_[t.node_router(n)];
  const int port = t.node_port(n);
  nic.bind_flit_out(*nic_out_.back(), n % kNicsPerGroup, in.in);
  r.bind_credit_out(port, in.in);
  in.set_flit_receiver(&r, Router::flit_tag(port));
  in.set_credit_receiver(nullptr, 0);  // the NIC pulls credits whenever it runs
  r.attach_input(port, &in);
  r.bind_flit_out(port, ej.in);
  ej.set_flit_receiver(&nic, 0);
  r.attach_output(port, &ej);  // the ejection link counts the flits it carries
  nic.attach(&in, &ej);  // the ejection link carries no credits: the sink consumes at once
}

// The activity counters' snapshot at the end of warm-up.
void Network::schedule_snapshot(Cycle warm) {
  warm_act_.assign(routers_.size(), Activity{});
  warm_port_act_.assign(routers_.size(), std::vector<PortActivity>(static_cast<size_t>(topo_->ports())));
  if (warm == 0) return;
  SC_HAS_PROCESS(Network);
  SC_METHOD(snapshot_activity);
  dont_initialize();
  // A quarter period before the first measured edge: after every commit
  // and falling-edge pull of cycle warm-1, when nothing else runs.
  sensitive << snapshot_event_;
  snapshot_event_.notify(sc_core::sc_time(static_cast<double>(warm * kPeriodPs - kPeriodPs / 4), sc_core::SC_PS));
}

bool Network::links_busy_after(Cycle now) const {
  for (const auto& l : links_)
    if (l->busy_after(now)) return true;
  // Logged sends (in the logs alone): all arrive after the last cycle
  // taken, which pull_early(now) made now.
  if (const ArrivalLogs* logs = arrival_logs()) {
    if (logs->any_credit([](const LoggedCredit&) { return true; })) return true;
    if (logs->any_flit([](const LoggedFlit&) { return true; })) return true;
  }
  return link_power_ && link_power_->holding_after(now);
}

void Network::finish_trace() {
  if (trace_) trace_->finish();
}

// SystemC unregisters a port or export by searching its registry from the
// newest entry: destroying in reverse creation order keeps teardown linear
// (forward order took a quarter of a short dragonfly run).
Network::~Network() {
  trace_.reset();
  while (!providers_.empty()) providers_.pop_back();
  auto drop = [](auto& v) {
    while (!v.empty()) v.pop_back();
  };
  // Built as: routers, a link group per router, then per block of NICs
  // the NICs, their link group and their sender.
  links_.clear();
  while (!nics_.empty()) {
    nic_out_.pop_back();
    const size_t block = link_groups_.back()->size() / 2;
    link_groups_.pop_back();
    for (size_t i = 0; i < block; ++i) nics_.pop_back();
  }
  drop(link_groups_);
  drop(routers_);
}

void Network::snapshot_activity() {
  snapshot_taken_ = true;
  pull_early(stats_.window.begin);
  if (link_power_) link_power_->snapshot(stats_.window.begin);
  for (size_t r = 0; r < routers_.size(); ++r) {
    warm_act_[r] = routers_[r]->state().obs.get<ActivityCounters>().activity();
    warm_port_act_[r] = raw_port_activity(static_cast<int>(r));
  }
}

Activity Network::activity(int r) const {
  Activity a = routers_[r]->state().obs.get<ActivityCounters>().activity();
  a -= warm_act_[r];
  return a;
}

uint64_t Network::flits_in_flight(const Link& l) const {
  const int64_t key = l.flit_key();
  if (key < 0) return l.flits_in_flight();
  const uint64_t now = sc_core::sc_time_stamp().value();
  if (now != counted_at_) {
    counted_at_ = now;
    logged_in_flight_.clear();
    arrival_logs()->any_flit([this](const LoggedFlit& i) {
      ++logged_in_flight_[i.key];
      return false;
    });
  }
  const auto it = logged_in_flight_.find(static_cast<uint32_t>(key));
  return it == logged_in_flight_.end() ? 0 : it->second;
}

int Network::direct_ahead(const Router& r, int port) {
  const RouterState& st = r.state();
  if (!st.direct_st) return 0;
  return st.direct_sends[static_cast<size_t>(port)].after(committed_cycle(kPeriodPs), st.p.lat_sa + st.p.lat_st);
}

std::vector<PortActivity> Network::raw_port_activity(int r) const {
  const Router& rt = *routers_[r];
  std::vector<PortActivity> a(static_cast<size_t>(rt.state().p.ports));
  for (size_t p = 0; p < a.size(); ++p) {
    if (const Link* l = rt.in_link(static_cast<int>(p))) {
      a[p].credits = l->credits_sent();
      // Every flit the link carried is written into the input buffer when it
      // arrives; those still on the link are not yet.
      a[p].buffer_writes = l->flits_sent() - flits_in_flight(*l);
    }
    // A direct ST's flits are on the link before the cycle they leave in.
    if (const Link* l = rt.out_link(static_cast<int>(p)))
      a[p].link_flits = l->flits_sent() - static_cast<uint64_t>(direct_ahead(rt, static_cast<int>(p)));
  }
  return a;
}

std::vector<PortActivity> Network::port_activity(int r) const {
  std::vector<PortActivity> a = raw_port_activity(r);
  for (size_t p = 0; p < a.size(); ++p) a[p] -= warm_port_act_[r][p];
  return a;
}

uint64_t Network::source_queued() const {
  uint64_t n = 0;
  for (const auto& nic : nics_) n += nic->source_queued();
  return n;
}

uint64_t Network::progress() const {
  uint64_t s = stats_.flits_injected + stats_.flits_ejected;
  for (const auto& r : routers_) s += r->state().flits_moved + r->state().arrivals;
  return s;
}
}  // namespace nocsim
