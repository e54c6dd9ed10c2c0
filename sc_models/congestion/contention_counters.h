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
#include "rtl/block_twins.h"
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
  // The RTL twin (rtl/block_twins.h) beside the unit, after enable(); null: C++ only.
  void set_twin(std::unique_ptr<ContentionTwin> twin) { s_->twin = std::move(twin); }
  ContentionTwin* twin() const { return s_ ? s_->twin.get() : nullptr; }
  // The comparator of `port` as the routing reads it in cycle `now` (false when off).
  bool over(int port, Cycle now) const {
    if (!s_) return false;
    return s_->twin ? s_->twin->over(port, now, s_->unit) : s_->unit.over(port, now);
  }

 private:
  struct State {
    explicit State(ContentionUnit u) : unit(std::move(u)) {}
    ContentionUnit unit;
    const Topology* t = nullptr;
    int router = 0, vcs = 0;
    EctnBoard* ectn = nullptr;
    std::unique_ptr<ContentionTwin> twin;
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
      if (s.twin) s.twin->up(port, now);
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
      if (s.twin) s.twin->down(s.port[i], now);
    }
    if (s.group[i] >= 0) s.ectn->down(s.router, s.group[i], now);
    s.port[i] = s.group[i] = -1;
  }
  std::unique_ptr<State> s_;
};

}  // namespace nocsim
