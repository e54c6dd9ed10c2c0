#include "nic/nic.h"

#include <limits>
#include <string>

namespace nocsim {
namespace {
constexpr Cycle kNever = std::numeric_limits<Cycle>::max();
}

Nic::Nic(sc_core::sc_module_name name, int node, const NicParams& p, Cycle period_ps, uint64_t seed,
         const TrafficPattern& pattern, const Topology& topo, NetStats& stats, RunStatus& status)
    : sc_module(name),
      clk("clk"),
      flit_out("flit_out"),
      node_(node),
      p_(p),
      period_ps_(period_ps),
      rng_(seed, "nic." + std::to_string(node)),
      pattern_(pattern),
      topo_(topo),
      stats_(stats),
      status_(status),
      credits_(p.vcs, p.buffer_depth) {
  // Nodes that the pattern maps onto themselves, or a zero load, never generate.
  Rng probe = rng_;
  bool sends = p_.packet_rate > 0 && pattern_.dest(node_, probe) >= 0;
  next_gen_ = sends ? rng_.geometric(p_.packet_rate) - 1 : kNever;
}

// As the stages' (Stage::before_end_of_elaboration): process objects together.
void Nic::before_end_of_elaboration() {
  SC_HAS_PROCESS(Nic);
  SC_METHOD(run);  // no static sensitivity: see ClockGate::bind_dynamic
}

void Nic::start_of_simulation() { gate_.bind_dynamic(clk.posedge_event()); }

// Ejection: the NIC takes flits in when it runs, and must run when a tail
// arrives (the packet is delivered then); the flits before it can wait.
void Nic::on_send(int, Cycle arrival, Cycle) {
  if (!ej_->flits().back().tail()) return;
  tails_.push_back(arrival);
  sleep_until(arrival);
}

// Woken on the falling edge before edge c, so that the process runs on that
// edge together with the routers.
void Nic::sleep_until(Cycle c) {
  // Awake, it runs every edge anyway; asleep, an earlier wake-up is pending.
  if (c >= wake_at_ || !gate_.asleep() || c <= cycle_now(period_ps_)) return;
  wake_at_ = c;
  wheel_->at(c - 1, this);
}

void Nic::on_wheel(Cycle c, int) {
  if (c + 1 != wake_at_) return;  // superseded by an earlier wake-up
  wake_at_ = kNever;
  gate_.wake();
}

void Nic::run() {
  if (!gate_.edge()) return;
  Cycle now = cycle_now(period_ps_);
  receive(now);
  generate(now);
  inject(now);
  // A packet waiting to inject keeps the NIC awake, unless the link is taken
  // by flits already sent ahead (inject()): then it sleeps until the link is
  // free. An ejecting packet wakes it when its tail arrives.
  const bool busy = !queue_.empty() && now + 1 >= inject_from_ && !status_.failed();
  gate_.rest(busy);
  if (busy) return;
  if (!queue_.empty()) sleep_until(inject_from_);
  if (!tails_.empty()) sleep_until(tails_.front());
  sleep_until(next_gen_);
  if (!scripted_.empty()) sleep_until(scripted_.front().first);
}

void Nic::receive(Cycle now) {
  auto& credits = inj_->credits();
  while (credits.ready(now)) {
    if (++credits_[credits.front().vc] > p_.buffer_depth && p_.check)
      return status_.fail(kExitInvariant, "credit overflow at NIC " + std::to_string(node_));
    credits.pop();
  }
  auto& line = ej_->flits();
  while (line.ready(now)) {
    const Flit& f = line.front();
    Cycle at = line.front_arrival();
    ++stats_.flits_ejected;
    if (stats_.window.contains(at)) ++stats_.window_flits_accepted;
    if (p_.check) {
      // A VC carries one packet at a time, head to tail, on the ejection link.
      if (f.vc >= rx_.size()) rx_.resize(f.vc + 1u);
      RxVc& r = rx_[f.vc];
      if (f.dst != node_ || f.seq != r.next || (f.seq > 0 && f.pkt != r.pkt))
        return status_.fail(kExitInvariant, "flit " + std::to_string(f.seq) + " of packet " + std::to_string(f.pkt) +
                                                " (dst " + std::to_string(f.dst) + ") reached node " +
                                                std::to_string(node_) + " on vc " + std::to_string(f.vc) +
                                                " expecting flit " + std::to_string(r.next) +
                                                (r.next ? " of packet " + std::to_string(r.pkt) : std::string()));
      r.pkt = f.pkt;
      r.next = f.tail() ? 0 : f.seq + 1;
    }
    if (f.tail()) {
      if (stats_.record) stats_.deliveries.push_back({f.src, f.dst, f.gen, f.inj(), at, f.hops});
      ++stats_.packets_delivered;
      if (f.measured) {
        ++stats_.measured_delivered;
        stats_.latency.push_back(static_cast<uint32_t>(at - f.gen));
        stats_.network_latency_sum += static_cast<double>(at - f.inj());
        stats_.injection_wait_sum += static_cast<double>(f.inj_wait);
        stats_.hops_sum += f.hops;
        const int rs = topo_.node_router(f.src), rd = topo_.node_router(f.dst);
        const int min_g = topo_.min_global_hops(rs, rd), min_l = topo_.min_hops(rs, rd) - min_g;
        stats_.misrouted_global += f.ghops > min_g;
        stats_.misrouted_local += f.hops - f.ghops > min_l;
      }
    }
    line.pop();
  }
  while (!tails_.empty() && tails_.front() <= now) tails_.pop_front();
}

void Nic::enqueue(Cycle gen, int dst) {
  bool measured = stats_.window.contains(gen);
  queue_.push_back({(static_cast<uint64_t>(node_) << 40) | seq_++, dst, gen, measured});
  ++stats_.packets_generated;
  if (measured) {
    ++stats_.measured_generated;
    stats_.window_flits_generated += p_.packet_size;
  }
}

void Nic::generate(Cycle now) {
  while (!scripted_.empty() && scripted_.front().first <= now) {
    enqueue(scripted_.front().first, scripted_.front().second);
    scripted_.pop_front();
  }
  if (next_gen_ >= p_.stop) next_gen_ = kNever;
  while (next_gen_ <= now && next_gen_ < p_.stop) {
    enqueue(next_gen_, pattern_.dest(node_, rng_));
    next_gen_ += rng_.geometric(p_.packet_rate);
  }
}

void Nic::inject(Cycle now) {
  if (queue_.empty() || now < inject_from_) return;
  if (cur_vc_ < 0) {  // pick a VC for the head
    const int need = p_.vct ? p_.packet_size : 1;
    for (int k = 0; k < p_.vcs && cur_vc_ < 0; ++k) {
      int v = (vc_ptr_ + k) % p_.vcs;
      if (credits_[v] >= need) cur_vc_ = v;
    }
    if (cur_vc_ < 0) return;
    vc_ptr_ = (cur_vc_ + 1) % p_.vcs;
    cur_seq_ = 0;
    cur_inj_ = now;
  }
  if (credits_[cur_vc_] < 1) return;
  const Packet& pk = queue_.front();
  Flit f;
  f.pkt = pk.id;
  f.src = node_;
  f.dst = pk.dst;
  f.size = p_.packet_size;
  f.vc = cur_vc_;
  f.gen = pk.gen;
  f.inj_wait = static_cast<uint32_t>(cur_inj_ - pk.gen);
  f.measured = pk.measured;
  // With credits for the rest of the packet, flit by flit would send one per
  // cycle from now on whatever happens: send them all now, each annotated with
  // its own cycle, and sleep while they go. Otherwise one flit.
  const int left = p_.packet_size - cur_seq_;
  const int n = credits_[cur_vc_] >= left ? left : 1;
  const int router = topo_.node_router(node_);
  for (int k = 0; k < n; ++k) {
    f.seq = static_cast<uint16_t>(cur_seq_ + k);
    flit_out.send(f, cur_vc_, sc_core::sc_time::from_value(static_cast<sc_dt::uint64>(k) * period_ps_));
    if (stats_.window.contains(now + k)) ++stats_.router_injected[router];
  }
  credits_[cur_vc_] -= n;
  stats_.flits_injected += n;
  inject_from_ = now + n;
  if ((cur_seq_ += n) == p_.packet_size) {
    queue_.pop_front();
    cur_vc_ = -1;
  }
}

}  // namespace nocsim
