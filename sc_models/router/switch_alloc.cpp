#include "router/switch_alloc.h"

#include <algorithm>
#include <string>

#include "core/error.h"
#include "router/router.h"

namespace nocsim {

SwitchAlloc::SwitchAlloc(sc_core::sc_module_name name, Router& router, RouterState& st, bool own_process,
                         std::unique_ptr<SwAllocBackend> alloc)
    : Stage(name, router, st, own_process),
      alloc_(std::move(alloc)),
      grants_(static_cast<size_t>(st.p.ports) * static_cast<size_t>(st.p.speedup)),
      req_(st.p.ports, 0),
      op_of_(st.p.ports * st.p.vcs, 0),
      gnt_(st.p.ports, -1),
      transit_out_(st.p.ports, 0) {}

void SwitchAlloc::evaluate(Cycle now) {
  grants_.clear();
  if (st_.n_active == 0) return;
  const int V = st_.p.vcs;
  alloc_->set_context(st_.id, now);
  for (int round = 0; round < st_.p.speedup; ++round) {
    uint64_t inputs = 0;
    for (int i : st_.active) {
      const InputVc& ivc = st_.in[static_cast<size_t>(i)];
      if (ivc.ready > now || ivc.sa_done || ivc.buf.size() <= ivc.sa_taken) continue;
      const int out = ivc.route.out_port;
      const OutputPort& op = st_.out[out];
      if (!op.sink) {
        const OutputVc& ovc = op.vcs[ivc.out_vc];
        if (ovc.credits - ovc.sa_used < 1) continue;
      }
      // The queue's oldest flit leaves this cycle if it is due: its slot is free for this grant.
      const int departing = !op.queue.empty() && op.queue.front().ready <= now;
      if (static_cast<int>(op.queue.size()) - departing + op.sa_added >= op.queue_capacity) continue;
      const int ip = ivc.port;
      req_[ip] |= 1ull << (i - ip * V);
      ++requests_;
      op_of_[i] = out;
      inputs |= 1ull << ip;
    }
    if (st_.p.in_transit_priority) yield_to_transit(inputs);
    if (!inputs) break;
    alloc_->allocate(inputs, req_.data(), op_of_.data(), gnt_.data());
    for (uint64_t m = inputs; m; m &= m - 1) {
      const int ip = __builtin_ctzll(m);
      req_[ip] = 0;
      const int v = gnt_[ip];
      if (v < 0) continue;
      InputVc& ivc = st_.vc(ip, v);
      if (ivc.buf.at(ivc.sa_taken).tail()) ivc.sa_done = 1;
      ++ivc.sa_taken;
      OutputPort& op = st_.out[ivc.route.out_port];
      ++op.vcs[ivc.out_vc].sa_used;
      ++op.sa_added;
      grants_.push({ip, v});
      router_.send_credit(ip, v);
    }
  }
}

void SwitchAlloc::yield_to_transit(uint64_t& inputs) {
  const int V = st_.p.vcs, np = st_.p.network_ports;
  const uint64_t transit = np >= 64 ? inputs : inputs & ((1ull << np) - 1);
  if (transit == inputs || !transit) return;  // no injection input, or no contest
  auto mark = [&](uint8_t on) {
    for (uint64_t m = transit; m; m &= m - 1) {
      const int ip = __builtin_ctzll(m);
      for (uint64_t r = req_[ip]; r; r &= r - 1) transit_out_[op_of_[ip * V + __builtin_ctzll(r)]] = on;
    }
  };
  mark(1);
  for (uint64_t m = inputs & ~transit; m; m &= m - 1) {
    const int ip = __builtin_ctzll(m);
    for (uint64_t r = req_[ip]; r; r &= r - 1) {
      const int v = __builtin_ctzll(r);
      if (transit_out_[op_of_[ip * V + v]]) {
        req_[ip] &= ~(1ull << v);
        --requests_;  // withdrawn: never reaches the allocator
      }
    }
    if (!req_[ip]) inputs &= ~(1ull << ip);
  }
  mark(0);
}

void SwitchAlloc::commit(Cycle now) {
  const int V = st_.p.vcs;
  st_.act.sa_requests += requests_;
  st_.act.sa_grants += grants_.size();
  requests_ = 0;
  for (const auto& g : grants_) {
    InputVc& ivc = st_.vc(g.ip, g.ivc);
    OutputPort& op = st_.out[ivc.route.out_port];
    // Straight from the input buffer into the output queue (one copy).
    StFlit& slot = op.queue.push_slot();
    slot.ready = now + st_.p.lat_sa + st_.p.lat_st;
    slot.flit = ivc.buf.front();
    Flit& f = slot.flit;
    ivc.buf.pop();
    ++st_.buffer_reads[g.ip];
    ivc.sa_taken = 0;
    ivc.sa_done = 0;
    op.sa_added = 0;
    OutputVc& ovc = op.vcs[ivc.out_vc];
    ovc.sa_used = 0;
    if (!op.sink) {
      --ovc.credits;
      if (st_.p.check && ovc.credits < 0)
        throw_port_invariant("credit underflow", st_.id, "out", ivc.route.out_port, ivc.out_vc);
    }
    f.vc = static_cast<uint8_t>(ivc.out_vc);
    f.hops = static_cast<uint16_t>(f.hops + op.network);  // counted when granted the link's port
    f.ghops = static_cast<uint8_t>(f.ghops + op.global);
    ++st_.st_queued;
    st_.queued_ports.insert(ivc.route.out_port);
    ++st_.flits_moved;
    if (f.tail()) {
      ovc.busy = false;
      ivc.out_vc = -1;
      if (ivc.buf.empty())
        ivc.state = InputVc::State::Idle;
      else
        st_.to_routing(g.ip, g.ivc);
      --st_.n_active;
      auto& a = st_.active;
      a.erase(std::find(a.begin(), a.end(), g.ip * V + g.ivc));
      ivc.ready = now + 1;
    }
  }
  grants_.clear();
}

}  // namespace nocsim
