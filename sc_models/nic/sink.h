#pragma once
// Ejection side of a NIC: consumes every arriving flit and checks it (right
// node, in order, no duplicates) whenever the NIC runs, at the latest when the
// packet's tail arrives; the packet is delivered then and reported to the
// run's DeliveryCollector. Called by Nic::run; not a process of its own.
#include <vector>

#include "core/flit.h"
#include "core/ring.h"
#include "core/run_status.h"
#include "link/link.h"
#include "nic/nic_app.h"
#include "parallel/outbox.h"
#include "routing/routing.h"
#include "stats/delivery.h"
#include "stats/stats.h"
#include "traffic/source.h"

namespace nocsim {

class Sink {
 public:
  // reply_size: flits of the reply to each request, 0 = the request's.
  Sink(int node, bool check, bool request_reply, int reply_size, RoutingStats* routing_stats,
       DeliveryCollector& collector, NetStats& stats, RunStatus& status)
      : node_(node), check_(check), request_reply_(request_reply), reply_size_(static_cast<uint16_t>(reply_size)),
        routing_stats_(routing_stats),
        head_flags_(routing_stats ? routing_stats->head_flags() : 0), collector_(collector), stats_(stats),
        counters_(&stats), status_(status) {}
  void attach(Link* ejection) { ej_ = ejection; }
  // Ahead of a run on a large network (NicClock): the ejection link's flit
  // lane, then its oldest flit.
  void prefetch_link() const { __builtin_prefetch(&ej_->flits()); }
  void prefetch_front() const { __builtin_prefetch(ej_->flits().front_slot()); }
  void set_app(NicApp* a) { app_ = a; }
  void set_counters(NicCounters* c) { counters_ = c; }
  // A tail was sent on the ejection link and arrives at `arrival`.
  void tail_sent(Cycle arrival) { tails_.push_back(arrival); }
  bool tail_pending() const { return !tails_.empty(); }
  Cycle next_tail() const { return tails_.front(); }
  // Takes in the flits that arrived by now. With request-reply traffic each
  // delivered request adds its reply (to its source, of reply_size flits or
  // its own size, generated at the tail's arrival) to `replies`.
  void receive(Cycle now, std::vector<GenPacket>& replies);

 private:
  // A VC carries one packet at a time, head to tail, on the ejection link.
  bool check(const Flit& f) {
    RxVc& r = rx(f.vc);
    if (f.dst != node_ || f.seq != r.next || (f.seq > 0 && f.pkt() != r.pkt)) return fail(f, r.next, r.pkt);
    r.pkt = f.pkt();
    r.next = f.tail() ? 0 : f.seq + 1;
    return true;
  }
  [[gnu::cold, gnu::noinline]] bool fail(const Flit& f, int next, uint64_t pkt);
  // A measured head the routing's statistics count; on a worker thread,
  // later on the kernel's, in node order.
  void routed(const Flit& head) {
    if (Outbox* o = Outbox::current())
      return o->flit([](void* s, const Flit& h, Cycle) { static_cast<RoutingStats*>(s)->delivered(h); },
                     routing_stats_, head, 0);
    routing_stats_->delivered(head);
  }
  // The latency breakdown's destination end (docs/metrics.md).
  void measured_arrived(const Flit& f, Cycle at);

  int node_;
  bool check_;
  bool request_reply_;
  uint16_t reply_size_;
  RoutingStats* routing_stats_;
  uint8_t head_flags_;  // routing_stats_->head_flags(), 0 without one
  DeliveryCollector& collector_;
  const NetStats& stats_;  // its window
  NicCounters* counters_;  // the run's NetStats or its thread's share (Injector::set_counters)
  RunStatus& status_;
  Link* ej_ = nullptr;
  NicApp* app_ = nullptr;  // a closed-loop application, told of each tail
  Ring<Cycle> tails_;  // arrival cycles of the tails on the ejection link, in order
  struct RxVc {
    uint64_t pkt = 0;  // packet arriving on this VC
    int next = 0;      // its next expected flit, 0 between packets
    Cycle head_at = 0; // measured packets: the cycle its head arrived
  };
  RxVc& rx(int vc) {
    if (static_cast<size_t>(vc) >= rx_.size()) rx_.resize(vc + 1u);
    return rx_[static_cast<size_t>(vc)];
  }
  std::vector<RxVc> rx_;  // [ejection VC]
};

}  // namespace nocsim
