#pragma once
// Injection side of a NIC: a source queue whose waiting time counts in
// latency (bounded: a source's packet past NicParams::source_queue is
// dropped and counted; replies always enter), and one flit per cycle onto
// the injection link, each packet on
// one VC of the router's injection port chosen round-robin among those with
// room (VCT: the whole packet, of its own size; wormhole: one flit), or
// (random_vc) drawn at random each cycle until the drawn VC has room. Counts
// generated and injected packets and flits. Called by Nic::run on the rising
// edge; not a process of its own. A slow injection link
// (link.nic_cycles_per_flit) paces the flits (link/pacer.h).
#include <deque>
#include <memory>
#include <vector>

#include "core/flit.h"
#include "core/packet_times.h"
#include "core/rng.h"
#include "core/run_status.h"
#include "link/link.h"
#include "link/pacer.h"
#include "nic/nic_app.h"
#include "routing/routing.h"
#include "stats/stats.h"

namespace nocsim {

struct NicParams {
  int vcs = 1;
  int buffer_depth = 8;  // flits per VC of the router's injection port
  int script_size = 8;   // flits of a scripted packet given no size
  bool vct = true;
  bool check = true;
  bool request_reply = false;  // the sink answers each request with a reply
  int reply_size = 0;          // of reply_size flits (0: its request's size)
  size_t source_queue = 1000;  // packets the source queue holds (traffic.source_queue)
  uint64_t pace = LinkPacer::kUnit;  // the injection link's cycles per flit, thousandths (link/pacer.h)
  RoutingStats* routing_stats = nullptr;  // told of the measured heads it flags (RoutingStats::head_flags)
  bool random_vc = false;  // router.injection_vc=random
  uint64_t seed = 0;       // sim.seed (random_vc's stream)
};

// Told of each head put on an injection link (link power's awake policy),
// with the flits of the message it begins: an application message's (its
// first packet's head; 0 for its other packets), else the packet's.
class InjectionListener {
 public:
  virtual ~InjectionListener() = default;
  virtual void injected(int router, const Flit& head, Cycle now, uint64_t message_flits) = 0;
};

class Injector {
 public:
  Injector(int node, int router, const NicParams& p, Cycle period_ps, NetStats& stats, PacketTimes& times,
           RunStatus& status);
  void attach(Link* injection) { inj_ = injection; }
  // Ahead of a run on a large network (NicClock): the injection link's
  // credit lane, then its oldest credit and the VCs' credit counts.
  void prefetch_link() const { __builtin_prefetch(&inj_->credits()); }
  void prefetch_front() const {
    __builtin_prefetch(inj_->credits().front_slot());
    __builtin_prefetch(credits_.data());
  }
  // The injection link's interface, from the NIC's sender binding, before the run.
  void set_target(tlm::tlm_fw_transport_if<>* out) { out_ = out; }
  void set_listener(InjectionListener* l) { listener_ = l; }
  bool has_listener() const { return listener_ != nullptr; }
  void set_app(NicApp* a) { app_ = a; }
  // Where its counts go: the run's NetStats, or its thread's share
  // (sim.threads; nic/nic_clock.h).
  void set_counters(NicCounters* c) { counters_ = c; }
  // Flits it injected in the measurement window (the report's per-router
  // injection and fairness).
  uint64_t window_injected() const { return window_injected_; }
  int router() const { return router_; }
  // Takes in the credits that arrived by now; false (and the run failed) on
  // a credit beyond the buffer depth.
  bool take_credits(Cycle now);
  // g.release: not injected before this cycle (a message's hand-over). An
  // application's packet (g.msg) is never dropped, and the application is
  // told when its message's last packet has left. Returns the packet's id
  // (0 when dropped).
  uint64_t enqueue(const GenPacket& g, bool reply = false);
  void inject(Cycle now);
  bool idle() const { return queue_.empty(); }
  // Packets waiting whose head has not left.
  size_t queued() const { return static_cast<size_t>(in_queue()) - (cur_vc_ >= 0 && cur_seq_ > 0 ? 1 : 0); }
  // First cycle the next flit may go: the link is free and, for a packet
  // not begun, it is released.
  Cycle free_from() const {
    return cur_vc_ < 0 && !queue_.empty() && queue_.front().release > inject_from_ ? queue_.front().release : inject_from_;
  }

 private:
  // Request-reply's saturation count (NicCounters::window_replies_owed).
  void owe_replies(const GenPacket& g, bool reply);
  // The front packet, and what follows it of its message: `more` packets
  // with the next ids, the last of last_size flits (GenPacket::packets).
  struct Packet {
    uint64_t id;
    int dst;
    int size;
    Cycle gen;
    bool measured;
    bool reply;
    Cycle release;
    uint32_t msg;        // GenPacket's
    uint32_t more;
    uint32_t msg_flits;  // the listener's: the message's flits, on its first packet
    int last_size;
  };
  // Packets in the queue, the one whose head has left included.
  uint64_t in_queue() const { return queue_.size() + more_; }
  // The front packet has left and its message has more: the next one.
  void next_of_message();
  bool pick_vc(int need);
  // Sends n flits of f's packet from seq cur_seq_ on over a slow link, each
  // at the cycle the pacer gives it; returns the last one's cycle.
  Cycle send_paced(Flit& f, int n, Cycle now);

  int node_, router_;
  NicParams p_;
  sc_core::sc_time period_;  // the clock period
  tlm::tlm_fw_transport_if<>* out_ = nullptr;
  const NetStats& stats_;  // its window
  NicCounters* counters_;
  PacketTimes& times_;  // told of each packet as its head leaves
  RunStatus& status_;
  Link* inj_ = nullptr;
  InjectionListener* listener_ = nullptr;
  NicApp* app_ = nullptr;
  std::deque<Packet> queue_;
  std::vector<int> credits_;
  std::unique_ptr<Rng> vc_rng_;  // random_vc only
  int vc_ptr_ = 0;
  int cur_vc_ = -1;        // VC of the packet being injected
  int cur_seq_ = 0;        // next flit of it
  Cycle cur_inj_ = 0;      // cycle its head left
  Cycle inject_from_ = 0;  // first cycle the link is free for the next flit
  uint32_t seq_ = 0;       // packets made here, modulo 2^32 (Flit::pseq)
  uint64_t more_ = 0;      // the queue's packets beyond one per entry (Packet::more)
  uint64_t window_injected_ = 0;
  LinkPacer pacer_;

 public:
  // What a source queue's packet takes: its record in std::deque, whose
  // libstdc++ nodes of 512 bytes hold whole records (the memory estimate).
  static constexpr size_t kDequeNode = 512, kPerDequeNode = kDequeNode / sizeof(Packet);
  static constexpr size_t kQueuedPacketBytes = (kDequeNode + kPerDequeNode - 1) / kPerDequeNode;
};

}  // namespace nocsim
