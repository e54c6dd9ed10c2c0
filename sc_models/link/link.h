#pragma once
// One direction of a link as a TLM-2.0 channel: flits travel forward and
// credits backward through one target socket, each with the link latency.
// The payload is a generic payload whose data points at the Flit or Credit
// (a thin protocol on the sockets: b_transport, WRITE, address = VC). The link
// keeps what is in flight in delay lines indexed by arrival cycle; no process
// runs per cycle. Receivers pull what has arrived and are told the arrival
// cycle of each send, so they can sleep until then: through their on_send,
// or, for routers that pull in their run, through the routers' clock's
// arrival log (core/arrival_log.h), which then carries the items
// themselves: a logged lane holds nothing in flight.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>
#include <systemc>
#include <tlm>

#include "core/arrival_log.h"
#include "core/cycle.h"
#include "core/flit.h"
#include "core/link_receiver.h"
#include "link/delay_line.h"
#include "parallel/outbox.h"

namespace nocsim {

// One direction of a link: flits one way, credits the other, each arriving
// a link latency after its send. Both enter through one target socket `in`,
// bound by the sender of flits (upstream) and the sender of credits
// (downstream); the payload's data length tells a Flit from a Credit. A
// socket per item type made half of a large network's SystemC objects
// (docs/performance.md, "Session 37"). What a flit's b_transport and a
// router's flit pull read (vptr, period, latency, the flit lane) is the
// object's first cache line; a credit's, the second (the credit lane with
// its own copy of the period and latency).
class alignas(64) Link : public tlm::tlm_fw_transport_if<> {
 public:
  using Socket = tlm::tlm_target_socket<32, tlm::tlm_base_protocol_types, 2>;
  Link(const std::string& name, int latency, Cycle period_ps)
      : period_ps_(static_cast<uint32_t>(period_ps)),
        latency_(latency),
        credit_period_ps_(period_ps_),
        credit_latency_(latency),
        in(name.c_str()) {
    in.bind(*this);
  }
  int latency() const { return latency_; }
  void set_flit_receiver(LinkReceiver* r, int tag) { flit_.listen(r, tag); }
  void set_credit_receiver(LinkReceiver* r, int tag) { credit_.listen(r, tag); }
  // Null once the receiver takes its arrivals from a log.
  const LinkReceiver* flit_receiver() const { return flit_.logged ? nullptr : flit_.rx; }
  const LinkReceiver* credit_receiver() const { return credit_.logged ? nullptr : credit_.rx; }
  // The receiver takes its arrivals from `logs` (core/arrival_log.h):
  // each send leaves an item there, on the receiver's shelf, keyed `key`,
  // instead of calling it.
  void log_flits(ArrivalLogs* logs, uint32_t key, int16_t shelf) { flit_.log_to(logs, key, shelf); }
  void log_credits(ArrivalLogs* logs, uint32_t key, int16_t shelf) { credit_.log_to(logs, key, shelf); }
  // The key of a logged lane's items, or -1.
  int64_t flit_key() const { return flit_.logged ? flit_.tag : -1; }
  int64_t credit_key() const { return credit_.logged ? credit_.tag : -1; }
  // Empty when logged (log_flits, log_credits): the logs hold those items.
  DelayLine<Flit>& flits() { return flit_.line; }
  DelayLine<Credit>& credits() { return credit_.line; }
  const DelayLine<Flit>& flits() const { return flit_.line; }
  const DelayLine<Credit>& credits() const { return credit_.line; }
  // Whether an item on this link's delay line satisfies `pred`. Not logged
  // items: the reader of the logs answers for those (the deadlock
  // detector indexes them, sim/deadlock.cpp).
  template <class P>
  bool any_credit_in_flight(P pred) const {
    return credit_.any_in_flight(pred);
  }
  template <class P>
  bool any_flit_in_flight(P pred) const {
    return flit_.any_in_flight(pred);
  }
  // Something sent on the link arrives after cycle `now`: the network is not
  // frozen. Not logged items (the logs' owner answers for those).
  bool busy_after(Cycle now) const {
    return (!flit_.line.empty() && flit_.line.back_arrival() > now) ||
           (!credit_.line.empty() && credit_.line.back_arrival() > now);
  }
  // Flits and credits sent over the run (activity counters of the link).
  uint64_t flits_sent() const { return flit_.sent; }
  uint64_t credits_sent() const { return credit_.sent; }
  // Not logged flits (Network::flits_in_flight counts those).
  uint64_t flits_in_flight() const { return flit_.line.size(); }
  // The credit lane of the link behind `fw` (a sender's target(), a Link's:
  // LinkSenders::target checks): the object's second line, all a credit's
  // send reads.
  static const void* credit_line(const tlm::tlm_fw_transport_if<>* fw) {
    return &static_cast<const Link*>(fw)->credit_;
  }

  // Always inline into LinkSender::send's direct call (below): GCC's own
  // choice left it a call once logged sends grew it (docs/performance.md,
  // "Session 57"). A credit reads only the second line: the credit lane
  // keeps its own copy of the period and latency.
  [[gnu::always_inline]] void b_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) override {
    p.set_response_status(tlm::TLM_OK_RESPONSE);
    if (p.get_data_length() == sizeof(Flit)) {
      const Cycle now = cycle_now(period_ps_);
      flit_.carry(arrival(now, period_ps_, latency_, delay), now, *reinterpret_cast<const Flit*>(p.get_data_ptr()));
    } else {
      const Cycle now = cycle_now(credit_period_ps_);
      credit_.carry(arrival(now, credit_period_ps_, credit_latency_, delay), now,
                    *reinterpret_cast<const Credit*>(p.get_data_ptr()));
    }
  }
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& p, tlm::tlm_phase&, sc_core::sc_time& d) override {
    b_transport(p, d);
    return tlm::TLM_COMPLETED;
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
  unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }

 private:
  template <typename T>
  struct Lane {
    DelayLine<T> line;
    union {
      LinkReceiver* rx = nullptr;
      ArrivalLogs* logs;  // when logged
    };
    uint64_t sent = 0;  // items sent over the run (activity)
    int tag = 0;        // what rx asked to be told with (logged: the log's key)
    bool direct = false;  // rx->on_send_on_senders_thread()
    bool logged = false;  // log_to(): sends go to an arrival log
    union {
      int16_t owner = -1;  // rx->parallel_owner()
      int16_t shelf;       // when logged: the receiver's shelf of the logs
    };
    void listen(LinkReceiver* r, int t) {
      rx = r;
      tag = t;
      direct = r && r->on_send_on_senders_thread();
      owner = static_cast<int16_t>(r ? r->parallel_owner() : -1);
      logged = false;
    }
    void log_to(ArrivalLogs* l, uint32_t key, int16_t sh) {
      logs = l;
      tag = static_cast<int>(key);
      shelf = sh;
      logged = true;
    }
    template <class P>
    bool any_in_flight(P pred) const {
      for (size_t i = 0; i < line.size(); ++i)
        if (pred(line.at(i))) return true;
      return false;
    }
    void carry(Cycle arrival, Cycle now, const T& item) {
      ++sent;
      // A logged item travels in the log: its receiver takes it with the
      // arrival cycle's other sends, without a line and slot of the link's.
      if (logged) {
        if constexpr (std::is_same_v<T, Flit>)
          return logs->here(shelf).flits.add(arrival, now, {static_cast<uint32_t>(tag), item});
        else
          return logs->here(shelf).credits.add(arrival, now,
                                               {static_cast<uint32_t>(tag), static_cast<uint32_t>(item.code)});
      }
      line.push(arrival, item);
      if (!rx) return;
      // On a worker thread the receiver is told later: by its owner thread,
      // or in router (or node) order.
      if (!direct)
        if (Outbox* o = Outbox::current()) return o->on_send(rx, tag, arrival, now, owner);
      rx->on_send(tag, arrival, now);
    }
  };
  // Sent `now` with TLM delay `delay`: a delay is whole cycles (a direct
  // ST's: router/router.h); the usual period divides by a constant.
  static Cycle arrival(Cycle now, uint32_t period_ps, int latency, const sc_core::sc_time& delay) {
    Cycle a = now + static_cast<Cycle>(latency);
    if (const Cycle d = static_cast<Cycle>(delay.value()))
      a += period_ps == kClockPeriodPs ? d / kClockPeriodPs : d / period_ps;
    return a;
  }
  static_assert(sizeof(Lane<Flit>) == 48, "the vptr, period, latency and flit lane fill one cache line");
  static_assert(sizeof(Lane<Credit>) <= 56, "the credit lane, its period and latency fill the second line");
  static_assert(sizeof(Flit) != sizeof(Credit), "b_transport tells a flit from a credit by its length");
  uint32_t period_ps_;
  int latency_;
  Lane<Flit> flit_;
  Lane<Credit> credit_;
  uint32_t credit_period_ps_;  // period_ps_ and latency_ again, in the credit lane's line
  int credit_latency_;

 public:
  Socket in;
};

// Sender side of links: one initiator socket, bound to any number of links
// of one item type (in the order they were bound; LinkSenders below keeps
// which binding is whose). Every send is a complete blocking transaction, so
// all senders of one item type on one thread share one payload, which stays
// in cache (a payload per port was a cache miss per flit); a worker thread
// of sim.threads has its own (own_payload).
template <typename T>
class LinkSender : public tlm::tlm_bw_transport_if<> {
 public:
  explicit LinkSender(const char* name) : socket(name) { socket.bind(*this); }
  // The interface of the i-th binding (final once the simulation runs). A
  // hot sender keeps it: a send then touches neither this object nor the socket.
  tlm::tlm_fw_transport_if<>* target(int i) { return socket[i]; }
  // One blocking transaction carrying `item` on VC `vc` to `fw`, a target().
  // `delay`: the item is sent that much after the current time (a TLM timing
  // annotation: it enters the link then, and arrives a link latency later).
  static void send(tlm::tlm_fw_transport_if<>* fw, const T& item, int vc,
                   const sc_core::sc_time& delay = sc_core::SC_ZERO_TIME) {
    tlm::tlm_generic_payload& p = payload();
    p.set_address(static_cast<uint64_t>(vc));
    p.set_data_ptr(reinterpret_cast<unsigned char*>(const_cast<T*>(&item)));
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = delay;
    // Every target is a Link (LinkSenders::target checks): the call names
    // Link's b_transport, so it goes without the virtual dispatch (through a
    // thunk, the interface's base being virtual) and is inlined here, where
    // the payload's type is known (docs/performance.md, "Session 52").
    static_cast<Link*>(fw)->Link::b_transport(p, d);
  }
  // Links complete every transaction in b_transport; nothing comes back.
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&) override {
    return tlm::TLM_COMPLETED;
  }
  void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}

  tlm::tlm_initiator_socket<32, tlm::tlm_base_protocol_types, 0, sc_core::SC_ZERO_OR_MORE_BOUND> socket;

 private:
  // Set up once, before the first send (a function-local static would test
  // its guard on every send).
  struct Payload : tlm::tlm_generic_payload {
    Payload() {
      set_command(tlm::TLM_WRITE_COMMAND);
      set_data_length(sizeof(T));
      set_streaming_width(sizeof(T));
    }
  };
  static inline Payload payload_;
  static inline thread_local Payload* own_ = nullptr;  // a worker thread's
  static tlm::tlm_generic_payload& payload() { return own_ ? *own_ : payload_; }

 public:
  // The calling thread (a worker of sim.threads) sends with a payload of its own.
  static void own_payload() {
    static thread_local Payload p;
    own_ = &p;
  }
};

// One multi-bound sender of an item type for several links, each known by a
// key: a router's ports, or a block of NICs' injection links. A socket per
// port made 62 per dragonfly router, about a third of an h = 8 network's
// SystemC objects, and a socket per NIC 33,000 more (docs/performance.md,
// "Scale" and "Session 37").
template <typename T>
class LinkSenders {
 public:
  LinkSenders(const char* name, int keys) : sender_(name), binding_(static_cast<size_t>(keys), -1) {}
  void bind(int key, Link::Socket& link) {
    binding_[static_cast<size_t>(key)] = bound_++;
    sender_.socket.bind(link);
  }
  // The interface bound for `key` (null if none); once elaboration is done.
  // A Link's, which LinkSender::send relies on: bind() takes only a Link's
  // socket, but a socket can be bound on to another target.
  tlm::tlm_fw_transport_if<>* target(int key) {
    const int b = binding_[static_cast<size_t>(key)];
    if (b < 0) return nullptr;
    tlm::tlm_fw_transport_if<>* fw = sender_.target(b);
    if (!dynamic_cast<Link*>(fw))
      throw std::logic_error(std::string(sender_.socket.name()) + ": bound to a target that is not a Link");
    return fw;
  }

 private:
  LinkSender<T> sender_;
  std::vector<int> binding_;  // [key] its binding on the socket, -1 none
  int bound_ = 0;
};

// A router's link targets of one item type, by port (the target() of each
// port's binding, set before the simulation starts). A stage that sends keeps
// one among its own hot members: the way through the router's object would
// be one more likely cache miss per send.
template <typename T>
class LinkTargets {
 public:
  explicit LinkTargets(tlm::tlm_fw_transport_if<>* const* fw) : fw_(fw) {}
  // Ahead of a send: the line it reads (a flit's: the target's first; a
  // credit's: its lane, the second) is a likely miss, and several
  // prefetched before their sends overlap.
  void prefetch(int port) const {
    if constexpr (std::is_same_v<T, Credit>)
      __builtin_prefetch(Link::credit_line(fw_[port]));
    else
      __builtin_prefetch(fw_[port]);
  }
  void send(int port, const T& item, int vc) const { LinkSender<T>::send(fw_[port], item, vc); }
  // `delay`: a TLM timing annotation (LinkSender::send).
  void send(int port, const T& item, int vc, const sc_core::sc_time& delay) const {
    LinkSender<T>::send(fw_[port], item, vc, delay);
  }

 private:
  tlm::tlm_fw_transport_if<>* const* fw_;
};

struct KeySpec;
// The link.* latencies of the configuration schema (sim/schema.cpp).
void add_link_keys(std::vector<KeySpec>& schema);

}  // namespace nocsim
