#pragma once
// A router's state: its input units (router/input_unit.h) and output units
// (router/output_unit.h), the router-wide sets the stages scan, and the
// transitions that move a packet from one unit to the other. Stages read the
// state in evaluate() through a const view (as registered at the last clock
// edge) and change it only in commit(), through the transitions below, so a
// cycle's outcome does not depend on the order the kernel runs the stages.
// Each transition tells the observers (router/observers.h). A stage's
// scratch (what SA's grants took this cycle, VA's memo of heads that found
// no usable VC) lives in the stage.
#include <algorithm>
#include <array>
#include <vector>

#include "alloc/arbiter.h"
#include "alloc/vc_allocator.h"
#include "core/error.h"
#include "core/flit.h"
#include "core/index_set.h"
#include "core/packet_times.h"
#include "router/damq_pool.h"
#include "router/input_unit.h"
#include "router/observers.h"
#include "router/output_unit.h"
#include "router/slot_pads.h"
#include "stats/latency_parts.h"

namespace nocsim {

// Scalars first (stages read them every cycle), per-port vectors last.
struct RouterParams {
  int ports = 0;
  int network_ports = 0;
  int vcs = 1;                   // the most VCs of any port (allocator width)
  int output_buffer_depth = 0;
  int speedup = 1;
  bool in_transit_priority = false;  // SA: injection inputs yield outputs that transit inputs request
  ArbiterKind va_arbiter = ArbiterKind::Rr;  // VA stage 2 (input VCs contending for an output VC)
  VaAlgorithm va_algorithm = VaAlgorithm::SepIf;  // router.allocator.va (user: its reference)
  int va_iterations = 1;                          // router.allocator.va_iterations (islip)
  bool sa_age = false;                       // an SA arbiter is age-based: SA keeps the requesters' ages
  bool hold_switch = false;                  // SA keeps an input-output connection for the rest of a packet
  bool vct = true;   // an output VC is taken only with room for the whole packet (VCT and SAF)
  bool saf = false;  // store-and-forward: a head is routed only once its whole packet is in the buffer
  int lat_rc = 1, lat_va = 1, lat_sa = 1, lat_st = 1;
  bool reevaluate = false;  // adaptive routing: route again at every VA attempt after the first
  bool mincred = false;     // count minimally routed flits per output VC (OutputVc::min_flits)
  bool check = true;
  bool reverse_stages = false;  // per-router mode: evaluate ST, SA, VA, RC
  bool damq = false;            // router.buffer_model=damq: network ports share a pool per port
  bool credit_extras = false;   // mincred, damq or slot: credits take the out-of-line path
  // Bubble routings under packets of several sizes: the flits a packet on
  // an escape ring (a kHopSlot hop) holds downstream, the largest packet's;
  // 0 otherwise (router/slot_pads.h).
  int slot = 0;
  std::vector<int> in_vcs, in_depth;    // per input port: VCs, flits per VC (DAMQ: a VC's most, reserve + shared)
  std::vector<int> out_vcs, out_depth;  // per output port: the downstream input's
  std::vector<int> reserve, shared;     // per port, DAMQ: flits reserved per VC, flits shared by its VCs (0: static)
  std::vector<uint8_t> global_port;     // per port: 1 for a global (dragonfly) port
  std::vector<int> in_latency;          // per input port: its link's latency (Router::attach_input)
};

struct RouterState {
  int id = 0;
  int n_active = 0;                      // input VCs holding an output VC
  int st_queued = 0;                     // flits between SA and the output link
  bool extras = false;                   // has_extras(), kept by update_extras()
  // SA's commit sends a granted flit onto its link itself, timed for the
  // cycle ST would send it (Router::set_direct_st; docs/architecture.md,
  // "Direct ST"): the ST queue stays empty.
  bool direct_st = false;
  // The output hook, bit o: output o's front is held past the next edge (ST
  // and SA need not run for it until the hook wakes the router).
  uint64_t parked = 0;
  // For the watchdog: input-buffer departures; flits and credits that came
  // in over a link (after a long link the pipeline has work again).
  uint64_t flits_moved = 0, arrivals = 0;
  // The output units' hook (OutputHook: link power's gate), null without
  // one. Read as every flit enters and leaves an output queue, so it sits
  // in the first line.
  OutputHook* hook = nullptr;
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
  DamqPool damq;  // p.damq: the input units' pool (and its downstream count)
  SlotPads pads;  // p.slot: the packets each output VC's credits are still owed for
  // direct_st: per output port, the grants the ST queue would still hold.
  std::vector<DirectSends> direct_sends;
  // The flits between SA and output o's link once cycle `done` has
  // committed: the queue's, and with a direct ST those it would hold.
  int st_queue(int o, Cycle done) const {
    const int q = static_cast<int>(out[o].queue.size());
    return direct_st ? q + direct_sends[static_cast<size_t>(o)].after(done, p.lat_sa + p.lat_st) : q;
  }
  // Last, so that the vectors the stages read stay in the object's first lines.
  RouterObservers obs;
  LatencyParts lat;  // the latency breakdown's sums of the measured heads that passed here
  // Bit o: some active input VC holds an output VC of port o; active_to[o]
  // counts them (at most port o's VCs). Read by SwitchAlloc::unparked_work
  // while an output is parked, instead of walking the active VCs.
  uint64_t wanted = 0;
  std::array<uint8_t, 64> active_to{};
  // The packets' generation cycles, which age-based arbiters read (set by
  // the network before the run).
  const PacketTimes* times = nullptr;
  Cycle gen(const Flit& f) const { return times->at(f.src, f.pseq).gen; }

  // DAMQ: flits output VC `ovc` of port o may still send downstream, with
  // `pending_vc` flits (`pending_shared` shared ones) granted this cycle.
  int damq_room(int o, int ovc, int pending_vc, int pending_shared) const {
    return damq.room(o, out[o].vcs[ovc].credits, pending_vc, pending_shared);
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
    ++arrivals;
    obs.arrived(ip, f);
    if (ivc.state == InputVc::State::Idle) {
      ivc.ready = arrival;
      head_at_front(ip, f.vc, f);
    }
    if (f.measured && f.head()) head_arrived(ip, f, arrival);
    ivc.buf.push(f, arrival);
    // Store-and-forward: a head waiting for its packet becomes routable
    // when the tail is in (a tail reaching a VC in Routing is its front
    // packet's, or that packet was whole already).
    if (p.saf && f.tail() && ivc.state == InputVc::State::Routing) routing.insert(ip * p.vcs + f.vc);
  }
  // Flits of the packets holding an output VC of `port` that have not
  // crossed the switch yet (CongestionView::port_queued: in an input-queued
  // router, the queue before the link): the rest of each packet from the
  // flit at its buffer's front, so under VCT flits still arriving count,
  // and a VC whose buffer is momentarily empty counts 0.
  int queued_for(int port) const {
    int queued = 0;
    for (const int i : active) {
      const InputVc& ivc = in[static_cast<size_t>(i)];
      if (ivc.route.out_port != port || ivc.buf.empty()) continue;
      const Flit& f = ivc.buf.front();  // the held packet's next flit
      queued += f.size - f.seq;
    }
    return queued;
  }
  // Store-and-forward: input VC (ip, v)'s head may be routed only once the
  // tail is in (a VC holds one packet's flits contiguously from its head).
  // The routing set holds only such heads, so RC does not poll the others.
  bool whole_packet_in(int ip, int v) const {
    const FlitFifo& b = vc(ip, v).buf;
    return !p.saf || b.size() >= b.front().size;
  }
  // Routing -> VcAlloc with the head's candidates and their VC ranges (at
  // most kMaxCandidates), RC may act again at `ready`; in VcAlloc (routing
  // re-evaluated) the candidates are replaced.
  void routed(int ip, int v, const RouteCandidate* c, const VcRange* vcs, int n, Cycle ready) {
    InputVc& ivc = vc(ip, v);
    ivc.take_candidates(c, vcs, n);
    ivc.ready = ready;
    obs.routed(ip, v, ivc.n_cands);
    if (ivc.state != InputVc::State::Routing) return;
    ivc.state = InputVc::State::VcAlloc;
    routing.erase(ip * p.vcs + v);
    vcalloc.insert(ip * p.vcs + v);
  }
  // VcAlloc -> Active: candidate `cand` won output VC `ovc`; SA may start at `ready`.
  void vc_granted(int ip, int v, int cand, int ovc, Cycle ready) {
    InputVc& ivc = vc(ip, v);
    ivc.granted(cand, ovc);
    const int o = ivc.route.out_port;
    out[o].hold(ovc);
    vcalloc.erase(ip * p.vcs + v);
    ++n_active;
    active.push_back(ip * p.vcs + v);
    ++active_to[static_cast<size_t>(o)];
    wanted |= 1ull << o;
    ivc.ready = ready;
    obs.vc_granted(ip, v, ivc.route.out_port, ovc);
  }
  // An SA grant: the front flit of input VC (ip, v) moves into its output
  // unit's queue (one copy), leaving on the link at `leaves` (kDirect,
  // with direct_st: into *at_once, which SA sends at once, timed for
  // `leaves`, and which the queue does not hold); a network
  // output VC spends a credit. After the tail the output VC is released and
  // the input VC goes Idle, or routes its next head from cycle now + 1.
  // kExtras = has_extras(): DAMQ, vc.mincred, bubble slots or an output hook, tested only
  // in that instantiation.
  bool has_extras() const { return extras; }
  // After p or hook changes (the router's constructor, set_output_hook).
  void update_extras() { extras = p.damq || p.mincred || p.slot || hook; }
  template <bool kExtras, bool kDirect = false>
  [[gnu::always_inline]] void departed(int ip, int v, Cycle now, Cycle leaves, StFlit* at_once = nullptr) {
    InputVc& ivc = vc(ip, v);
    const int o = ivc.route.out_port;
    OutputUnit& op = out[o];
    const Flit& src = ivc.buf.front();
    OutputVc& ovc = op.vcs[ivc.out_vc];
    if (kExtras && p.damq) damq_moved(ip, o, op.sink, ovc.credits);
    if (!op.sink) {
      --ovc.credits;
      if (p.check && ovc.credits < 0) throw_port_invariant("credit underflow", id, "out", o, ivc.out_vc);
      obs.credit_taken(o, ivc.out_vc);
      if (kExtras && p.slot && src.head()) slot_sent(o, ivc.out_vc, src.size, ivc.route.hop);
    }
    const bool minimal = !(ivc.route.hop & kHopNonMinimal);
    if (src.measured && src.head()) head_granted(ivc, o, minimal, now);
    // The queue slot's line is often not in cache: it is only written (the
    // changes computed from the buffered flit, core/flit.h's FlitWord), so
    // that no load waits for it.
    uint32_t word = FlitWord::of(src);
    if (src.head())  // what the next buffer's head_arrived reads
      word = FlitWord::with_stamp(FlitWord::with_minimal(word, minimal), Flit::stamp_of(leaves));
    if (kExtras && p.mincred && !op.sink) {
      word = FlitWord::with_minimal(word, minimal);  // every flit: its credit says whether it held a minimal slot
      ovc.min_flits += minimal;
      if (minimal) obs.min_taken(o);
    }
    const bool tail = src.tail();
    StFlit& slot = kDirect ? *at_once : op.queue.push_slot();
    slot.ready = leaves;
    Flit& f = slot.flit;
    FlitWord::copy(f, src, word);
    f.vc = static_cast<uint8_t>(ivc.out_vc);
    f.hops = static_cast<uint16_t>(src.hops + op.network);  // counted when granted the link's port
    f.ghops = static_cast<uint8_t>(src.ghops + op.global);
    ivc.buf.pop();
    if constexpr (!kDirect) {
      ++st_queued;
      queued_ports.insert(o);
    }
    // The hook sees a new front once the input VC is up to date.
    const bool new_front = kExtras && hook && op.queue.size() == 1;
    ++flits_moved;
    obs.departed(ip, v, f);
    if constexpr (kDirect) {
      direct_sends[static_cast<size_t>(o)].granted(now);
      obs.sent(o, f);
    }
    if (!tail) {
      if (new_front) hook_front(o, now);
      return;
    }
    obs.tail_departed(ip, v, o, ivc.out_vc);
    op.release(ivc.out_vc);
    obs.released(o, ivc.out_vc);
    if (ivc.tail_left()) head_at_front(ip, v, ivc.buf.front());
    --n_active;
    active.erase(std::find(active.begin(), active.end(), ip * p.vcs + v));
    if (--active_to[static_cast<size_t>(o)] == 0) wanted &= ~(1ull << o);
    ivc.ready = now + 1;
    if (new_front) hook_front(o, now);
  }
  // Output unit: a credit for output VC `ovc` came back from downstream.
  template <bool kDamq>
  void credit_returned(int o, int ovc) {
    if constexpr (kDamq) damq_free(o, out[o].vcs[ovc].credits);
    if (!out[o].credit_back(ovc) && p.check) throw_port_invariant("credit overflow", id, "out", o, ovc);
    ++arrivals;
    obs.credit_returned(o, ovc);
  }
  // The same with vc.mincred (the credit frees a minimally routed flit's
  // slot) or DAMQ, out of line.
  [[gnu::noinline]] void credit_returned(int o, int ovc, bool minimal) {
    if (p.damq)
      credit_returned<true>(o, ovc);
    else
      credit_returned<false>(o, ovc);
    if (p.slot) slot_returned(o, ovc);
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
    if (hook) hook_sent(o, now);
  }

 private:
  // The latency breakdown (docs/metrics.md, "Latency breakdown"), for
  // measured heads. A head arrived over input ip's link: the link's latency
  // is its hop's traversal, anything beyond it a wait for the output it
  // left by (a link joins ports of one class).
  [[gnu::noinline]] void head_arrived(int ip, const Flit& f, Cycle arrival) {
    const int64_t link = p.in_latency[static_cast<size_t>(ip)];
    const int64_t waited = static_cast<int64_t>(f.since_stamp(arrival)) - link;
    lat.traversal(f.minimal_hop) += link;
    (ip >= p.network_ports ? lat.injection : p.global_port[static_cast<size_t>(ip)] ? lat.global_queue : lat.local_queue) +=
        waited;
  }
  // SA granted input VC ivc's head output o: its zero-load time here (RC,
  // VA, SA, ST; store-and-forward: also its tail's arrival after it) is the
  // hop's traversal, the rest a wait for that output.
  [[gnu::noinline]] void head_granted(const InputVc& ivc, int o, bool minimal, Cycle now) {
    const Flit& h = ivc.buf.front();
    int64_t zero = p.lat_rc + p.lat_va;
    if (p.saf) zero += ivc.buf.at(h.size - 1).stamp_after(h);
    const int64_t waited = static_cast<int64_t>(h.since_stamp(now)) - zero;
    lat.traversal(minimal) += zero + p.lat_sa + p.lat_st;
    const OutputUnit& op = out[o];
    (op.sink ? lat.eject_queue : op.global ? lat.global_queue : lat.local_queue) += waited;
  }
  // The output hook: the queue of output o has a new front at cycle now; a
  // flit left on output o at cycle now (and the next, if any, is the front).
  [[gnu::noinline]] void hook_front(int o, Cycle now) { hook->front(*this, o, now); }
  [[gnu::noinline]] void hook_sent(int o, Cycle now) {
    hook->sent(o, now);
    if (!out[o].queue.empty()) hook->front(*this, o, now);
  }
  // DAMQ accounting (out of line: the static buffers' paths pay one test of p.damq).
  [[gnu::noinline]] void damq_arrived(int ip, int v) {
    if (!damq.arrived(ip)) throw_port_invariant("DAMQ pool overflow", id, "in", ip, v);
  }
  // A flit left input port ip for output o (a network one: its VC had `credits`).
  [[gnu::noinline]] void damq_moved(int ip, int o, bool sink, int credits) {
    damq.left(ip);
    if (!sink && !damq.sent(o, credits) && p.check) throw_port_invariant("DAMQ shared pool overflow", id, "out", o, 0);
  }
  // p.slot (router/slot_pads.h): a head left on output VC (o, ovc) over a
  // hop with these HopClass bits; a credit came back on it.
  [[gnu::noinline]] void slot_sent(int o, int ovc, int size, uint8_t hop) {
    const int pad = (hop & kHopSlot) ? std::max(p.slot - size, 0) : 0;
    OutputVc& v = out[o].vcs[ovc];
    v.credits -= pad;
    if (p.check && v.credits < 0) throw_port_invariant("credit underflow", id, "out", o, ovc);
    pads.sent(static_cast<size_t>(o * p.vcs + ovc), size, pad);
  }
  [[gnu::noinline]] void slot_returned(int o, int ovc) {
    const int pad = pads.returned(static_cast<size_t>(o * p.vcs + ovc));
    if (pad < 0) {
      if (p.check) throw_port_invariant("credit for no packet sent", id, "out", o, ovc);
      return;
    }
    OutputVc& v = out[o].vcs[ovc];
    v.credits += pad;
    if (p.check && v.credits > out[o].depth) throw_port_invariant("credit overflow", id, "out", o, ovc);
  }
  [[gnu::noinline]] void damq_free(int o, int credits) {
    if (!damq.freed(o, credits) && p.check) throw_port_invariant("DAMQ shared pool underflow", id, "out", o, 0);
  }
  // A head reached the front of input VC (ip, v): Routing.
  // Store-and-forward: its tail's arrival adds a head still arriving (a
  // head reaching an idle VC is not in its buffer yet).
  void head_at_front(int ip, int v, const Flit& head) {
    InputVc& ivc = vc(ip, v);
    ivc.state = InputVc::State::Routing;
    if (!p.saf || (!ivc.buf.empty() && whole_packet_in(ip, v))) routing.insert(ip * p.vcs + v);
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
