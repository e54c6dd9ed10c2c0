#include "sim/link_power_net.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>

#include "core/error.h"
#include "nic/nic.h"
#include "router/router.h"
#include "sim/network.h"
#include "core/json_writer.h"

namespace nocsim {

LinkPowerNet::LinkPowerNet(const RunConfig& rc, const Topology& t, WakeWheel& wheel)
    : t_(t), p_(rc.link_power.params(rc.power.freq_ghz)), cycle_s_(1e-9 / rc.power.freq_ghz), wheel_(wheel) {}

std::unique_ptr<LinkPowerNet> LinkPowerNet::make(const Config& cfg, const RunConfig& rc, const Topology& t,
                                                 const std::vector<std::unique_ptr<LinkGate>>& gates,
                                                 const std::vector<std::unique_ptr<Nic>>& nics, WakeWheel& wheel) {
  if (rc.link_power.policy == LinkPolicy::None) return nullptr;
  auto lp = std::make_unique<LinkPowerNet>(rc, t, wheel);
  const int P = t.ports(), np = t.network_ports();
  lp->pair_of_.assign(static_cast<size_t>(t.routers()) * P, -1);
  // A pair per link and its opposite (the same link when the topology has none).
  std::vector<std::pair<int, int>> ends;  // pair -> (router * P + port) of direction 0
  for (int r = 0; r < t.routers(); ++r)
    for (int p = 0; p < np; ++p) {
      const PortPeer q = t.peer(r, p);
      if (q.router < 0 || lp->pair_of_[static_cast<size_t>(r) * P + p] >= 0) continue;
      const int id = static_cast<int>(ends.size());
      ends.emplace_back(r, p);
      lp->pair_of_[static_cast<size_t>(r) * P + p] = id;
      const PortPeer back = t.peer(q.router, q.port);
      if (back.router == r && back.port == p) lp->pair_of_[static_cast<size_t>(q.router) * P + q.port] = id;
    }
  lp->pairs_.reserve(ends.size());  // a slow link's low state is slower too
  for (const auto& [r, p] : ends) lp->pairs_.emplace_back(lp->p_, rc.link.pace_of(t.port_class(p)));
  for (int r = 0; r < t.routers(); ++r)
    for (int p = 0; p < np; ++p) {
      const int id = lp->pair_of_[static_cast<size_t>(r) * P + p];
      if (id < 0) continue;
      const bool forward = ends[static_cast<size_t>(id)] == std::make_pair(r, p);
      gates[static_cast<size_t>(r)]->attach(p, &lp->pairs_[static_cast<size_t>(id)], forward ? 0 : 1);
    }
  if (lp->p_.policy == LinkPolicy::Awake) {
    // validate_config made sure the routing is deterministic.
    for (int r = 0; r < t.routers(); ++r)
      lp->walk_.push_back(routing_registry().at(rc.routing.algorithm).make(t, cfg, rc.sim.seed, r));
    for (int p = 0; p < np; ++p) lp->latency_.push_back(rc.link.latency_of(t.port_class(p)));
    lp->nic_latency_ = rc.link.latency_of(PortClass::Nic);
    for (const auto& n : nics) n->set_injection_listener(lp.get());
  }
  return lp;
}

void LinkPowerNet::injected(int router, const Flit& head, Cycle now, uint64_t message_flits) {
  if (message_flits <= p_.break_even) return;
  Flit h = head;
  int r = router, in_port = t_.node_port(head.src);
  Cycle at = now + static_cast<Cycle>(nic_latency_);
  for (int hop = 0; hop <= t_.routers(); ++hop) {
    RouteContext ctx{r, in_port, 0, h};
    cands_.clear();
    walk_[static_cast<size_t>(r)]->route(ctx, cands_);
    if (cands_.empty()) throw InvariantError("link power: awake found no route at router " + std::to_string(r));
    const RouteCandidate& c = cands_.front();
    if (c.hop & kHopEject) return;
    const int id = pair_of_[static_cast<size_t>(r) * t_.ports() + c.out_port];
    if (id >= 0) wheel_.at(at, this, id);
    const PortPeer q = t_.peer(r, c.out_port);
    at += static_cast<Cycle>(latency_[static_cast<size_t>(c.out_port)]);
    h.rh = c.next;
    r = q.router;
    in_port = q.port;
  }
}

void LinkPowerNet::on_wheel(Cycle c, int tag, uint32_t) { pairs_[static_cast<size_t>(tag)].wake(c); }

LinkPowerNet::Counts LinkPowerNet::counts(const std::vector<LinkPair>& pairs, Cycle at) {
  Counts n;
  for (const LinkPair& l : pairs) {
    const auto t = l.time_in_state(at);
    for (size_t m = 0; m < t.size(); ++m) n.time[m] += t[m];
    n.trainings += l.trainings();
    n.held += l.held_flits();
    n.held_cycles += l.held_cycles();
  }
  return n;
}

void LinkPowerNet::snapshot(Cycle at) {
  for (LinkPair& l : pairs_) l.advance(at);
  warm_ = counts(pairs_, at);
  from_ = at;
}

bool LinkPowerNet::holding_after(Cycle now) const {
  return std::any_of(pairs_.begin(), pairs_.end(), [&](const LinkPair& l) {
    return l.mode() == LinkPair::kTraining && l.train_end() > now;
  });
}

LinkPowerTotals LinkPowerNet::totals(Cycle to) const {
  // Timers that expired since the last flit change the state up to `to`: on a copy.
  std::vector<LinkPair> pairs = pairs_;
  for (LinkPair& l : pairs) l.advance(to);
  const Counts end = counts(pairs, to);
  LinkPowerTotals r;
  std::array<double, LinkPair::kModes> cyc{};
  double link_cycles = 0;
  for (size_t m = 0; m < cyc.size(); ++m) {
    cyc[m] = static_cast<double>(end.time[m] - warm_.time[m]);
    link_cycles += cyc[m];
  }
  for (size_t m = 0; m < cyc.size(); ++m) r.share[m] = link_cycles > 0 ? cyc[m] / link_cycles : 0;
  r.seconds = static_cast<double>(to > from_ ? to - from_ : 0) * cycle_s_;
  // Both directions of a pair draw the state's power; training draws the high state's.
  const double watts[LinkPair::kModes] = {0, p_.low_w, p_.high_w, p_.high_w};
  for (size_t m = 0; m < cyc.size(); ++m) r.energy_j += 2 * watts[m] * cyc[m] * cycle_s_;
  r.baseline_j = 2 * p_.high_w * link_cycles * cycle_s_;
  r.trainings = end.trainings - warm_.trainings;
  r.held_flits = end.held - warm_.held;
  r.held_cycles = end.held_cycles - warm_.held_cycles;
  return r;
}

void write_link_power(JsonWriter& j, const LinkPowerNet& lp, const LinkPowerTotals& t) {
  const LinkPowerParams& p = lp.params();
  j.open("link_power");
  j.str("policy", link_policy_names()[static_cast<size_t>(p.policy)]);
  j.num("links", static_cast<uint64_t>(lp.pairs()));
  j.num("t_train_cycles", static_cast<uint64_t>(p.t_train));
  j.num("idle_cycles", static_cast<uint64_t>(p.idle));
  j.num("low_interval_cycles", static_cast<uint64_t>(p.low_interval));
  j.num("break_even_flits", static_cast<uint64_t>(std::min<Cycle>(p.break_even, 1ull << 53)));
  j.num("seconds", t.seconds);
  j.num("energy_j", t.energy_j);
  j.num("baseline_j", t.baseline_j);
  j.num("savings", t.savings());
  j.open("time_in_state");
  const char* names[LinkPair::kModes] = {"off", "low", "high", "training"};
  for (int m = 0; m < LinkPair::kModes; ++m) j.num(names[m], t.share[static_cast<size_t>(m)]);
  j.close();
  j.num("trainings", t.trainings);
  // The execution-time penalty as the links saw it: flits that left later
  // than they were ready, and by how much in all.
  j.num("held_flits", t.held_flits);
  j.num("held_cycles", static_cast<uint64_t>(t.held_cycles));
  j.close();
}

void print_link_power(std::ostream& o, const LinkPowerNet& lp, const LinkPowerTotals& t) {
  char line[256];
  std::snprintf(line, sizeof line,
                "  links    %s: %.4g J of %.4g J all-high (saves %.1f%%); off %.1f%% low %.1f%% high %.1f%% training "
                "%.1f%%; %llu trainings, %llu flits held %.1f cycles each\n",
                link_policy_names()[static_cast<size_t>(lp.params().policy)].c_str(), t.energy_j, t.baseline_j,
                100 * t.savings(), 100 * t.share[0], 100 * t.share[1], 100 * t.share[2], 100 * t.share[3],
                static_cast<unsigned long long>(t.trainings), static_cast<unsigned long long>(t.held_flits),
                t.held_flits ? static_cast<double>(t.held_cycles) / static_cast<double>(t.held_flits) : 0.0);
  o << line;
}

}  // namespace nocsim
