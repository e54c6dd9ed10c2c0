#include "router/switch_alloc.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/error.h"
#include "router/router.h"

namespace nocsim {

SwitchAlloc::SwitchAlloc(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process,
                         std::unique_ptr<SwAllocBackend> alloc)
    : Stage(name, router, st, own_process),
      alloc_(std::move(alloc)),
      credits_(router.credit_targets()),
      flits_(router.flit_targets()),
      scratch_(SaScratch(st.p.ports, st.p.vcs, st.p.speedup)),
      age_(st.p.sa_age ? static_cast<size_t>(st.p.ports) * st.p.vcs : 0, 0) {
  if (st.p.hold_switch) {
    hold_vc_.assign(static_cast<size_t>(st.p.ports), -1);
    hold_out_.assign(static_cast<size_t>(st.p.ports), -1);
  }
  bind_evaluate<SwitchAlloc>();
  // Direct ST sends a granted flit this much after its grant, when ST would.
  st_delay_ = sc_core::sc_time::from_value(static_cast<sc_core::sc_time::value_type>(st.p.lat_sa + st.p.lat_st) *
                                           router.period_ps());
  alloc_->set_ages(age_.data());
}

void SwitchAlloc::share_scratch(bool on, bool threads) {
  const RouterParams& p = st_.p;
  if (!ScratchBounds::within(p.ports, p.vcs, p.speedup))
    throw std::logic_error("switch allocation: a router larger than a thread's scratch");
  scratch_.share(on, threads);
  // The thread setting the network up runs routers too: its copy may hold
  // what a run stopped by an error left.
  if (on) StageScratch<SaScratch>::of_thread().clean(p.ports, p.vcs);
}

// kExtras: DAMQ buffers, age arbiters, held connections or a speedup's
// rounds, tested only in their instantiation so that the common one
// compiles as if they did not exist (one round, nothing taken before it).
template <bool kExtras>
void SwitchAlloc::allocate(SaScratch& s, Cycle now) {
  const int V = st_.p.vcs;
  const bool damq = kExtras && st_.p.damq, sa_age = kExtras && st_.p.sa_age, hold = kExtras && st_.p.hold_switch;
  const uint64_t held = st_.parked ? held_full(now) : 0;
  const int rounds = kExtras ? st_.p.speedup : 1;
  for (int round = 0; round < rounds; ++round) {
    const bool again = kExtras && round > 0;  // reads what earlier rounds took
    uint64_t inputs = 0;
    for (int i : st_.active) {
      const InputVc& ivc = st_.in[static_cast<size_t>(i)];
      if (hold && blocked_by_hold(i, ivc)) continue;
      const Taken took = again ? s.taken[static_cast<size_t>(i)] : Taken{0, 0};
      if (ivc.ready > now || took.tail || ivc.buf.size() <= took.flits) continue;
      const int out = ivc.route.out_port;
      if ((held >> out) & 1) continue;
      const OutputUnit& op = st_.out[out];
      if (!op.sink) {
        const int used = again ? s.used[static_cast<size_t>(out * V + ivc.out_vc)] : 0;
        if (op.vcs[ivc.out_vc].credits - used < 1) continue;
        if (damq && damq_full(s, out, ivc.out_vc, used)) continue;
      }
      const int queued = static_cast<int>(op.queue.size()) + (again ? s.added[static_cast<size_t>(out)] : 0);
      // A full queue has room if its oldest flit leaves this cycle. Only then
      // is its front read: the ring's storage is a line of its own.
      if (queued >= op.queue_capacity) {
        const int departing = !op.queue.empty() && op.queue.front().ready <= now;
        if (queued - departing >= op.queue_capacity) continue;
      }
      const int ip = ivc.port;
      __builtin_prefetch(&ivc.buf.at(took.flits));  // read if granted: the miss overlaps the allocation
      s.req[ip] |= 1ull << (i - ip * V);
      ++requests_;
      s.op_of[i] = out;
      if (sa_age) age_[i] = st_.gen(ivc.buf.at(took.flits));
      inputs |= 1ull << ip;
    }
    if (st_.p.in_transit_priority) yield_to_transit(s, inputs);
    // A held connection's flit goes without the allocator (its input and
    // output had no other requester), whose arbiters do not move.
    const uint64_t direct = hold ? grant_holds(s, inputs) : 0;
    inputs &= ~direct;
    if (!(inputs | direct)) break;
    // A granted input sends a credit upstream: its link's miss overlaps the allocation.
    for (uint64_t m = inputs; m; m &= m - 1) credits_.prefetch(__builtin_ctzll(m));
    // The usual case below saturation; the backend's line is read either
    // way (a member here would move SA's hot members across a line).
    SepIfAllocator* const lone = alloc_->lone_rr();
    if (lone && inputs && !(inputs & (inputs - 1))) {
      const int ip = __builtin_ctzll(inputs);
      s.gnt[ip] = lone->grant_lone(ip, s.req[ip], s.op_of.data());
    } else if (inputs) {
      alloc_->allocate(inputs, s.req.data(), s.op_of.data(), s.gnt.data());
    }
    for (uint64_t m = inputs | direct; m; m &= m - 1) {
      const int ip = __builtin_ctzll(m);
      s.req[ip] = 0;
      const int v = s.gnt[ip];
      if (v < 0) continue;
      const InputVc& ivc = st_.vc(ip, v);
      const bool later = kExtras && st_.p.speedup > 1;  // another round reads what this grant took
      const Flit& f = ivc.buf.at(later ? s.taken[static_cast<size_t>(ip * V + v)].flits : 0);
      const bool minimal = st_.p.mincred && f.minimal_hop;
      if (later) {
        const int o = ivc.route.out_port;
        Taken& took = s.taken[static_cast<size_t>(ip * V + v)];
        took.tail |= f.tail();
        ++took.flits;
        if (damq && !st_.out[o].sink) damq_granted(s, o, ivc.out_vc);
        ++s.used[static_cast<size_t>(o * V + ivc.out_vc)];
        ++s.added[static_cast<size_t>(o)];
      }
      s.grants.push({ip, v});
      credits_.send(ip, Credit::make(v, minimal), v);
    }
  }
}

template void SwitchAlloc::allocate<false>(SaScratch&, Cycle);
template void SwitchAlloc::allocate<true>(SaScratch&, Cycle);

// Parked outputs whose queue is full with a front that does not leave this
// cycle: no round grants them anything (rounds only add to a queue), so
// their requesters are skipped before their output's lines are read.
uint64_t SwitchAlloc::held_full(Cycle now) const {
  uint64_t held = 0;
  for (uint64_t m = st_.wanted & st_.parked; m; m &= m - 1) {
    const int o = __builtin_ctzll(m);
    const OutputUnit& op = st_.out[o];
    if (static_cast<int>(op.queue.size()) >= op.queue_capacity && !(op.queue.front().ready <= now)) held |= 1ull << o;
  }
  return held;
}

bool SwitchAlloc::unparked_work(const RouterState& st) {
  if (st.wanted & ~st.parked) return true;
  for (uint64_t m = st.wanted & st.parked; m; m &= m - 1) {
    const OutputUnit& op = st.out[__builtin_ctzll(m)];
    if (static_cast<int>(op.queue.size()) < op.queue_capacity) return true;
  }
  return false;
}

bool SwitchAlloc::damq_full(const SaScratch& s, int o, int ovc, int used) const {
  return st_.damq_room(o, ovc, used, s.shared.empty() ? 0 : s.shared[static_cast<size_t>(o)]) < 1;
}

// The flit granted into output VC ovc lands in the downstream shared part
// when that VC already holds (or was granted this cycle) its reserve.
void SwitchAlloc::damq_granted(SaScratch& s, int o, int ovc) {
  const int used = s.used[static_cast<size_t>(o * st_.p.vcs + ovc)];
  if (st_.damq.lands_shared(o, st_.out[o].vcs[ovc].credits, used)) ++s.shared[static_cast<size_t>(o)];
}

// Grants touch only their own entries: clearing those leaves the scratch all zero.
void SwitchAlloc::clear_scratch(SaScratch& s) {
  const int V = st_.p.vcs;
  for (const auto& g : s.grants) {
    const InputVc& ivc = st_.vc(g.ip, g.ivc);
    const int o = ivc.route.out_port;
    s.taken[static_cast<size_t>(g.ip * V + g.ivc)] = {0, 0};
    s.used[static_cast<size_t>(o * V + ivc.out_vc)] = 0;
    s.added[static_cast<size_t>(o)] = 0;
    s.shared[static_cast<size_t>(o)] = 0;
  }
}

void SwitchAlloc::yield_to_transit(SaScratch& s, uint64_t& inputs) {
  const int V = st_.p.vcs, np = st_.p.network_ports;
  const uint64_t transit = np >= 64 ? inputs : inputs & ((1ull << np) - 1);
  if (transit == inputs || !transit) return;  // no injection input, or no contest
  auto mark = [&](uint8_t on) {
    for (uint64_t m = transit; m; m &= m - 1) {
      const int ip = __builtin_ctzll(m);
      for (uint64_t r = s.req[ip]; r; r &= r - 1) s.transit_out[s.op_of[ip * V + __builtin_ctzll(r)]] = on;
    }
  };
  mark(1);
  for (uint64_t m = inputs & ~transit; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    for (uint64_t r = s.req[ip]; r; r &= r - 1) {
      const int v = __builtin_ctzll(r);
      if (s.transit_out[s.op_of[ip * V + v]]) {
        s.req[ip] &= ~(1ull << v);
        --requests_;  // withdrawn: never reaches the allocator
      }
    }
    if (!s.req[ip]) inputs &= ~(1ull << ip);
  }
  mark(0);
}

// router.hold_switch (docs/architecture.md, "Allocators"): at a held input
// only the held VC may request, and no other input may request a held output.
bool SwitchAlloc::blocked_by_hold(int i, const InputVc& ivc) const {
  const int ip = ivc.port;
  if ((held_in_ >> ip) & 1) return hold_vc_[static_cast<size_t>(ip)] != i - ip * st_.p.vcs;
  return (held_out_ >> ivc.route.out_port) & 1;
}

// The held inputs that requested (their held VC, for the held output): granted.
uint64_t SwitchAlloc::grant_holds(SaScratch& s, uint64_t inputs) {
  const uint64_t direct = inputs & held_in_;
  for (uint64_t m = direct; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    s.gnt[static_cast<size_t>(ip)] = hold_vc_[static_cast<size_t>(ip)];
  }
  return direct;
}

// Before the grants depart: the output each granted input would keep (none
// after a tail).
void SwitchAlloc::note_holds(const SaScratch& s, const RouterState& st) {
  for (const auto& g : s.grants) {
    const InputVc& ivc = st.vc(g.ip, g.ivc);
    hold_out_[static_cast<size_t>(g.ip)] = static_cast<int8_t>(ivc.buf.at(0).tail() ? -1 : ivc.route.out_port);
  }
}

// After: a granted input keeps its connection while the packet's next flit
// is already buffered; every other hold ends (its flit could not go).
void SwitchAlloc::set_holds(const SaScratch& s, const RouterState& st) {
  held_in_ = held_out_ = 0;
  for (const auto& g : s.grants) {
    const int o = hold_out_[static_cast<size_t>(g.ip)];
    if (o < 0 || st.vc(g.ip, g.ivc).buf.empty()) continue;
    held_in_ |= 1ull << g.ip;
    held_out_ |= 1ull << o;
    hold_vc_[static_cast<size_t>(g.ip)] = static_cast<int8_t>(g.ivc);
  }
}

// Direct ST (docs/architecture.md, "Direct ST"): each grant's flit goes onto
// its link now, with a TLM delay of the SA and ST latency, for the cycle ST
// would have sent it from a queue that only delays.
void SwitchAlloc::send_direct(SaScratch& s, RouterState& st, Cycle now, Cycle leaves) {
  for (const auto& g : s.grants) {
    const int o = st.vc(g.ip, g.ivc).route.out_port;
    StFlit f;
    st.departed<false, true>(g.ip, g.ivc, now, leaves, &f);
    flits_.send(o, f.flit, f.flit.vc, st_delay_);
  }
}

void SwitchAlloc::commit(Cycle now, RouterState& st) {
  st.obs.sa_requested(requests_);
  requests_ = 0;
  SaScratch& s = scratch_.get();  // this evaluate's: one pass commits on its thread
  const Cycle leaves = now + st.p.lat_sa + st.p.lat_st;
  if (st.p.speedup > 1) clear_scratch(s);  // before departed() moves the VCs on
  if (st.p.hold_switch) note_holds(s, st);
  if (st.direct_st) {
    send_direct(s, st, now, leaves);
  } else if (st.has_extras())
    for (const auto& g : s.grants) st.departed<true>(g.ip, g.ivc, now, leaves);
  else
    for (const auto& g : s.grants) st.departed<false>(g.ip, g.ivc, now, leaves);
  if (st.p.hold_switch) set_holds(s, st);
  s.grants.clear();
}

}  // namespace nocsim
