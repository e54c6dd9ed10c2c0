#include "sim/deadlock.h"

#include <algorithm>
#include <sstream>
#include <unordered_set>

#include "sim/network.h"
#include "vc/selection.h"

namespace nocsim {
namespace {

struct Edge {
  size_t to;
  std::string why;
};

// What is on its way over a link, for the wait graph: on the link's delay
// line, or for a logged lane in the arrival logs, indexed once by (key,
// VC). Asking the logs per waiting VC scanned them whole each time,
// quadratic in what a saturated network holds (docs/performance.md,
// "Session 59").
class InFlight {
 public:
  explicit InFlight(const ArrivalLogs* logs) {
    if (!logs) return;
    logs->any_credit([this](const LoggedCredit& i) {
      credits_.insert(pack(i.key, Credit{static_cast<int32_t>(i.payload)}.vc()));
      credit_keys_.insert(i.key);
      return false;
    });
    logs->any_flit([this](const LoggedFlit& i) {
      flits_.insert(pack(i.key, i.flit.vc));
      return false;
    });
  }
  // A credit of VC vc (any VC: vc < 0) on its way back over l.
  bool credit(const Link& l, int vc) const {
    if (const int64_t k = l.credit_key(); k >= 0)
      return vc < 0 ? credit_keys_.count(static_cast<uint32_t>(k)) > 0 : credits_.count(pack(k, vc)) > 0;
    return l.any_credit_in_flight([vc](Credit c) { return vc < 0 || c.vc() == vc; });
  }
  // A flit of VC vc on its way over l.
  bool flit(const Link& l, int vc) const {
    if (const int64_t k = l.flit_key(); k >= 0) return flits_.count(pack(k, vc)) > 0;
    return l.any_flit_in_flight([vc](const Flit& f) { return f.vc == vc; });
  }

 private:
  static uint64_t pack(int64_t key, int vc) { return static_cast<uint64_t>(key) << 32 | static_cast<uint32_t>(vc); }
  std::unordered_set<uint64_t> credits_, flits_;
  std::unordered_set<uint32_t> credit_keys_;
};

class WaitGraph {
 public:
  explicit WaitGraph(const Network& net) : net_(net), in_flight_(net.arrival_logs()) {
    for (const auto& r : net.routers()) {
      base_.push_back(refs_.size());
      const RouterState& st = r->state();
      for (int ip = 0; ip < st.p.ports; ++ip)
        for (int v = 0; v < st.p.vcs; ++v) refs_.push_back({st.id, ip, v});
    }
    edges_.resize(refs_.size());
    waits_.assign(refs_.size(), 0);
    for (const auto& r : net.routers()) {
      const RouterState& st = r->state();
      for (int ip = 0; ip < st.p.ports; ++ip)
        for (int v = 0; v < st.p.in_vcs[ip]; ++v) build(*r, ip, v);
    }
  }
  const std::vector<VcRef>& refs() const { return refs_; }
  const std::vector<std::vector<Edge>>& edges() const { return edges_; }
  const std::vector<uint8_t>& waits() const { return waits_; }

 private:
  size_t node(int router, int port, int vc) const {
    const RouterState& st = net_.routers()[router]->state();
    return base_[router] + static_cast<size_t>(port * st.p.vcs + vc);
  }
  // The input VC of router r that holds output VC (op, ovc), or -1.
  static int holder(const RouterState& st, int op, int ovc) {
    for (int i : st.active) {
      const InputVc& x = st.in[static_cast<size_t>(i)];
      if (x.route.out_port == op && x.out_vc == ovc) return i;
    }
    return -1;
  }
  // Credits for output VC (op, ovc) of router r still on the link back.
  bool credit_in_flight(const Router& r, int op, int ovc) const {
    const Link* l = r.out_link(op);
    return l && in_flight_.credit(*l, ovc);
  }
  // Waits on the downstream VC for credits, unless some are on their way.
  bool wait_credits(const Router& r, size_t from, int op, int ovc, const char* what) {
    const PortPeer d = net_.topology().peer(r.state().id, op);
    if (d.router < 0 || credit_in_flight(r, op, ovc)) return false;
    edges_[from].push_back({node(d.router, d.port, ovc), std::string(what) + " out port " + std::to_string(op) +
                                                               " vc " + std::to_string(ovc) + ", downstream"});
    return true;
  }
  // DAMQ: waits for room in the downstream port's shared pool, which any of
  // its non-empty VCs may free by sending on, unless a credit is on its way.
  bool wait_pool(const Router& r, size_t from, int op, const std::string& what) {
    const PortPeer d = net_.topology().peer(r.state().id, op);
    const Link* l = r.out_link(op);
    if (d.router < 0 || (l && in_flight_.credit(*l, -1))) return false;
    const RouterState& down = net_.routers()[d.router]->state();
    const size_t before = edges_[from].size();
    for (int v = 0; v < down.p.in_vcs[d.port]; ++v)
      if (!down.vc(d.port, v).buf.empty())
        edges_[from].push_back({node(d.router, d.port, v), what + " out port " + std::to_string(op) +
                                                                 " (its DAMQ pool is full), downstream"});
    return edges_[from].size() > before;
  }
  void build(const Router& r, int ip, int v) {
    const RouterState& st = r.state();
    const InputVc& x = st.vc(ip, v);
    const size_t me = node(st.id, ip, v);
    bool blocked = false;
    if (x.buf.empty()) {
      if (x.state == InputVc::State::Active) blocked = wait_upstream(r, me, ip, v);
    } else if (x.state == InputVc::State::Active && !st.out[x.route.out_port].sink) {
      const int o = x.route.out_port;
      if (st.out[o].vcs[x.out_vc].credits <= 0)
        blocked = wait_credits(r, me, o, x.out_vc, "needs credits of");
      else if (st.p.damq && st.damq_room(o, x.out_vc, 0, 0) < 1)
        blocked = wait_pool(r, me, o, "needs room for vc " + std::to_string(x.out_vc) + " of");
    } else if (x.state == InputVc::State::VcAlloc) {
      blocked = wait_va(r, me, x);
    }
    waits_[me] = blocked;
    if (!blocked) edges_[me].clear();
  }
  // VA: blocked when no candidate has a usable output VC; waits on every
  // holder of a busy VC and every free VC's downstream (any would do).
  bool wait_va(const Router& r, size_t me, const InputVc& x) {
    const RouterState& st = r.state();
    if (x.n_cands == 0 || r.reroutes()) return false;  // re-routed heads may find other candidates
    for (int k = 0; k < x.n_cands; ++k) {
      const RouteCandidate& c = x.cands[k];
      const OutputUnit& op = st.out[c.out_port];
      const VcRange range = x.cand_vcs[k];
      const int need = credits_needed(c, range, x.head_size, st.p.vct, st.p.slot);
      for (int o = std::max<int>(range.lo, 0); o <= range.hi && o < static_cast<int>(op.vcs.size()); ++o) {
        if (op.busy(o)) {
          const int h = holder(st, c.out_port, o);
          if (h < 0) return false;
          edges_[me].push_back({base_[st.id] + static_cast<size_t>(h),
                                "wants out port " + std::to_string(c.out_port) + " vc " + std::to_string(o) + ", held by"});
        } else if (op.sink) {
          return false;
        } else if (op.vcs[o].credits < need) {
          if (!wait_credits(r, me, c.out_port, o, "wants (free, no credits)")) return false;
        } else if (!st.p.damq || st.damq_room(c.out_port, o, 0, 0) >= need ||
                   !wait_pool(r, me, c.out_port, "wants vc " + std::to_string(o) + " (free) of")) {
          return false;
        }
      }
    }
    return !edges_[me].empty();  // empty VC ranges wait on nothing known
  }
  // Holding an output VC with an empty buffer: the rest of the packet is
  // owed by the upstream VC that holds this VC, unless it is on its way.
  bool wait_upstream(const Router& r, size_t me, int ip, int v) {
    const RouterState& st = r.state();
    if (ip >= st.p.network_ports) return false;  // a NIC sends what it has
    const PortPeer u = net_.topology().peer(st.id, ip);
    if (u.router < 0) return false;
    if (const Link* l = r.in_link(ip); l && in_flight_.flit(*l, v))
      return false;
    const RouterState& up = net_.routers()[u.router]->state();
    const auto& q = up.out[u.port].queue;
    for (size_t i = 0; i < q.size(); ++i)
      if (q[i].flit.vc == v) return false;
    const int h = holder(up, u.port, v);
    if (h < 0) return false;
    edges_[me].push_back({base_[u.router] + static_cast<size_t>(h), "waits for the rest of its packet, upstream"});
    return true;
  }

  const Network& net_;
  const InFlight in_flight_;
  std::vector<size_t> base_;  // per router: its first node
  std::vector<VcRef> refs_;
  std::vector<std::vector<Edge>> edges_;
  std::vector<uint8_t> waits_;
};

std::string name(const VcRef& v) {
  return "router " + std::to_string(v.router) + " in port " + std::to_string(v.port) + " vc " + std::to_string(v.vc);
}

}  // namespace

DeadlockFinding find_deadlock(const Network& net) {
  const WaitGraph g(net);
  const size_t n = g.refs().size();
  std::vector<uint8_t> dead = g.waits();
  // The largest set whose members wait only on members.
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < n; ++i) {
      if (!dead[i]) continue;
      for (const Edge& e : g.edges()[i])
        if (!dead[e.to]) {
          dead[i] = 0;
          changed = true;
          break;
        }
    }
  }
  DeadlockFinding f;
  size_t start = n;
  for (size_t i = 0; i < n; ++i)
    if (dead[i]) {
      f.dead.push_back(g.refs()[i]);
      if (start == n) start = i;
    }
  if (start == n) return f;
  // Every dead VC waits on a dead one: walking first edges must come back.
  std::vector<size_t> seen_at(n, n), path;
  std::vector<const Edge*> via;
  size_t i = start;
  while (seen_at[i] == n) {
    seen_at[i] = path.size();
    path.push_back(i);
    const Edge* e = nullptr;
    for (const Edge& x : g.edges()[i])
      if (dead[x.to]) {
        e = &x;
        break;
      }
    if (!e) return f;  // cannot happen: every dead VC has a dead target
    via.push_back(e);
    i = e->to;
  }
  for (size_t k = seen_at[i]; k < path.size(); ++k) f.cycle.push_back({g.refs()[path[k]], g.refs()[via[k]->to], via[k]->why});
  return f;
}

std::string describe_cycle(const DeadlockFinding& f) {
  std::ostringstream o;
  for (const WaitEdge& e : f.cycle) o << "  " << name(e.from) << " " << e.why << ": " << name(e.to) << "\n";
  return o.str();
}

// Every non-empty input VC and what it waits for (the deadlock report's
// "blocked VCs").
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
        o << (f.head() ? "head" : "body") << " of packet " << f.pkt() << " to node " << f.dst << "; ";
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
                if (st.p.damq && !st.out[rc.out_port].sink) o << " DAMQ room " << st.damq_room(rc.out_port, ov, 0, 0);
              }
              o << ")";
            }
            break;
          }
          case InputVc::State::Active:
            o << "waiting for SA on out port " << ivc.route.out_port << " vc " << ivc.out_vc << " (credits "
              << st.out[ivc.route.out_port].vcs[ivc.out_vc].credits;
            if (st.p.damq && !st.out[ivc.route.out_port].sink)
              o << ", DAMQ room " << st.damq_room(ivc.route.out_port, ivc.out_vc, 0, 0);
            o << ")";
            break;
        }
        o << "\n";
      }
  }
  if (total > lines) o << "  ... and " << total - lines << " more blocked VCs\n";
  return o.str();
}

}  // namespace nocsim
