#include "sim/network.h"

#include <algorithm>
#include <sstream>
#include <string>

#include "alloc/sw_alloc_backend.h"
#include "rtl/block_modes.h"
#include "congestion/provider.h"
#include "core/error.h"
#include "sim/link_power_net.h"
#include "trace/trace_probe.h"
#include "traffic/source.h"
#include "vc/request_reply.h"

namespace nocsim {
// traffic.phases: each phase's pattern (same: traffic.pattern) and first cycle.
struct Phases {
  std::vector<std::unique_ptr<TrafficPattern>> patterns;
  std::vector<Cycle> starts;
  std::vector<double> loads;
};

namespace {

// traffic.packet_size: one size, or a list each packet draws from.
std::vector<int> packet_sizes(const Config& cfg) {
  std::vector<int> v;
  for (int64_t s : cfg.get_int_list("traffic.packet_size")) v.push_back(static_cast<int>(s));
  return v;
}

int max_packet_size(const Config& cfg) {
  const auto v = packet_sizes(cfg);
  return *std::max_element(v.begin(), v.end());
}

}  // namespace

ArbiterKind arbiter_kind(const Config& cfg, const std::string& key) {
  const auto& names = arbiter_kind_names();
  const std::string v = cfg.get_str(key);
  return static_cast<ArbiterKind>(std::find(names.begin(), names.end(), v) - names.begin());
}

ClassParams class_params(const Config& cfg, PortClass c) {
  auto pick = [&](const char* specific, const char* base) {
    int64_t v = specific ? cfg.get_int(specific) : 0;
    return static_cast<int>(v > 0 ? v : cfg.get_int(base));
  };
  switch (c) {
    case PortClass::Nic:
      return {pick("router.injection_vcs", "router.vcs"), pick("router.injection_buffer_depth", "router.buffer_depth"),
              static_cast<int>(cfg.get_int("link.nic_latency"))};
    case PortClass::Global:
      return {pick("router.global_vcs", "router.vcs"), pick("router.global_buffer_depth", "router.buffer_depth"),
              pick("link.global_latency", "link.latency")};
    default:
      return {pick(nullptr, "router.vcs"), pick(nullptr, "router.buffer_depth"), pick(nullptr, "link.latency")};
  }
}

double load_flits(const Config& cfg, const Topology& t, double load) {
  double flits = load;
  if (cfg.get_str("traffic.load_unit") == "gamma0") {
    if (t.bisection_load() <= 0)
      throw ConfigError("traffic.load_unit: gamma0 is defined for mesh and torus, not " + t.name() + "; use flits");
    flits = load * t.bisection_load();
  }
  if (flits > 1.0 + 1e-12)
    throw ConfigError("traffic.load: " + std::to_string(load) + " " + cfg.get_str("traffic.load_unit") + " is " +
                      std::to_string(flits) + " flits/(node*cycle), more than the injection link carries (1)");
  return flits;
}

namespace {

// Request-reply traffic: sources generate requests at half the offered
// load, the replies make up the other half.
double request_share(const Config& cfg) { return cfg.get_bool("traffic.request_reply") ? 0.5 : 1.0; }

// Reply VCs of each port's class (traffic.request_reply): router.reply_vcs
// and router.reply_global_vcs, 0 = half the class's VCs; 0 for the
// injection and ejection ports, which both classes share whole.
int reply_vcs_of(const Config& cfg, PortClass c) {
  const bool global = c == PortClass::Global;
  if (c == PortClass::Nic) return 0;
  const int64_t set = cfg.get_int(global ? "router.reply_global_vcs" : "router.reply_vcs");
  return static_cast<int>(set > 0 ? set : class_params(cfg, c).vcs / 2);
}

std::vector<int> reply_vcs(const Config& cfg, const Topology& t) {
  std::vector<int> v;
  for (int port = 0; port < t.ports(); ++port) v.push_back(port < t.network_ports() ? reply_vcs_of(cfg, t.port_class(port)) : 0);
  return v;
}

// Each class keeps VCs for both sets; separate sets (distance) must each
// cover the routing's sequence, FlexVC's replies its minimal path.
void check_request_reply(const Config& cfg, const Topology& t) {
  const VcSequence ref = routing_registry().at(cfg.get_str("routing.algorithm")).make(t, cfg, 0)->reference();
  const bool chain = vc_policy_registry().at(cfg.get_str("vc.policy")).shared_chain;
  for (PortClass c : {PortClass::Local, PortClass::Global}) {
    bool present = false;
    for (int port = 0; port < t.network_ports(); ++port) present |= t.port_class(port) == c;
    if (!present) continue;
    const bool global = c == PortClass::Global;
    const std::string key = global ? "router.reply_global_vcs" : "router.reply_vcs";
    const int total = class_params(cfg, c).vcs, rep = reply_vcs_of(cfg, c), req = total - rep;
    // FlexVC's policy checks its own minimum for requests.
    const int need = chain ? 1 : ref.count(global ? 'G' : 'L');
    const int rep_need = chain ? (global ? 1 : 2) : need;  // FlexVC: a safe minimal path, L G L
    if (req < std::max(1, need) || rep < std::max(1, rep_need))
      throw ConfigError(key + ": traffic.request_reply splits the " + std::to_string(total) + (global ? " global" : " local") +
                        " VCs into " + std::to_string(req) + " for requests and " + std::to_string(rep) +
                        " for replies; needs at least " + std::to_string(std::max(1, need)) + " and " +
                        std::to_string(std::max(1, rep_need)) + " (the sequence " + ref.text() +
                        (chain ? "; FlexVC replies: a minimal path" : "") + ")");
  }
}

SourceParams source_params(const Config& cfg, const Topology& t, int node, Cycle stop) {
  SourceParams p;
  p.node = node;
  p.seed = static_cast<uint64_t>(cfg.get_int("sim.seed"));
  p.load = load_flits(cfg, t, cfg.get_double("traffic.load")) * request_share(cfg);
  p.message_packets = static_cast<int>(cfg.get_int("traffic.message_packets"));
  p.sizes = packet_sizes(cfg);
  p.burst_length = cfg.get_double("traffic.burst_length");
  p.stop = stop;
  return p;
}

Phases make_phases(const Config& cfg, const Topology& t) {
  Phases ph;
  Cycle at = 0;
  for (const Record& r : cfg.get_records("traffic.phases")) {
    Config c = cfg;
    if (r.at("pattern") != "same") c.set("traffic.pattern", r.at("pattern"));
    ph.patterns.push_back(pattern_registry().at(c.get_str("traffic.pattern")).make(t, c));
    ph.starts.push_back(at);
    const double load = std::stod(r.at("load"));
    ph.loads.push_back(load_flits(cfg, t, load < 0 ? cfg.get_double("traffic.load") : load) * request_share(cfg));
    at += static_cast<Cycle>(std::stoll(r.at("cycles")));
  }
  return ph;
}

// Node n's traffic source: the configured model, or one per phase.
std::unique_ptr<TrafficSource> make_source(const Config& cfg, const Topology& t, int n, Cycle stop, const TrafficPattern& pattern,
                                           const Phases& ph) {
  const SourceFactory& make = source_registry().at(cfg.get_str("traffic.source"));
  if (ph.starts.empty()) return make(source_params(cfg, t, n, stop), pattern);
  std::vector<std::unique_ptr<TrafficSource>> sources;
  for (size_t k = 0; k < ph.starts.size(); ++k) {
    SourceParams p = source_params(cfg, t, n, stop);
    p.load = ph.loads[k];
    p.start = ph.starts[k];
    p.phase = static_cast<int>(k);
    sources.push_back(make(p, *ph.patterns[k]));
  }
  return std::make_unique<PhasedSource>(source_params(cfg, t, n, stop), pattern, std::move(sources), ph.starts);
}

SaArbiters sa_arbiters(const Config& cfg) {
  return {arbiter_kind(cfg, "router.arbiter.sa_in"), arbiter_kind(cfg, "router.arbiter.sa_out")};
}

RouterParams router_params(const Config& cfg, const Topology& t) {
  RouterParams p;
  const bool damq = cfg.get_str("router.buffer_model") == "damq";
  p.ports = t.ports();
  p.network_ports = t.network_ports();
  for (int port = 0; port < t.ports(); ++port) {
    ClassParams c = class_params(cfg, t.port_class(port));
    // Links join ports of the same class, and the ejection sink takes any VC.
    p.in_vcs.push_back(c.vcs);
    p.in_depth.push_back(c.depth);
    p.out_vcs.push_back(c.vcs);
    p.out_depth.push_back(c.depth);
    p.vcs = std::max(p.vcs, c.vcs);
    p.global_port.push_back(t.port_class(port) == PortClass::Global);
    // DAMQ: the port's static memory (VCs x depth) as one pool, a reserve per
    // VC, the rest shared; a VC may hold its reserve plus the whole shared part.
    p.reserve.push_back(c.depth);
    p.shared.push_back(0);
    if (damq && port < t.network_ports()) {
      const int reserve = static_cast<int>(cfg.get_int("router.damq.reserve") * max_packet_size(cfg));
      p.reserve.back() = reserve;
      p.shared.back() = c.vcs * c.depth - c.vcs * reserve;
      p.in_depth.back() = p.out_depth.back() = reserve + p.shared.back();
    }
  }
  p.damq = damq;
  p.credit_extras = damq || cfg.get_bool("vc.mincred");
  p.output_buffer_depth = static_cast<int>(cfg.get_int("router.output_buffer_depth"));
  p.speedup = static_cast<int>(cfg.get_int("router.speedup"));
  p.in_transit_priority = cfg.get_bool("router.in_transit_priority");
  p.va_arbiter = arbiter_kind(cfg, "router.arbiter.va");
  p.sa_age = sa_arbiters(cfg).uses_age();
  p.vct = cfg.get_str("router.switching") != "wormhole";
  p.saf = cfg.get_str("router.switching") == "saf";
  p.lat_rc = static_cast<int>(cfg.get_int("router.stage_latency.rc"));
  p.reevaluate = cfg.get_bool("routing.reevaluate");
  p.mincred = cfg.get_bool("vc.mincred");
  p.lat_va = static_cast<int>(cfg.get_int("router.stage_latency.va"));
  p.lat_sa = static_cast<int>(cfg.get_int("router.stage_latency.sa"));
  p.lat_st = static_cast<int>(cfg.get_int("router.stage_latency.st"));
  p.check = cfg.get_bool("sim.check");
  p.reverse_stages = cfg.get_str("sim.stage_order") == "reverse";
  return p;
}

BlockShape block_shape(const Config& cfg, const Topology& t) {
  const RouterParams rp = router_params(cfg, t);
  BlockShape s;
  s.ports = t.ports();
  s.vcs = rp.vcs;
  s.most_port_vcs = *std::max_element(rp.out_vcs.begin(), rp.out_vcs.end());
  s.most_credits = *std::max_element(rp.out_depth.begin(), rp.out_depth.end());
  s.most_packet = max_packet_size(cfg);
  for (size_t p = 0; p < rp.out_vcs.size(); ++p)
    s.most_port_slots = std::max(s.most_port_slots, rp.out_vcs[p] * rp.out_depth[p]);
  s.speedup = rp.speedup;
  s.va_arbiter = rp.va_arbiter;
  s.sa = sa_arbiters(cfg);
  return s;
}

}  // namespace

namespace {

// Switching and buffer organisation against packet sizes and the topology's ports.
void check_buffers(const Config& cfg, const Topology& topo, ErrorList& errors) {
  const int64_t psize = max_packet_size(cfg);
  if (cfg.get_str("router.switching") != "wormhole")
    for (const char* key : {"router.buffer_depth", "router.injection_buffer_depth", "router.global_buffer_depth"})
      if (cfg.get_int(key) != 0 && cfg.get_int(key) < psize)
        errors.add({std::string(key) + ": " +
                    (cfg.get_str("router.switching") == "saf" ? "store-and-forward" : "virtual cut-through") +
                    " needs room for a whole packet (>= the largest " + "traffic.packet_size=" +
                    std::to_string(psize) + "), got " + std::to_string(cfg.get_int(key))});
  if (cfg.get_str("router.buffer_model") == "damq" && cfg.get_str("vc.policy") == "flexvc")
    errors.add({"router.buffer_model: damq with vc.policy=flexvc is not offered (FlexVC's opportunistic hops "
                "need the whole packet's room held, which a shared pool does not guarantee); use static"});
  if (cfg.get_str("router.buffer_model") == "damq")
    for (int port = 0; port < topo.network_ports(); ++port) {
      const ClassParams c = class_params(cfg, topo.port_class(port));
      const int64_t reserve = cfg.get_int("router.damq.reserve") * psize;
      if (reserve * c.vcs > static_cast<int64_t>(c.vcs) * c.depth)
        errors.add({"router.damq.reserve: " + std::to_string(cfg.get_int("router.damq.reserve")) + " packets of " +
                    std::to_string(psize) + " flits per VC exceed a port's pool of " + std::to_string(c.depth) +
                    " flits per VC (at most " + std::to_string(c.depth / psize) + ")"});
    }
  if (cfg.get_int("router.speedup") > 1 && cfg.get_int("router.output_buffer_depth") == 0)
    errors.add({"router.output_buffer_depth: router.speedup > 1 needs output buffers (set it >= 1)"});
  if (cfg.get_str("sim.stage_order") == "reverse" && cfg.get_str("sim.mode") != "per-router")
    errors.add({"sim.stage_order: reverse needs sim.mode=per-router (per-stage processes run in kernel order)"});
}

// Routing, VC policy and selection against the topology and each other.
void check_routing(const Config& cfg, const Topology& topo, ErrorList& errors) {
  errors.check([&] {
    if (const auto& f = routing_registry().at(cfg.get_str("routing.algorithm")); f.validate) f.validate(topo, cfg);
  });
  if (cfg.get_str("routing.trigger") == "contention" && topo.minimal_port(0, 0) < 0)
    errors.add({"routing.trigger: contention counters need a topology with minimal ports (dragonfly); " + topo.name() +
                " has none"});
  errors.check([&] { vc_policy_registry().at(cfg.get_str("vc.policy")); });
  if (cfg.get_str("vc.policy") == "flexvc" && topo.name() != "dragonfly")
    errors.add({"vc.policy: flexvc needs the path shapes only dragonfly routings give; " + topo.name() +
                " has none (use distance)"});
  errors.check([&] { selection_registry().at(cfg.get_str("vc.select")); });
  if (cfg.get_bool("traffic.request_reply")) errors.check([&] { check_request_reply(cfg, topo); });
  if (cfg.get_str("link.power.policy") == "awake")
    errors.check([&] {
      if (!routing_registry().at(cfg.get_str("routing.algorithm")).make(topo, cfg, 0)->deterministic())
        throw ConfigError("link.power.policy: awake needs a deterministic routing (routing.algorithm dor or min), "
                          "not " + cfg.get_str("routing.algorithm"));
    });
}

}  // namespace

std::unique_ptr<Topology> validate_config(const Config& cfg) {
  // Every rule reads the topology: its own errors stop here.
  auto topo = topology_registry().at(cfg.get_str("topology.type")).make(cfg);
  if (topo->ports() > 64)
    throw ConfigError("topology: routers with " + std::to_string(topo->ports()) +
                      " ports; the allocators support at most 64 (reduce concentration, p, a or h)");
  ErrorList errors;
  check_buffers(cfg, *topo, errors);
  check_routing(cfg, *topo, errors);
  errors.check([&] { block_modes(cfg, block_shape(cfg, *topo)); });
  errors.check([&] { check_trace_config(cfg, topo->routers()); });
  if (cfg.get_str("link.power.policy") != "none") errors.check([&] { link_power_params(cfg); });
  errors.check([&] {
    auto pattern = pattern_registry().at(cfg.get_str("traffic.pattern")).make(*topo, cfg);
    make_source(cfg, *topo, 0, kNeverCycle, *pattern, make_phases(cfg, *topo));
  });
  errors.raise();
  return topo;
}

Network::Network(sc_core::sc_module_name name, const Config& cfg)
    : sc_module(name),
      cfg_(cfg), topo_(validate_config(cfg)), clock_("clk", sc_core::sc_time(static_cast<double>(kPeriodPs), sc_core::SC_PS)),
      wheel_("wheel", kPeriodPs) {
  wheel_.clk(clock_);
  pattern_ = pattern_registry().at(cfg.get_str("traffic.pattern")).make(*topo_, cfg);
  const Topology& t = *topo_;
  const RouterParams rp = router_params(cfg, t);
  const BlockModes modes = block_modes(cfg, block_shape(cfg, t));
  contention_mode_ = modes.contention;
  const bool per_stage = cfg.get_str("sim.mode") == "per-stage";
  Cycle warm = static_cast<Cycle>(cfg.get_int("sim.warmup"));
  stats_.window = {warm, warm + static_cast<Cycle>(cfg.get_int("sim.cycles"))};
  stats_.router_injected.assign(topo_->routers(), 0);

  std::vector<bool> sink(t.ports(), false), connected(t.ports(), true);
  std::vector<std::string> provider_names;
  std::shared_ptr<const VcPolicy> vc_policy;  // shared while the routers' references agree (VcPolicy)
  VcSequence policy_ref;
  const std::vector<int> replies = reply_vcs(cfg, t);
  for (int p = t.network_ports(); p < t.ports(); ++p) sink[p] = true;
  for (int r = 0; r < t.routers(); ++r) {
    for (int p = 0; p < t.network_ports(); ++p) connected[p] = t.peer(r, p).router >= 0;
    RouterLogic logic;
    logic.routing = routing_registry().at(cfg.get_str("routing.algorithm")).make(t, cfg, r);
    const VcSequence ref = logic.routing->reference();
    if (!vc_policy || ref.text() != policy_ref.text() || ref.share() != policy_ref.share()) {
      vc_policy = make_vc_policy(cfg, ref, rp.out_vcs, rp.global_port, replies);
      policy_ref = ref;
    }
    logic.vc_policy = vc_policy;
    logic.selection = selection_registry().at(cfg.get_str("vc.select")).make(cfg, r);
    logic.alloc = sw_alloc_registry().at(modes.sa).make(t.ports(), rp.vcs, sa_arbiters(cfg));
    logic.va_twin = make_va_twin(modes.va, t.ports(), rp.vcs);
    logic.select_twin = make_select_twin(modes.vc_select, modes.pick);
    logic.mincred_twin = make_mincred_twin(modes.mincred, r, t.ports());
    if (r == 0) provider_names = logic.routing->congestion_providers();
    routers_.push_back(std::make_unique<Router>(("router_" + std::to_string(r)).c_str(), r, rp, kPeriodPs, per_stage,
                                                std::move(logic), sink, connected));
    routers_.back()->clk(clock_);
    routers_.back()->set_wheel(&wheel_);
  }
  auto link = [&](const std::string& name, int latency) {
    links_.push_back(std::make_unique<Link>(name.c_str(), latency, kPeriodPs));
    return links_.back().get();
  };
  for (int r = 0; r < t.routers(); ++r)
    for (int p = 0; p < t.network_ports(); ++p) {
      PortPeer q = t.peer(r, p);
      if (q.router < 0) continue;
      Link* l = link("link_" + std::to_string(r) + "_" + std::to_string(p), class_params(cfg, t.port_class(p)).latency);
      routers_[r]->flit_out(p)->socket.bind(l->flit_in);
      routers_[q.router]->credit_out(q.port)->socket.bind(l->credit_in);
      l->set_flit_receiver(routers_[q.router].get(), Router::flit_tag(q.port));
      l->set_credit_receiver(routers_[r].get(), Router::credit_tag(p));
      routers_[q.router]->attach_input(q.port, l);
      routers_[r]->attach_output(p, l);
    }

  NicParams np;
  const ClassParams inj = class_params(cfg, PortClass::Nic);
  np.vcs = inj.vcs;
  np.buffer_depth = inj.depth;
  np.script_size = packet_sizes(cfg).front();
  np.vct = rp.vct;
  np.check = rp.check;
  np.request_reply = cfg.get_bool("traffic.request_reply");
  if (const auto& f = routing_registry().at(cfg.get_str("routing.algorithm")); f.stats) routing_stats_ = f.stats(t, cfg);
  np.routing_stats = routing_stats_.get();
  const Cycle stop = cfg.get_bool("sim.stop_injection") ? stats_.window.end : kNeverCycle;
  const int nic_lat = inj.latency;
  phases_ = std::make_unique<Phases>(make_phases(cfg, t));
  for (int n = 0; n < t.nodes(); ++n) {
    auto source = make_source(cfg, *topo_, n, stop, *pattern_, *phases_);
    nics_.push_back(std::make_unique<Nic>(("nic_" + std::to_string(n)).c_str(), n, t.node_router(n), np, kPeriodPs,
                                          std::move(source), stats_, collector_, status_));
    Nic& nic = *nics_.back();
    nic.clk(clock_);
    nic.set_wheel(&wheel_);
    Router& r = *routers_[t.node_router(n)];
    int port = t.node_port(n);
    Link* inj = link("inj_" + std::to_string(n), nic_lat);
    Link* ej = link("ej_" + std::to_string(n), nic_lat);
    nic.flit_out.socket.bind(inj->flit_in);
    r.credit_out(port)->socket.bind(inj->credit_in);
    inj->set_flit_receiver(&r, Router::flit_tag(port));
    inj->set_credit_receiver(nullptr, 0);  // the NIC pulls credits whenever it runs
    r.attach_input(port, inj);
    r.flit_out(port)->socket.bind(ej->flit_in);
    ej->set_flit_receiver(&nic, 0);
    r.attach_output(port, ej);  // the ejection link counts the flits it carries
    nic.attach(inj, ej);
    // The ejection link carries no credits: the sink consumes at once. Its
    // credit socket is bound to a dummy sender so elaboration is complete.
    dummy_credit_.push_back(std::make_unique<LinkSender<Credit>>(("ej_credit_" + std::to_string(n)).c_str()));
    dummy_credit_.back()->socket.bind(ej->credit_in);
  }
  for (auto& r : routers_) {
    r->set_status(&status_);
    r->set_view(this);
  }
  stats_.series_period = static_cast<Cycle>(cfg.get_int("stats.series_period"));
  if (cfg.get_str("routing.trigger") == "contention") enable_contention(t);
  warm_act_.assign(routers_.size(), Activity{});
  warm_port_act_.assign(routers_.size(), std::vector<PortActivity>(static_cast<size_t>(t.ports())));
  if (warm > 0) {
    SC_HAS_PROCESS(Network);
    SC_METHOD(snapshot_activity);
    dont_initialize();
    // A quarter period before the first measured edge: after every commit
    // and falling-edge pull of cycle warm-1, when nothing else runs.
    sensitive << snapshot_event_;
    snapshot_event_.notify(sc_core::sc_time(static_cast<double>(warm * kPeriodPs - kPeriodPs / 4), sc_core::SC_PS));
  }
  for (const auto& name : provider_names) providers_.push_back(congestion_registry().at(name).make(t, *this, cfg));
  trace_ = make_trace_probe(cfg, routers_, kPeriodPs);
  link_power_ = LinkPowerNet::make(cfg, t, routers_, nics_, wheel_);
}

bool Network::links_busy_after(Cycle now) const {
  for (const auto& l : links_)
    if (l->busy_after(now)) return true;
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
  // Built as: routers, router links, then per node its NIC, two links and a
  // dummy credit sender.
  while (!nics_.empty()) {
    dummy_credit_.pop_back();
    links_.pop_back();
    links_.pop_back();
    nics_.pop_back();
  }
  drop(links_);
  drop(routers_);
}

int Network::occupancy(int router, int port, VcRange vcs) const {
  return routers_[router]->state().out[port].depth - credits(router, port, vcs) + output_queue(router, port);
}

int Network::port_occupancy(int router, int port) const {
  const OutputUnit& op = routers_[router]->state().out[port];
  int occ = static_cast<int>(op.queue.size());
  for (const auto& v : op.vcs) occ += op.depth - v.credits;
  return occ;
}

int Network::credits(int router, int port, VcRange vcs) const {
  const OutputVcs& v = routers_[router]->state().out[port].vcs;
  int most = 0;
  for (int o = vcs.lo; o <= vcs.hi && o < static_cast<int>(v.size()); ++o) most = std::max(most, v[o].credits);
  return most;
}

bool Network::saturated(int router, int port) const {
  for (const auto& p : providers_)
    if (p->saturated(router, port)) return true;
  return false;
}

void Network::enable_contention(const Topology& t) {
  ContentionParams p;
  p.variant = ContentionParams::variant_of(cfg_.get_str("routing.contention.variant"));
  p.threshold = static_cast<int>(cfg_.get_int("routing.contention.threshold"));
  p.alpha256 = static_cast<int>(cfg_.get_double("routing.contention.alpha") * 256 + 0.5);
  p.ectn_period = static_cast<int>(cfg_.get_int("routing.contention.ectn_period"));
  p.ectn_threshold = static_cast<int>(cfg_.get_int("routing.contention.ectn_threshold"));
  if (cfg_.get_str("routing.contention.ectn_exchange") == "messages")
    p.ectn_delay = class_params(cfg_, PortClass::Local).latency;
  if (p.variant == ContentionVariant::Ectn) {
    int groups = 0;
    for (int r = 0; r < t.routers(); ++r) groups = std::max(groups, t.group_of(r) + 1);
    ectn_ = std::make_unique<EctnBoard>(t.routers(), t.routers() / groups, groups, p);
  }
  for (auto& r : routers_)
    r->enable_contention(t, p, ectn_.get(), make_contention_twin(contention_mode_, r->state().id, t.ports(), p));
  if (!stats_.series_period) return;
  contention_series_.assign(routers_.size(), {});
  SC_HAS_PROCESS(Network);
  SC_METHOD(sample_contention);
  dont_initialize();
  sensitive << series_event_;
  // As the warm-up snapshot: a quarter period before an edge, after the last cycle's commits.
  series_event_.notify(
      sc_core::sc_time(static_cast<double>(stats_.series_period * kPeriodPs - kPeriodPs / 4), sc_core::SC_PS));
}

void Network::sample_contention() {
  for (size_t r = 0; r < routers_.size(); ++r) {
    const ContentionUnit* u = routers_[r]->state().obs.get<ContentionCounters>().unit();
    uint64_t held = 0;
    for (int p = 0; p < u->ports(); ++p) held += static_cast<uint64_t>(u->count(p));
    contention_series_[r].push_back(held);
  }
  series_event_.notify(sc_core::sc_time(static_cast<double>(stats_.series_period * kPeriodPs), sc_core::SC_PS));
}

bool Network::contended(int router, int port) const {
  return routers_[router]->state().obs.get<ContentionCounters>().over(port, cycle_now(kPeriodPs));
}

bool Network::group_contended(int router, int group) const {
  return ectn_ && ectn_->over(router, group, cycle_now(kPeriodPs));
}

int Network::min_occupancy(int router, int port) const {
  int occ = 0;
  for (const auto& v : routers_[router]->state().out[port].vcs) occ += v.min_flits;
  return routers_[router]->state().obs.get<MinCredCounters>().occupancy(port, cycle_now(kPeriodPs), occ);
}

int Network::depth(int router, int port) const { return routers_[router]->state().out[port].depth; }

void Network::snapshot_activity() {
  snapshot_taken_ = true;
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

std::vector<PortActivity> Network::raw_port_activity(int r) const {
  const Router& rt = *routers_[r];
  std::vector<PortActivity> a(static_cast<size_t>(rt.state().p.ports));
  for (size_t p = 0; p < a.size(); ++p) {
    if (const Link* l = rt.in_link(static_cast<int>(p))) {
      a[p].credits = l->credits_sent();
      // Every flit the link carried is written into the input buffer when it
      // arrives; those still on the link are not yet.
      a[p].buffer_writes = l->flits_sent() - l->flits_in_flight();
    }
    if (const Link* l = rt.out_link(static_cast<int>(p))) a[p].link_flits = l->flits_sent();
  }
  return a;
}

std::vector<PortActivity> Network::port_activity(int r) const {
  std::vector<PortActivity> a = raw_port_activity(r);
  for (size_t p = 0; p < a.size(); ++p) a[p] -= warm_port_act_[r][p];
  return a;
}

uint64_t Network::progress() const {
  uint64_t s = stats_.flits_injected + stats_.flits_ejected;
  for (const auto& r : routers_) s += r->state().flits_moved;
  return s;
}

std::string Network::blocked_report(size_t max_lines) const {
  std::ostringstream o;
  size_t lines = 0, total = 0;
  for (const auto& r : routers_) {
    const RouterState& st = r->state();
    for (int ip = 0; ip < st.p.ports; ++ip)
      for (int v = 0; v < st.p.in_vcs[ip]; ++v) {
        const InputVc& ivc = st.vc(ip, v);
        if (ivc.buf.empty()) continue;
        ++total;
        if (lines >= max_lines) continue;
        ++lines;
        o << "  router " << st.id << " in port " << ip << " vc " << v << ": " << ivc.buf.size() << " flits, ";
        const Flit& f = ivc.buf.front();
        o << (f.head() ? "head" : "body") << " of packet " << f.pkt << " to node " << f.dst << "; ";
        switch (ivc.state) {
          case InputVc::State::Idle:
          case InputVc::State::Routing:
            o << "waiting for RC";
            break;
          case InputVc::State::VcAlloc: {
            for (int c = 0; c < ivc.n_cands; ++c) {
              const RouteCandidate& rc = ivc.cands[c];
              const VcRange r = ivc.cand_vcs[c];
              o << (c ? "; or " : "waiting for VA on ") << "out port " << rc.out_port << " vcs " << int{r.lo} << ".."
                << std::min<int>(r.hi, static_cast<int>(st.out[rc.out_port].vcs.size()) - 1) << " (";
              for (int ov = r.lo; ov <= r.hi && ov < static_cast<int>(st.out[rc.out_port].vcs.size()); ++ov) {
                const OutputVc& x = st.out[rc.out_port].vcs[ov];
                o << (ov > r.lo ? ", " : "") << "vc " << ov << (st.out[rc.out_port].busy(ov) ? " busy" : " free") << " credits "
                  << x.credits;
              }
              o << ")";
            }
            break;
          }
          case InputVc::State::Active:
            o << "waiting for SA on out port " << ivc.route.out_port << " vc " << ivc.out_vc << " (credits "
              << st.out[ivc.route.out_port].vcs[ivc.out_vc].credits << ")";
            break;
        }
        o << "\n";
      }
  }
  if (total > lines) o << "  ... and " << total - lines << " more blocked VCs\n";
  return o.str();
}

}  // namespace nocsim
