#include "nic/injector.h"

#include <algorithm>
#include <string>

#include "parallel/outbox.h"

namespace nocsim {

Injector::Injector(int node, int router, const NicParams& p, Cycle period_ps, NetStats& stats, PacketTimes& times,
                   RunStatus& status)
    : node_(node),
      router_(router),
      p_(p),
      period_(sc_core::sc_time::from_value(period_ps)),
      stats_(stats),
      counters_(&stats),
      times_(times),
      status_(status),
      credits_(p.vcs, p.buffer_depth),
      vc_rng_(p.random_vc ? std::make_unique<Rng>(p.seed, "nic" + std::to_string(node) + ".injection_vc") : nullptr),
      pacer_(p.pace) {}

bool Injector::take_credits(Cycle now) {
  auto& credits = inj_->credits();
  while (credits.ready(now)) {
    if (++credits_[credits.front().vc()] > p_.buffer_depth && p_.check) {
      fail_run(status_, kExitInvariant, "credit overflow at NIC " + std::to_string(node_));
      return false;
    }
    credits.pop();
  }
  return true;
}

uint64_t Injector::enqueue(const GenPacket& g, bool reply) {
  const bool measured = stats_.window.contains(g.gen);
  if (measured && p_.request_reply) owe_replies(g, reply);
  if (!reply && !g.msg && in_queue() >= p_.source_queue) {  // offered, never to be carried
    ++counters_->packets_dropped;
    if (measured) counters_->window_flits_generated += static_cast<uint64_t>(g.size);
    return 0;
  }
  if (g.packets != 1 && (g.packets == 0 || g.last_size < 1 || g.last_size > g.size)) {  // a source's bug
    fail_run(status_, kExitInvariant, "NIC " + std::to_string(node_) + ": a message of " + std::to_string(g.packets) +
                                          " packets of " + std::to_string(g.size) + " flits, the last of " +
                                          std::to_string(g.last_size));
    return 0;
  }
  const uint64_t id = (static_cast<uint64_t>(node_) << 40) | seq_;
  seq_ += g.packets;  // a message's packets take the next ids (modulo 2^32)
  queue_.push_back({id, g.dst, g.size, g.gen, measured, reply, g.release, g.msg, g.packets - 1, g.msg_flits, g.last_size});
  more_ += g.packets - 1;
  counters_->packets_generated += g.packets;
  if (measured) {
    counters_->measured_generated += g.packets;
    counters_->window_flits_generated += g.flits();
  }
  return id;
}

// A request calls for its reply's flits (a message: one reply per packet),
// which a reply made in the window pays off; a dropped request still owes
// them: its reply was offered too.
void Injector::owe_replies(const GenPacket& g, bool reply) {
  if (reply)
    counters_->window_replies_owed -= static_cast<int64_t>(g.size);
  else
    counters_->window_replies_owed +=
        p_.reply_size ? static_cast<int64_t>(p_.reply_size) * g.packets : static_cast<int64_t>(g.flits());
}

bool Injector::pick_vc(int need) {
  if (vc_rng_) {  // the NIC stays awake while a packet waits, so this draws once a cycle
    const int v = static_cast<int>(vc_rng_->below(static_cast<uint64_t>(p_.vcs)));
    if (credits_[v] < need) return false;
    cur_vc_ = v;
    return true;
  }
  for (int k = 0; k < p_.vcs && cur_vc_ < 0; ++k) {
    const int v = (vc_ptr_ + k) % p_.vcs;
    if (credits_[v] >= need) cur_vc_ = v;
  }
  if (cur_vc_ < 0) return false;
  vc_ptr_ = (cur_vc_ + 1) % p_.vcs;
  return true;
}

void Injector::inject(Cycle now) {
  if (queue_.empty() || now < inject_from_) return;
  const Packet& pk = queue_.front();
  if (cur_vc_ < 0 && now < pk.release) return;  // not handed over yet
  if (cur_vc_ < 0) {  // pick a VC for the head
    if (!pick_vc(p_.vct ? pk.size : 1)) return;
    cur_seq_ = 0;
    cur_inj_ = now;
    times_.injected(node_, static_cast<uint32_t>(pk.id), pk.gen, now);
  }
  if (credits_[cur_vc_] < 1) return;
  Flit f;
  f.src = node_;
  f.pseq = static_cast<uint32_t>(pk.id);
  f.dst = pk.dst;
  f.size = static_cast<uint16_t>(pk.size);
  f.vc = static_cast<uint8_t>(cur_vc_);
  f.measured = pk.measured;
  f.reply = pk.reply;
  f.minimal_hop = true;  // the injection link is on every path
  f.stamp = Flit::stamp_of(cur_inj_);
  // With credits for the rest of the packet, flit by flit would send one per
  // cycle from now on whatever happens: send them all now, each annotated with
  // its own cycle, and sleep while they go. Otherwise one flit.
  const int left = pk.size - cur_seq_;
  const int n = credits_[cur_vc_] >= left ? left : 1;
  Cycle last_at = now + static_cast<Cycle>(n) - 1;  // the cycle the n-th flit leaves
  if (pacer_.slow()) {
    last_at = send_paced(f, n, now);
    inject_from_ = pacer_.free_from();
  } else {
    // The delays add up inline (sc_time::from_value is a library call per flit).
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    for (int k = 0; k < n; ++k, delay += period_) {
      f.seq = static_cast<uint16_t>(cur_seq_ + k);
      LinkSender<Flit>::send(out_, f, cur_vc_, delay);
      if (stats_.window.contains(now + k)) ++window_injected_;
    }
    inject_from_ = now + static_cast<Cycle>(n);
  }
  if (listener_ && cur_seq_ == 0) {
    f.seq = 0;
    listener_->injected(router_, f, now, pk.msg ? pk.msg_flits : static_cast<uint64_t>(pk.size));
  }
  credits_[cur_vc_] -= n;
  counters_->flits_injected += static_cast<uint64_t>(n);
  if ((cur_seq_ += n) == pk.size) {
    cur_vc_ = -1;
    if (pk.more > 0) return next_of_message();
    if (pk.msg && app_) app_->sent(pk.msg, last_at);
    queue_.pop_front();
  }
}

void Injector::next_of_message() {
  Packet& pk = queue_.front();
  pk.id = (pk.id >> 32 << 32) | static_cast<uint32_t>(pk.id + 1);
  pk.msg_flits = 0;
  if (--pk.more == 0) pk.size = pk.last_size;
  --more_;
}

Cycle Injector::send_paced(Flit& f, int n, Cycle now) {
  // A flit that waited for the link since an earlier cycle starts where the
  // link's previous flit ended, fraction included: else each packet would
  // round the link's time up once.
  const Packet& pk = queue_.front();
  const Cycle want = now == inject_from_ && std::max(pk.gen, pk.release) < now ? now - 1 : now;
  Cycle go = now;
  for (int k = 0; k < n; ++k) {
    go = pacer_.earliest(want);
    pacer_.book(want, go);
    f.seq = static_cast<uint16_t>(cur_seq_ + k);
    LinkSender<Flit>::send(out_, f, cur_vc_, period_ * static_cast<double>(go - now));
    if (stats_.window.contains(go)) ++window_injected_;
  }
  return go;
}

}  // namespace nocsim
