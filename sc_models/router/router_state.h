#pragma once
// A router's input and output units and the state its stages share. The
// input unit of port ip is its VCs (vc(ip, ·)); the output unit of port op is
// out[op] with its VCs and queue. Stages read the state in evaluate() through
// a const view (as registered at the last clock edge) and change it only in
// commit(), through the units' transitions below, so a cycle's outcome does
// not depend on the order the kernel runs the stages. The transitions are the
// input-VC state machine (Idle -> Routing -> VcAlloc -> Active -> Idle or
// Routing) and the output VCs' credits and allocation, and each tells the
// observers (router/observers.h). The exceptions are the stages' scratch,
// mutable fields one stage alone writes during its evaluate: SA's (sa_*),
// within one cycle, cleared by its commit; VA's memo of a head that found no
// usable VC (va_blocked, va_seen), cleared when the head is routed again.
// Each sits beside the state its stage reads with it, so that a grant
// touches fewer cache lines.
#include <algorithm>
#include <vector>

#include "alloc/arbiter.h"
#include "core/error.h"
#include "core/flit.h"
#include "core/index_set.h"
#include "core/ring.h"
#include "routing/routing.h"
#include "router/flit_fifo.h"
#include "router/observers.h"

namespace nocsim {

class LinkGate;

// Scalars first (stages read them every cycle), per-port vectors last.
struct RouterParams {
  int ports = 0;
  int network_ports = 0;
  int vcs = 1;                   // the most VCs of any port (allocator width)
  int output_buffer_depth = 0;
  int speedup = 1;
  bool in_transit_priority = false;  // SA: injection inputs yield outputs that transit inputs request
  ArbiterKind va_arbiter = ArbiterKind::Rr;  // VA stage 2 (input VCs contending for an output VC)
  bool sa_age = false;                       // an SA arbiter is age-based: SA keeps the requesters' ages
  bool vct = true;   // an output VC is taken only with room for the whole packet (VCT and SAF)
  bool saf = false;  // store-and-forward: a head is routed only once its whole packet is in the buffer
  int lat_rc = 1, lat_va = 1, lat_sa = 1, lat_st = 1;
  bool reevaluate = false;  // adaptive routing: route again at every VA attempt after the first
  bool mincred = false;     // count minimally routed flits per output VC (OutputVc::min_flits)
  bool check = true;
  bool reverse_stages = false;  // per-router mode: evaluate ST, SA, VA, RC
  bool damq = false;            // router.buffer_model=damq: network ports share a pool per port
  bool credit_extras = false;   // mincred or damq: credits take the out-of-line path
  std::vector<int> in_vcs, in_depth;    // per input port: VCs, flits per VC (DAMQ: a VC's most, reserve + shared)
  std::vector<int> out_vcs, out_depth;  // per output port: the downstream input's
  std::vector<int> reserve, shared;     // per port, DAMQ: flits reserved per VC, flits shared by its VCs (0: static)
  std::vector<uint8_t> global_port;     // per port: 1 for a global (dragonfly) port
};

// What SA reads every cycle (buffer control, ready, state, route, out_vc)
// comes first, in the first 56 bytes, and each input VC starts a cache line:
// SA touches one line per VC; RC's candidates last.
struct alignas(64) InputVc {
  enum class State : uint8_t { Idle, Routing, VcAlloc, Active };
  FlitFifo buf;
  Cycle ready = 0;  // first cycle the next stage may act on this VC
  State state = State::Idle;
  int8_t n_cands = 0;
  int16_t out_vc = -1;
  int16_t port = 0;      // its input port
  mutable int16_t sa_taken = 0;  // flits granted this cycle
  mutable uint8_t sa_done = 0;   // tail granted this cycle
  // VA's scratch: its last attempt found no usable VC, when its candidates'
  // ports had `freed` (OutputUnit) summing to va_seen (VcAlloc::blocked).
  mutable uint8_t va_blocked = 0;
  RouteCandidate route;  // the candidate VA granted
  uint16_t head_size = 0;  // flits of the packet whose candidates these are (VA's credit need)
  mutable uint32_t va_seen = 0;
  RouteCandidate cands[kMaxCandidates];  // RC's candidates, best first
  VcRange cand_vcs[kMaxCandidates];      // the output VCs the VC policy allows each
};

struct OutputVc {
  int credits = 0;
  mutable int sa_used = 0;  // credits granted this cycle
  int min_flits = 0;        // vc.mincred: downstream slots held by minimally routed flits
};

// A flit between switch allocation and the output link: it leaves on the link
// at cycle `ready` (SA + ST latency), at most one flit per output per cycle.
struct StFlit {
  Cycle ready;
  Flit flit;
};

// An output port's VCs: a view into the router's flat array of output VCs
// (RouterState::ovc), so that a port's record is one cache line.
class OutputVcs {
 public:
  OutputVcs() = default;
  OutputVcs(OutputVc* first, int n) : p_(first), n_(n) {}
  OutputVc& operator[](int i) { return p_[i]; }
  const OutputVc& operator[](int i) const { return p_[i]; }
  size_t size() const { return static_cast<size_t>(n_); }
  const OutputVc* begin() const { return p_; }
  const OutputVc* end() const { return p_ + n_; }

 private:
  OutputVc* p_ = nullptr;
  int n_ = 0;
};

// One cache line. An output VC is free (bit set in free_vcs) when no packet
// holds it, busy from VA's grant until its tail leaves: VA scans only the
// free VCs of a candidate's range.
struct alignas(64) OutputUnit {
  OutputVcs vcs;
  uint64_t free_vcs = 0;     // bit o: output VC o is free
  Ring<StFlit> queue;        // crossbar pipeline plus output buffer
  int depth = 0;             // downstream flits per VC: the credit ceiling
  int queue_capacity = 0;
  // Output VCs released plus credits returned to free ones so far. Only
  // these make a VC usable that was not; VA retries a blocked head when the
  // sum over its candidates' ports moves.
  uint32_t freed = 0;
  mutable uint8_t sa_added = 0;  // flits granted into the queue this cycle (at most the speedup)
  bool sink = false;         // ejection port: the NIC consumes every flit at once
  uint8_t network = 0;       // leads to a router: a flit granted to it counts a hop
  uint8_t global = 0;        // a global (dragonfly) link: also a global hop
  bool busy(int ovc) const { return !((free_vcs >> ovc) & 1); }
};
static_assert(sizeof(OutputUnit) == 64, "an output unit is one cache line");

struct RouterState {
  int id = 0;
  int n_active = 0;                      // input VCs holding an output VC
  int st_queued = 0;                     // flits between SA and the output link
  bool extras = false;                   // has_extras(), kept by update_extras()
  // Link power, bit o: output o's front is held past the next edge (ST and
  // SA need not run for it until the router's wheel wake-up clears the bit).
  uint64_t parked = 0;
  uint64_t flits_moved = 0;              // input-buffer departures, for the watchdog
  // Link power (router/link_gate.h): holds each output queue's front until
  // its link may carry it; null without a link power policy. Read as every
  // flit enters and leaves an output queue, so it sits in the first line.
  LinkGate* gate = nullptr;
  std::vector<InputVc> in;               // [in_port * p.vcs + vc]; slots past a port's VC count unused
  InputVc& vc(int ip, int v) { return in[static_cast<size_t>(ip * p.vcs + v)]; }
  const InputVc& vc(int ip, int v) const { return in[static_cast<size_t>(ip * p.vcs + v)]; }
  std::vector<OutputUnit> out;           // [out_port]
  std::vector<OutputVc> ovc;             // [out_port * p.vcs + vc], viewed by out[].vcs; sized once
  IndexSet routing, vcalloc;             // input VCs (ip*V+ivc) waiting for RC, for VA
  std::vector<int> active;               // input VCs holding an output VC (ip*V+ivc), in no particular order
  IndexSet queued_ports;                 // output ports holding flits between SA and the link
  // After the units the stages read every cycle (its scalars come first):
  // its per-port vectors are read only at construction and by DAMQ.
  RouterParams p;
  // DAMQ (p.damq), per port: downstream shared flits in use (output side),
  // this cycle's SA grants into them, flits held in the input pool.
  std::vector<int> shared_used;
  mutable std::vector<int> sa_shared;
  std::vector<int> pool_used;
  // Last, so that the vectors the stages read stay in the object's first lines.
  RouterObservers obs;

  // DAMQ: flits output VC `ovc` of port o may still send downstream, the
  // `pending` ones SA granted this cycle (sa_used, sa_shared) counted: its
  // reserve's free slots plus the port's free shared ones, and no more than
  // its credits (a VC holds at most reserve + shared flits).
  int damq_room(int o, int ovc, int pending_vc, int pending_shared) const {
    const int occ = p.out_depth[o] - out[o].vcs[ovc].credits + pending_vc;
    const int reserve_free = std::max(0, p.reserve[o] - occ);
    return std::min(p.out_depth[o] - occ, reserve_free + p.shared[o] - shared_used[o] - pending_shared);
  }
  // Arrivals and credits below take kDamq = p.damq as a template argument
  // (departed() takes kExtras): the callers choose once per batch, and static
  // buffers run no DAMQ code.
  // Input unit: flit f, delivered by the link at cycle `arrival`, is written into its VC.
  template <bool kDamq>
  [[gnu::always_inline]] void arrived(int ip, const Flit& f, Cycle arrival) {
    InputVc& ivc = vc(ip, f.vc);
    if (ivc.buf.full()) throw_port_invariant("buffer overflow", id, "in", ip, f.vc);
    if constexpr (kDamq) damq_arrived(ip, f.vc);
    obs.arrived(ip, f);
    if (ivc.state == InputVc::State::Idle) {
      ivc.ready = arrival;
      head_at_front(ip, f.vc, f);
    }
    ivc.buf.push(f);
  }
  // Store-and-forward: input VC (ip, v)'s head may be routed only once the
  // tail is in (a VC holds one packet's flits contiguously from its head).
  bool whole_packet_in(int ip, int v) const {
    const FlitFifo& b = vc(ip, v).buf;
    return !p.saf || b.size() >= b.front().size;
  }
  // Routing -> VcAlloc with the head's candidates and their VC ranges (at
  // most kMaxCandidates), RC may act again at `ready`; in VcAlloc (routing
  // re-evaluated) the candidates are replaced.
  void routed(int ip, int v, const RouteCandidate* c, const VcRange* vcs, int n, Cycle ready) {
    InputVc& ivc = vc(ip, v);
    ivc.n_cands = static_cast<int8_t>(n < kMaxCandidates ? n : kMaxCandidates);
    ivc.head_size = ivc.buf.front().size;
    for (int k = 0; k < ivc.n_cands; ++k) {
      ivc.cands[k] = c[k];
      ivc.cand_vcs[k] = vcs[k];
    }
    ivc.ready = ready;
    ivc.va_blocked = 0;
    obs.routed(ip, v, ivc.n_cands);
    if (ivc.state != InputVc::State::Routing) return;
    ivc.state = InputVc::State::VcAlloc;
    routing.erase(ip * p.vcs + v);
    vcalloc.insert(ip * p.vcs + v);
  }
  // VcAlloc -> Active: candidate `cand` won output VC `ovc`; SA may start at `ready`.
  void vc_granted(int ip, int v, int cand, int ovc, Cycle ready) {
    InputVc& ivc = vc(ip, v);
    ivc.route = ivc.cands[cand];
    ivc.buf.front().rh = ivc.route.next;
    out[ivc.route.out_port].free_vcs &= ~(1ull << ovc);
    ivc.out_vc = static_cast<int16_t>(ovc);
    ivc.state = InputVc::State::Active;
    vcalloc.erase(ip * p.vcs + v);
    ++n_active;
    active.push_back(ip * p.vcs + v);
    ivc.ready = ready;
    obs.vc_granted(ip, v, ivc.route.out_port, ovc);
  }
  // An SA grant: the front flit of input VC (ip, v) moves into its output
  // unit's queue (one copy), leaving on the link at `leaves`; a network
  // output VC spends a credit. After the tail the output VC is released and
  // the input VC goes Idle, or routes its next head from cycle now + 1.
  // kExtras = has_extras(): DAMQ, vc.mincred or link power, tested only in
  // that instantiation.
  bool has_extras() const { return extras; }
  // After p or gate changes (the router's constructor, set_link_gate).
  void update_extras() { extras = p.damq || p.mincred || gate; }
  template <bool kExtras>
  [[gnu::always_inline]] void departed(int ip, int v, Cycle now, Cycle leaves) {
    InputVc& ivc = vc(ip, v);
    const int o = ivc.route.out_port;
    OutputUnit& op = out[o];
    const Flit& src = ivc.buf.front();
    ivc.sa_taken = 0;
    ivc.sa_done = 0;
    op.sa_added = 0;
    OutputVc& ovc = op.vcs[ivc.out_vc];
    ovc.sa_used = 0;
    if (kExtras && p.damq) damq_moved(ip, o, op.sink, ovc.credits);
    if (!op.sink) {
      --ovc.credits;
      if (p.check && ovc.credits < 0) throw_port_invariant("credit underflow", id, "out", o, ivc.out_vc);
      obs.credit_taken(o, ivc.out_vc);
    }
    // The queue slot's line is often not in cache: it is only written (the
    // changes computed from the buffered flit), so that no load waits for it.
    StFlit& slot = op.queue.push_slot();
    slot.ready = leaves;
    slot.flit = src;
    Flit& f = slot.flit;
    f.vc = static_cast<uint8_t>(ivc.out_vc);
    if (kExtras && p.mincred && !op.sink) {
      const bool minimal = !(ivc.route.hop & kHopNonMinimal);
      f.minimal_hop = minimal;
      ovc.min_flits += minimal;
      if (minimal) obs.min_taken(o);
    }
    f.hops = static_cast<uint16_t>(src.hops + op.network);  // counted when granted the link's port
    f.ghops = static_cast<uint8_t>(src.ghops + op.global);
    ivc.buf.pop();
    ++st_queued;
    queued_ports.insert(o);
    // Link power admits a new front once the input VC is up to date.
    const bool new_front = kExtras && gate && op.queue.size() == 1;
    ++flits_moved;
    obs.departed(ip, v, f);
    if (!f.tail()) {
      if (new_front) gate_front(o, now);
      return;
    }
    obs.tail_departed(ip, v, o, ivc.out_vc);
    op.free_vcs |= 1ull << ivc.out_vc;
    ++op.freed;
    obs.released(o, ivc.out_vc);
    ivc.out_vc = -1;
    if (ivc.buf.empty())
      ivc.state = InputVc::State::Idle;
    else
      head_at_front(ip, v, ivc.buf.front());
    --n_active;
    active.erase(std::find(active.begin(), active.end(), ip * p.vcs + v));
    ivc.ready = now + 1;
    if (new_front) gate_front(o, now);
  }
  // Output unit: a credit for output VC `ovc` came back from downstream.
  template <bool kDamq>
  void credit_returned(int o, int ovc) {
    if constexpr (kDamq) damq_free(o, out[o].vcs[ovc].credits);
    out[o].freed += (out[o].free_vcs >> ovc) & 1;  // a held VC's credits serve its packet only
    if (++out[o].vcs[ovc].credits > out[o].depth && p.check) throw_port_invariant("credit overflow", id, "out", o, ovc);
    obs.credit_returned(o, ovc);
  }
  // The same with vc.mincred (the credit frees a minimally routed flit's
  // slot) or DAMQ, out of line.
  [[gnu::noinline]] void credit_returned(int o, int ovc, bool minimal) {
    if (p.damq)
      credit_returned<true>(o, ovc);
    else
      credit_returned<false>(o, ovc);
    if (!minimal) return;
    if (--out[o].vcs[ovc].min_flits < 0 && p.check) throw_port_invariant("minimal-flit count underflow", id, "out", o, ovc);
    obs.min_returned(o);
  }
  // Output unit: its oldest queued flit went onto the output link at cycle now.
  [[gnu::always_inline]] void sent(int o, Cycle now) {
    auto& q = out[o].queue;
    obs.sent(o, q.front().flit);
    q.pop_front();
    if (q.empty()) queued_ports.erase(o);
    --st_queued;
    if (gate) gate_sent(o, now);
  }
  // Link power (router/link_gate.cpp): the queue of output o has a new front
  // at cycle now; a flit left on output o at cycle now.
  [[gnu::noinline]] void gate_front(int o, Cycle now);
  [[gnu::noinline]] void gate_sent(int o, Cycle now);

 private:
  // DAMQ accounting of a flit sent into / freed from a downstream VC holding
  // depth - credits flits: the flits past its reserve are in the shared part.
  // (Out of line: the static buffers' paths pay one test of p.damq.)
  [[gnu::noinline]] void damq_arrived(int ip, int v) {
    if (p.shared[ip] && ++pool_used[ip] > p.in_vcs[ip] * p.reserve[ip] + p.shared[ip])
      throw_port_invariant("DAMQ pool overflow", id, "in", ip, v);
  }
  // A flit left input port ip for output o (a network one: its VC had `credits`).
  [[gnu::noinline]] void damq_moved(int ip, int o, bool sink, int credits) {
    if (p.shared[ip]) --pool_used[ip];
    if (sink) return;
    sa_shared[o] = 0;
    if (p.out_depth[o] - credits < p.reserve[o] || !p.shared[o]) return;
    if (++shared_used[o] > p.shared[o] && p.check) throw_port_invariant("DAMQ shared pool overflow", id, "out", o, 0);
  }
  [[gnu::noinline]] void damq_free(int o, int credits) {
    if (p.out_depth[o] - credits > p.reserve[o] && p.shared[o] && --shared_used[o] < 0 && p.check)
      throw_port_invariant("DAMQ shared pool underflow", id, "out", o, 0);
  }
  // A head reached the front of input VC (ip, v): Routing.
  void head_at_front(int ip, int v, const Flit& head) {
    vc(ip, v).state = InputVc::State::Routing;
    routing.insert(ip * p.vcs + v);
    obs.head_at_front(ip, v, head);
  }
};

struct KeySpec;
// The router.* keys of the configuration schema (sim/schema.cpp).
void add_router_keys(std::vector<KeySpec>& schema);
class Config;
class ErrorList;
// The router section's rules across its own keys (sim/schema.cpp).
void router_rules(const Config& cfg, ErrorList& errors);

}  // namespace nocsim
