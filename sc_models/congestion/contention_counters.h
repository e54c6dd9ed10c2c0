#pragma once
// A router's contention counters attached to its units (router/observers.h):
// a head reaching the front of input VC (ip, v) charges its minimal output
// port (Topology::minimal_port) and, for ECtN, when it came from the NIC or a
// global input and is bound for another group, that group's partial counter;
// its tail leaving the buffer discharges both. Off (the default) every hook
// returns at its first test.
#include <memory>
#include <vector>

#include "congestion/contention.h"
#include "core/cycle.h"
#include "core/unit_observer.h"
#include "blocks/event_run.h"
#include "blocks/ports.h"
#include "topologies/topology.h"

namespace nocsim {

class ContentionCounters : public UnitObserver {
 public:
  // Switches the counters of `router` on; `ectn` is the network's board for ECtN, else null.
  void enable(const Topology& t, int router, int vcs, const ContentionParams& p, EctnBoard* ectn) {
    auto s = std::make_unique<State>(ContentionUnit(t.ports(), p));
    s->t = &t;
    s->router = router;
    s->vcs = vcs;
    s->ectn = ectn;
    s->port.assign(static_cast<size_t>(t.ports()) * vcs, -1);
    s->group.assign(s->port.size(), -1);
    s_ = std::move(s);
  }
  void head_at_front(int ip, int v, const Flit& head) {
    if (s_) charge(ip, v, head);
  }
  void tail_departed(int ip, int v, int, int) {
    if (s_) discharge(ip, v);
  }
  const ContentionUnit* unit() const { return s_ ? &s_->unit : nullptr; }
  // The Verilated unit (rtl.contention) beside the C++ one, after enable(); null: C++ only.
  void set_block(std::unique_ptr<EventRun> rtl) { s_->rtl = std::move(rtl); }
  EventRun* block() const { return s_ ? s_->rtl.get() : nullptr; }
  // The comparator of `port` as the routing reads it in cycle `now` (false when off).
  bool over(int port, Cycle now) const {
    if (!s_) return false;
    return s_->rtl ? rtl_over(port, now) : s_->unit.over(port, now);
  }

 private:
  struct State {
    explicit State(ContentionUnit u) : unit(std::move(u)) {}
    ContentionUnit unit;
    const Topology* t = nullptr;
    int router = 0, vcs = 0;
    EctnBoard* ectn = nullptr;
    std::unique_ptr<EventRun> rtl;
    std::vector<int16_t> port, group;  // [ip*vcs+v]: what its head packet charged (-1: nothing)
  };
  // Out of line: the hooks above sit on the hot path of every router, counters on or off.
  [[gnu::noinline]] void charge(int ip, int v, const Flit& head) {
    State& s = *s_;
    const size_t i = static_cast<size_t>(ip) * s.vcs + v;
    const Cycle now = cycle_now(kClockPeriodPs);
    const int port = s.t->minimal_port(s.router, head.dst);
    if (port >= 0) {
      s.unit.up(port, now);
      if (s.rtl) s.rtl->up(port, now);
    }
    s.port[i] = static_cast<int16_t>(port);
    if (!s.ectn) return;
    const PortClass in = s.t->port_class(ip);
    const int g = s.t->group_of(s.t->node_router(head.dst)), own = s.t->group_of(s.router);
    if ((in == PortClass::Nic || in == PortClass::Global) && g != own) {
      s.ectn->up(s.router, g, now);
      s.group[i] = static_cast<int16_t>(g);
    }
  }
  [[gnu::noinline]] void discharge(int ip, int v) {
    State& s = *s_;
    const size_t i = static_cast<size_t>(ip) * s.vcs + v;
    const Cycle now = cycle_now(kClockPeriodPs);
    if (s.port[i] >= 0) {
      s.unit.down(s.port[i], now);
      if (s.rtl) s.rtl->down(s.port[i], now);
    }
    if (s.group[i] >= 0) s.ectn->down(s.router, s.group[i], now);
    s.port[i] = s.group[i] = -1;
  }
  // The Verilated unit's comparator; in lockstep its registers must match the C++ unit's.
  bool rtl_over(int port, Cycle now) const {
    const ContentionUnit& u = s_->unit;
    s_->rtl->advance(now);
    const BlockRun& b = s_->rtl->run();
    if (b.lockstep()) {
      b.compare(ports::kConCount, port, u.count(port), now);
      if (u.params().variant == ContentionVariant::Filtered)
        b.compare(ports::kConFiltered, port, u.filtered_q8(port, now), now);
      b.compare(ports::kConOver, port, u.over(port, now), now);
    }
    return b.out()[b.signals().out_at(ports::kConOver) + static_cast<size_t>(port)] != 0;
  }
  std::unique_ptr<State> s_;
};

}  // namespace nocsim
