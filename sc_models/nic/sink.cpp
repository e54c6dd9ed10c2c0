#include "nic/sink.h"

#include <string>

namespace nocsim {

void Sink::receive(Cycle now, std::vector<GenPacket>& replies) {
  auto& line = ej_->flits();
  while (line.ready(now)) {
    const Flit& f = line.front();
    const Cycle at = line.front_arrival();
    ++stats_.flits_ejected;
    if (stats_.window.contains(at)) ++stats_.window_flits_accepted;
    if (check_ && !check(f)) return;
    if (f.head() && f.measured && (f.rh.flags & head_flags_)) routing_stats_->delivered(f);
    if (f.tail()) {
      collector_.delivered(f, at);
      if (app_) app_->delivered(f, at);
      if (request_reply_ && !f.reply) replies.push_back({at, f.src, f.size});
    }
    line.pop();
  }
  while (!tails_.empty() && tails_.front() <= now) tails_.pop_front();
}

bool Sink::fail(const Flit& f, int next, uint64_t pkt) {
  status_.fail(kExitInvariant, "flit " + std::to_string(f.seq) + " of packet " + std::to_string(f.pkt) + " (dst " +
                                   std::to_string(f.dst) + ") reached node " + std::to_string(node_) + " on vc " +
                                   std::to_string(f.vc) + " expecting flit " + std::to_string(next) +
                                   (next ? " of packet " + std::to_string(pkt) : std::string()));
  return false;
}

}  // namespace nocsim
