#include "nic/sink.h"

#include <string>

namespace nocsim {

void Sink::receive(Cycle now, std::vector<GenPacket>& replies) {
  auto& line = ej_->flits();
  while (line.ready(now)) {
    const Flit& f = line.front();
    const Cycle at = line.front_arrival();
    ++counters_->flits_ejected;
    if (stats_.window.contains(at)) ++counters_->window_flits_accepted;
    if (check_ && !check(f)) return;
    if (f.measured) measured_arrived(f, at);
    if (f.head() && f.measured && (f.rh.flags & head_flags_)) routed(f);
    if (f.tail()) {
      collector_.delivered(f, at);
      if (app_) app_->delivered(f, at);
      if (request_reply_ && !f.reply) replies.push_back({at, f.src, reply_size_ ? reply_size_ : f.size});
    }
    line.pop();
  }
  while (!tails_.empty() && tails_.front() <= now) tails_.pop_front();
}

// The head: the ejection link's latency is traversal (of a minimal hop),
// anything beyond it a wait for the ejection output; the tail: its arrival
// after the head's is the packet's serialization.
void Sink::measured_arrived(const Flit& f, Cycle at) {
  LatencyParts& parts = counters_->latency_parts;
  RxVc& r = rx(f.vc);
  if (f.head()) {
    const int64_t link = ej_->latency();
    parts.minimal += link;
    parts.eject_queue += static_cast<int64_t>(f.since_stamp(at)) - link;
    r.head_at = at;
  }
  if (f.tail()) parts.serialization += static_cast<int64_t>(at - r.head_at);
}

bool Sink::fail(const Flit& f, int next, uint64_t pkt) {
  fail_run(status_, kExitInvariant,
           "flit " + std::to_string(f.seq) + " of packet " + std::to_string(f.pkt()) + " (dst " +
               std::to_string(f.dst) + ") reached node " + std::to_string(node_) + " on vc " + std::to_string(f.vc) +
               " expecting flit " + std::to_string(next) +
               (next ? " of packet " + std::to_string(pkt) : std::string()));
  return false;
}

}  // namespace nocsim
