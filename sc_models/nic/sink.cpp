#include "nic/sink.h"

#include <string>

namespace nocsim {

void Sink::receive(Cycle now) {
  auto& line = ej_->flits();
  while (line.ready(now)) {
    const Flit& f = line.front();
    const Cycle at = line.front_arrival();
    ++stats_.flits_ejected;
    if (stats_.window.contains(at)) ++stats_.window_flits_accepted;
    if (check_ && !check(f)) return;
    if (f.tail()) collector_.delivered(f, at);
    line.pop();
  }
  while (!tails_.empty() && tails_.front() <= now) tails_.pop_front();
}

// A VC carries one packet at a time, head to tail, on the ejection link.
bool Sink::check(const Flit& f) {
  if (f.vc >= rx_.size()) rx_.resize(f.vc + 1u);
  RxVc& r = rx_[f.vc];
  if (f.dst != node_ || f.seq != r.next || (f.seq > 0 && f.pkt != r.pkt)) {
    status_.fail(kExitInvariant, "flit " + std::to_string(f.seq) + " of packet " + std::to_string(f.pkt) + " (dst " +
                                     std::to_string(f.dst) + ") reached node " + std::to_string(node_) + " on vc " +
                                     std::to_string(f.vc) + " expecting flit " + std::to_string(r.next) +
                                     (r.next ? " of packet " + std::to_string(r.pkt) : std::string()));
    return false;
  }
  r.pkt = f.pkt;
  r.next = f.tail() ? 0 : f.seq + 1;
  return true;
}

}  // namespace nocsim
