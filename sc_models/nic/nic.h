#pragma once
// Network interface of one node. Source: Bernoulli packet generation at the
// offered load (drawn as geometric gaps, so an idle NIC sleeps until its next
// packet), an unbounded source queue whose waiting time counts in latency,
// and one flit per cycle onto the injection link, each packet on one VC of
// the router's injection port chosen round-robin among those with room
// (VCT: a whole packet; wormhole: one flit). Sink: consumes every arriving
// flit and checks it (right node, in order, no duplicates) whenever it runs,
// at the latest when the packet's tail arrives (the packet is delivered then).
// Runs on clk.pos() like the routers; pulls what its links delivered with
// arrival <= now, so nothing depends on process order.
#include <deque>
#include <systemc>
#include <vector>

#include "core/clock_gate.h"
#include "core/wake_wheel.h"
#include "core/flit.h"
#include "core/ring.h"
#include "core/rng.h"
#include "core/run_status.h"
#include "link/link.h"
#include "stats/stats.h"
#include "topologies/topology.h"
#include "traffic/pattern.h"

namespace nocsim {

struct NicParams {
  int vcs = 1;
  int buffer_depth = 8;
  int packet_size = 8;
  bool vct = true;
  double packet_rate = 0;  // packets per cycle
  bool check = true;
  Cycle stop = ~0ull;  // no packet is generated from this cycle on
};

class Nic : public sc_core::sc_module, public LinkReceiver, public WheelClient {
 public:
  sc_core::sc_in<bool> clk;
  LinkSender<Flit> flit_out;

  Nic(sc_core::sc_module_name name, int node, const NicParams& p, Cycle period_ps, uint64_t seed,
      const TrafficPattern& pattern, const Topology& topo, NetStats& stats, RunStatus& status);
  void attach(Link* injection, Link* ejection) {
    inj_ = injection;
    ej_ = ejection;
  }
  void on_send(int tag, Cycle arrival, Cycle now) override;
  // After the run: takes in the ejected flits that arrived by cycle `upto`
  // and were not yet taken in (bodies of packets whose tail came later).
  void flush(Cycle upto) { receive(upto); }
  void set_wheel(WakeWheel* w) { wheel_ = w; }
  void on_wheel(Cycle c, int tag) override;
  // Adds one packet to dst generated at cycle gen, besides the random ones.
  // Calls must come before the run, in non-decreasing gen.
  void script(Cycle gen, int dst) { scripted_.push_back({gen, dst}); }

 private:
  struct Packet {
    uint64_t id;
    int dst;
    Cycle gen;
    bool measured;
  };
  void run();
  void start_of_simulation() override;
  void before_end_of_elaboration() override;
  void receive(Cycle now);
  void generate(Cycle now);
  void enqueue(Cycle gen, int dst);
  void inject(Cycle now);
  void sleep_until(Cycle c);

  int node_;
  NicParams p_;
  Cycle period_ps_;
  Rng rng_;
  const TrafficPattern& pattern_;
  const Topology& topo_;
  NetStats& stats_;
  RunStatus& status_;
  Link* inj_ = nullptr;
  Link* ej_ = nullptr;
  std::deque<Packet> queue_;
  std::vector<int> credits_;
  int vc_ptr_ = 0;
  int cur_vc_ = -1;     // VC of the packet being injected
  int cur_seq_ = 0;     // next flit of it
  Cycle cur_inj_ = 0;   // cycle its head left
  Cycle inject_from_ = 0;  // first cycle the link is free for the next flit
  Ring<Cycle> tails_;      // arrival cycles of the tails on the ejection link, in order
  Cycle next_gen_;      // next packet generation cycle
  uint64_t seq_ = 0;    // packets made here
  std::deque<std::pair<Cycle, int>> scripted_;
  struct RxVc {
    uint64_t pkt = 0;  // packet arriving on this VC
    int next = 0;      // its next expected flit, 0 between packets
  };
  std::vector<RxVc> rx_;  // [ejection VC]
  ClockGate gate_;
  WakeWheel* wheel_ = nullptr;
  Cycle wake_at_ = ~0ull;  // rising edge of the pending wake-up, ~0 for none
};

}  // namespace nocsim
