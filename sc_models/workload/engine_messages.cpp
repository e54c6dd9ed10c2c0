// The messages of a closed-loop run (docs/workloads.md, "Protocols"): a
// send's packets handed to the NIC, eager or by rendezvous; a receive
// matched against what has arrived; each destination's table of messages
// on their way, offered to their receives in the order their sources sent
// them. The rank stepping that calls these is in engine.cpp.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "workload/engine.h"

namespace nocsim {

Cycle AppParams::rounded_overhead(double o_ns, uint64_t bytes) const {
  const double ns = o_ns + overhead_per_byte_ns * static_cast<double>(bytes > 0 ? bytes - 1 : 0);
  return static_cast<Cycle>(std::llround(ns * freq_ghz));
}

uint64_t AppParams::flits_of(uint64_t bytes) const {
  const auto fb = static_cast<uint64_t>(flit_bits);
  return std::max<uint64_t>(1, (bytes * 8 + fb - 1) / fb);
}

uint64_t AppParams::packets_of(uint64_t bytes) const {
  const auto per = static_cast<uint64_t>(packet_flits);
  return (flits_of(bytes) + per - 1) / per;
}

// A rank's packets: its messages', an RTS per rendezvous it sends and a
// CTS per rendezvous (or ACK per eager synchronous send) it receives.
void check_packet_numbers(const Program& prog, const AppParams& p, const std::string& key) {
  std::vector<uint64_t> packets(static_cast<size_t>(prog.ranks()), 0);
  for (int r = 0; r < prog.ranks(); ++r)
    for (const Op& op : prog.ops(r)) {
      if (op.kind != OpKind::Send && op.kind != OpKind::Isend) continue;
      const bool rdv = p.rendezvous(op.amount);
      packets[static_cast<size_t>(r)] += p.packets_of(op.amount) + rdv;
      packets[static_cast<size_t>(op.peer)] += rdv || op.mode == SendMode::Synchronous;  // a CTS or an ACK
      // Checked as it grows: 2^40-byte messages could wrap the sum.
      if (packets[static_cast<size_t>(r)] > kMaxRankPackets) break;
    }
  for (int r = 0; r < prog.ranks(); ++r)
    if (packets[static_cast<size_t>(r)] > kMaxRankPackets)
      throw ConfigError(key + ": rank " + std::to_string(r) + " sends more than 2^32 - 1 packets of " +
                        std::to_string(p.packet_flits) + " flits of " + std::to_string(p.flit_bits) +
                        " bits (a node numbers its packets in 32 bits); send fewer bytes from one rank, or set "
                        "larger traffic.packet_size or power.flit_bits");
}

// A new message of op.amount bytes: its data goes to the NIC (eager), or
// its RTS (rendezvous, docs/workloads.md "Protocols"), once the send's
// overhead has kept the rank busy ("Host overheads").
void AppEngine::send(Rank& r, int rank, const Op& op, Cycle now, std::vector<GenPacket>& out, Side* s) {
  const Cycle cost = s ? 0 : p_.send_overhead(op.amount);
  if (cost > 0) {
    r.res.overhead += cost;
    r.busy_until = r.ready = now + cost;
  }
  const uint64_t req = start_request(r, op.tag, s);
  Message m;
  m.src = rank;
  m.dst = op.peer;
  m.tag = op.tag;
  m.comm = op.comm;
  m.bytes = op.amount;
  m.send_req = req;
  m.packets = static_cast<uint32_t>(p_.packets_of(op.amount));  // < 2^32: check_packet_numbers
  m.start = now;
  m.rendezvous = p_.rendezvous(op.amount);
  m.ack = op.mode == SendMode::Synchronous && !m.rendezvous;  // a rendezvous's CTS already says a receive took it
  m.buffered = op.mode == SendMode::Buffered;
  m.offloaded = s != nullptr;
  const uint32_t idx = new_message(m);
  ++in_flight_;  // its data, or its RTS
  ++totals_.sent;
  totals_.bytes += op.amount;
  out.push_back(m.rendezvous ? control_packet(idx, kRts, op.peer, now, cost) : data_of(idx, now, cost));
  if (m.buffered) {  // copied into the buffer: the request completes then
    ++r.buffered;
    complete(r, req, op.tag, now + cost);
  } else if (op.kind == OpKind::Send) {
    block(r, static_cast<int64_t>(req), now + cost);
  }
}

// Message idx's data, cut into packets of p_.packet_flits flits (at least
// one flit, the last packet the remainder), as one entry the NIC cuts as
// the packets leave.
GenPacket AppEngine::data_of(uint32_t idx, Cycle now, Cycle after) const {
  const Message& m = msgs_[idx];
  const uint64_t flits = p_.flits_of(m.bytes);
  const auto per = static_cast<uint64_t>(p_.packet_flits);
  GenPacket g;
  g.gen = now;
  g.release = now + after + p_.message_delay;
  g.dst = node_of(m.dst);
  g.size = static_cast<int>(std::min(per, flits));
  g.msg = idx + 1;
  g.packets = m.packets;
  g.last_size = static_cast<int>(flits - per * (m.packets - 1));
  g.msg_flits = static_cast<uint32_t>(std::min<uint64_t>(flits, UINT32_MAX));
  return g;
}

// A rendezvous's RTS or CTS, or a synchronous send's ACK (`kind`): one
// flit to `to_rank`.
GenPacket AppEngine::control_packet(uint32_t idx, uint32_t kind, int to_rank, Cycle now, Cycle after) const {
  GenPacket g;
  g.gen = now;
  g.release = now + after + p_.message_delay;
  g.dst = node_of(to_rank);
  g.size = 1;
  g.msg = (idx + 1) | kind;
  g.packets = 1;
  g.last_size = 1;
  g.msg_flits = 1;
  return g;
}

void AppEngine::recv(Rank& r, const Op& op, uint32_t at, Cycle now, Side* s) {
  const uint64_t req = start_request(r, op.tag, s);
  const Posted p{req, op.peer, op.tag, at, op.comm};
  const auto it = std::find_if(r.unexpected.begin(), r.unexpected.end(), [&](uint32_t i) { return matches(p, msgs_[i]); });
  if (it != r.unexpected.end()) {  // its envelope is here
    const uint32_t idx = *it;
    r.unexpected.erase(it);
    const bool here = msgs_[idx].here();
    take(r, idx, req, now);
    if (here || op.kind == OpKind::Irecv) return;
  } else {
    r.posted.push_back(p);
  }
  if (op.kind == OpKind::Recv) block(r, static_cast<int64_t>(req), now);
}

// Receive `req` of rank r takes message idx, whose envelope has been
// offered: it completes now if the message is here, else when it is. A
// rendezvous's CTS, or a synchronous send's ACK, goes back to the sender.
void AppEngine::take(Rank& r, uint32_t idx, uint64_t req, Cycle now) {
  Message& m = msgs_[idx];
  m.matched = true;
  m.recv_req = req;
  if (m.rendezvous || m.ack) {
    r.outbox.push_back(control_packet(idx, kCts, m.src, now));
    ++in_flight_;
    if (m.rendezvous) return;  // its data leaves when the CTS arrives
  }
  if (m.here()) received(idx, now);
}

// Message idx, matched, has fully arrived: its receive completes at `at`.
void AppEngine::received(uint32_t idx, Cycle at) {
  const Message& m = msgs_[idx];
  release_if_done(idx);  // the slot is reused only by a later send
  complete(ranks_[static_cast<size_t>(m.dst)], m.recv_req, m.tag, std::max(at, m.processed));
}

void AppEngine::enqueued(const GenPacket& g, uint64_t pkt) {
  const uint32_t idx = (g.msg & kIndex) - 1, kind = g.msg & (kRts | kCts);
  const auto dst = static_cast<size_t>(g.dst);
  if (kind) {  // an RTS carries the envelope, a CTS none
    (kind == kRts ? arriving_ : payload_)[dst].emplace(pkt, idx | kind);
    return;
  }
  (msgs_[idx].rendezvous ? payload_ : arriving_)[dst].emplace(pkt, idx);
}

void AppEngine::sent(uint32_t msg, Cycle tail) {
  if (msg & (kRts | kCts)) return;  // a control packet: no request of its own
  Message& m = msgs_[msg - 1];
  m.left = tail + 1;
  if (!m.ack) send_completed(msg - 1, m.left);  // else when the ACK arrives
}

// Message idx's send request completes at `at` (a buffered send's
// completed at the send: its data has left, which its rank's end waits for).
void AppEngine::send_completed(uint32_t idx, Cycle at) {
  Message& m = msgs_[idx];
  m.send_done = true;
  Rank& r = ranks_[static_cast<size_t>(m.src)];
  if (!m.buffered) {
    complete(r, m.send_req, m.tag, at);
  } else {
    --r.buffered;
    r.buffered_by = std::max(r.buffered_by, at);
    if (r.block == kBuffered) {
      r.unblock_at = std::max(r.unblock_at, at);
      if (r.buffered == 0) unblock(r);
    }
  }
  release_if_done(idx);
}

// A packet's tail at its destination. The first packet of an eager
// message, or a rendezvous's RTS, carries the envelope: it is offered to
// the receives in the order the source sent (docs/workloads.md,
// "Matching"), so one that overtook an earlier message from the same rank
// waits for that one's envelope.
void AppEngine::delivered(int node, const Flit& tail, Cycle at) {
  const uint64_t pkt = tail.pkt();
  Arriving& envelopes = arriving_[static_cast<size_t>(node)];
  if (const auto it = find(envelopes, pkt); it != envelopes.end())
    return envelope_arrived(envelopes, it, pkt, at);
  Arriving& payload = payload_[static_cast<size_t>(node)];
  if (const auto it = find(payload, pkt); it != payload.end()) payload_arrived(payload, it, at);
}

// The entry whose packets hold `pkt`, or the table's end.
AppEngine::Arriving::iterator AppEngine::find(Arriving& table, uint64_t pkt) const {
  auto it = table.upper_bound(pkt);
  if (it == table.begin()) return table.end();
  --it;
  const uint32_t v = it->second;
  const uint64_t span = (v & (kRts | kCts)) ? 1 : msgs_[v & kIndex].packets;
  return pkt < it->first + span ? it : table.end();
}

void AppEngine::envelope_arrived(Arriving& table, Arriving::iterator it, uint64_t pkt, Cycle at) {
  const uint32_t idx = it->second & kIndex;
  Message& m = msgs_[idx];
  if (it->second & kRts) {
    --in_flight_;
  } else {
    ++m.arrived;
    if (m.here()) arrived_in_full(m, at);
  }
  if (pkt == it->first) {
    m.envelope = Envelope::Held;
    if (!behind_its_source(table, it)) offer(table, it, at);
  } else if (m.here() && m.envelope == Envelope::Offered) {
    table.erase(it);
    if (m.matched) received(idx, at);
  }
}

// A rendezvous's CTS at its sender's node (the data goes now), a
// synchronous send's ACK there (the send may complete), or a packet of a
// rendezvous's data at its receiver's (the receive took it at its
// envelope).
void AppEngine::payload_arrived(Arriving& table, Arriving::iterator it, Cycle at) {
  const uint32_t idx = it->second & kIndex;
  Message& m = msgs_[idx];
  if (it->second & kCts) {
    table.erase(it);
    if (m.rendezvous) {
      ranks_[static_cast<size_t>(m.src)].outbox.push_back(data_of(idx, at));  // on its way in the CTS's stead
      return;
    }
    --in_flight_;
    m.ack = false;
    if (m.left != kNeverCycle) send_completed(idx, std::max(m.left, at));
    return;
  }
  if (++m.arrived < m.packets) return;
  arrived_in_full(m, at);
  table.erase(it);
  received(idx, at);
}

// Message m's data is all at its receiver: its receive overhead starts
// now, matched or not, as LogGOPSim charges it ("Host overheads").
void AppEngine::arrived_in_full(Message& m, Cycle at) {
  const Cycle cost = m.offloaded ? 0 : p_.recv_overhead(m.bytes);
  m.processed = cost ? charge(ranks_[static_cast<size_t>(m.dst)], at, cost) : at;
  --in_flight_;
  ++totals_.delivered;
  totals_.latency_sum += at - m.start;
  totals_.latency_max = std::max<uint64_t>(totals_.latency_max, at - m.start);
}

// An earlier message from the same source (a neighbour in the table, which
// orders one source's messages as sent) has not offered its envelope.
bool AppEngine::behind_its_source(const Arriving& table, Arriving::iterator it) const {
  if (it == table.begin()) return false;
  const auto before = std::prev(it);
  return (before->first >> 40) == (it->first >> 40) && msgs_[before->second & kIndex].envelope != Envelope::Offered;
}

// Offers the envelope at `it` to its rank's posted receives (the first
// that matches, in the order posted, takes it; with none it waits among
// the unexpected), then those of the same source's next messages held
// behind it. A message offered that is here leaves the table.
void AppEngine::offer(Arriving& table, Arriving::iterator it, Cycle at) {
  for (;;) {
    const uint32_t idx = it->second & kIndex;
    const bool rts = it->second & kRts;
    Message& m = msgs_[idx];
    m.envelope = Envelope::Offered;
    Rank& r = ranks_[static_cast<size_t>(m.dst)];
    const auto p = std::find_if(r.posted.begin(), r.posted.end(), [&](const Posted& q) { return matches(q, m); });
    if (p == r.posted.end()) {
      r.unexpected.push_back(idx);
    } else {
      const uint64_t req = p->req;
      r.posted.erase(p);
      take(r, idx, req, at);
    }
    const uint64_t source = it->first >> 40;
    auto next = std::next(it);
    if (rts || m.here()) table.erase(it);
    if (next == table.end() || (next->first >> 40) != source ||
        msgs_[next->second & kIndex].envelope != Envelope::Held)
      return;
    it = next;
  }
}

}  // namespace nocsim
