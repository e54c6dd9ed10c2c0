#pragma once
// Network interface of one node, split in three (docs/architecture.md):
// a TrafficSource (traffic/source.h) decides when packets are generated, to
// whom and of what size; the Injector queues them and puts their flits on the
// injection link; the Sink takes in, checks and delivers what the ejection
// link brings, reporting each packet to the run's DeliveryCollector. This
// module only clocks them: the NicClock runs it on each rising edge it has
// work (nic_clock.h), like the routers; it pulls what
// its links delivered with arrival <= now (so nothing depends on process
// order), and sleeps until the next generation, the link frees or a tail
// arrives.
#include <deque>
#include <memory>
#include <systemc>
#include <vector>

#include "core/flit.h"
#include "core/run_status.h"
#include "core/wake_wheel.h"
#include "link/link.h"
#include "nic/injector.h"
#include "nic/nic_app.h"
#include "nic/sink.h"
#include "stats/delivery.h"
#include "stats/stats.h"
#include "traffic/source.h"

namespace nocsim {

class Nic : public sc_core::sc_module, public LinkReceiver, public WheelClient {
 public:
  // source may be null: the node then sends scripted packets only.
  Nic(sc_core::sc_module_name name, int node, int router, const NicParams& p, Cycle period_ps,
      std::unique_ptr<TrafficSource> source, NetStats& stats, DeliveryCollector& collector, RunStatus& status);
  // Flits out to the injection link through `out`, the sender of the NIC's
  // block (one socket for several NICs), under key `key`.
  void bind_flit_out(LinkSenders<Flit>& out, int key, Link::Socket& link) {
    out.bind(key, link);
    out_ = &out;
    out_key_ = key;
  }
  void attach(Link* injection, Link* ejection) {
    injector_.attach(injection);
    sink_.attach(ejection);
    ej_ = ejection;
  }
  void set_injection_listener(InjectionListener* l) { injector_.set_listener(l); }
  // Ahead of run() on a large network, three, two and one NICs before it
  // (NicClock): its own lines, its links' lanes, their oldest items; each
  // step reads only what the one before asked for.
  void prefetch_far() const {
    __builtin_prefetch(&next_gen_);
    __builtin_prefetch(&injector_);
    __builtin_prefetch(reinterpret_cast<const char*>(&injector_) + 64);
    __builtin_prefetch(&sink_);
  }
  void prefetch_links() const {
    injector_.prefetch_link();
    sink_.prefetch_link();
  }
  void prefetch_fronts() const {
    injector_.prefetch_front();
    sink_.prefetch_front();
  }
  // Where its injector and sink count (NicClock: its thread's share).
  void set_counters(NicCounters* c) {
    injector_.set_counters(c);
    sink_.set_counters(c);
  }
  // It shares nothing with other NICs but through its links, the wheel and
  // the collector (NicClock may run it on a worker thread): no closed-loop
  // application, no injection listener.
  bool alone() const { return !app_ && !injector_.has_listener(); }
  int router() const { return injector_.router(); }
  // Flits it injected in the measurement window.
  uint64_t window_injected() const { return injector_.window_injected(); }
  // A closed-loop application's rank on this node (in place of a source).
  void set_app(NicApp* a) {
    app_ = a;
    injector_.set_app(a);
    sink_.set_app(a);
    if (a) next_gen_ = a->next_time();
  }
  // Packets in the source queue whose head has not left.
  size_t source_queued() const { return injector_.queued(); }
  void on_send(int tag, Cycle arrival, Cycle now) override;
  // Its router alone sends to it, while no NIC runs.
  bool on_send_on_senders_thread() const override { return true; }
  // After the run: takes in the ejected flits that arrived by cycle `upto`
  // and were not yet taken in (bodies of packets whose tail came later).
  void flush(Cycle upto) { receive(upto); }
  // Null: sim.batch, whose clock asks batch_due(c) at every cycle instead.
  void set_wheel(WakeWheel* w) { wheel_ = w; }
  // Whether it runs at cycle c, its wake-up taken then as the wheel's
  // call on the falling edge before c would have (sim.batch).
  bool batch_due(Cycle c) {
    if (*wake_at_ == c) {
      *wake_at_ = kNeverCycle;
      *flag_ = 1;
    }
    return *flag_;
  }
  void on_wheel(Cycle c, int tag, uint32_t arg) override;
  // The NicClock's flag for this NIC (1: run at the next edge) and its
  // pending wake-up's cycle, which the NIC keeps (the clock reads a
  // router's NICs' together: NicClock::asleep), and its call on such an
  // edge.
  void set_clock_flag(uint8_t* f, Cycle* wake) {
    flag_ = f;
    wake_at_ = wake;
  }
  void run(Cycle now);
  // Adds one packet to dst generated at cycle gen, besides the source's, of
  // `size` flits (0: NicParams::script_size). Calls must come before the
  // run, in non-decreasing gen.
  void script(Cycle gen, int dst, int size = 0) { scripted_.push_back({gen, dst, size ? size : script_size_}); }

 private:
  void start_of_simulation() override;
  void receive(Cycle now);
  void generate(Cycle now);
  void run_app(Cycle now);
  void sleep_until(Cycle c);

  Cycle period_ps_;
  LinkSenders<Flit>* out_ = nullptr;
  int out_key_ = 0;
  int script_size_;
  RunStatus& status_;
  std::unique_ptr<TrafficSource> source_;
  NicApp* app_ = nullptr;
  // source_->next_time(), kept here: a NIC activation then reads the source
  // only when it generates.
  Cycle next_gen_ = kNeverCycle;
  Injector injector_;
  Sink sink_;
  Link* ej_ = nullptr;
  std::deque<GenPacket> scripted_;
  std::vector<GenPacket> generated_;  // reused buffer for the source's output
  std::vector<GenPacket> replies_;    // and for the replies the sink asks for
  uint8_t* flag_ = nullptr;
  WakeWheel* wheel_ = nullptr;
  Cycle* wake_at_ = nullptr;  // rising edge of the pending wake-up, kNeverCycle for none (the clock's)
};

}  // namespace nocsim
