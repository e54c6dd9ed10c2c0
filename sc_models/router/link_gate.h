#pragma once
// The output units' side of their links (OutputHook, router/output_unit.h):
// a slow link's pace (link/pacer.h) and link power (power/link_power.h). A
// flit that reaches the front of an output queue leaves no earlier than its
// link's pacer allows, and is then admitted by the link's LinkPair, which
// may move the cycle it leaves (StFlit::ready) later still: while the link
// is off or training, or paced in the low state. The flit stays in the queue
// meanwhile; SA sees the queue full and stops granting, so upstream credits
// hold the rest back. Nothing is dropped and the queue keeps its order.
// A held output parks (RouterState::parked): ST and SA may sleep, and the
// gate, a wheel client, wakes the router the falling edge before it may send.
#include <vector>

#include "core/wake_wheel.h"
#include "link/pacer.h"
#include "power/link_power.h"
#include "router/router_state.h"

namespace nocsim {

class Router;

class LinkGate : public WheelClient, public OutputHook {
 public:
  explicit LinkGate(int ports)
      : pair_(static_cast<size_t>(ports), nullptr), dir_(static_cast<size_t>(ports), 0), pace_(static_cast<size_t>(ports)) {}
  // Output `port`'s link starts a flit every interval/1000 cycles.
  void pace(int port, uint64_t interval) { pace_[static_cast<size_t>(port)] = LinkPacer(interval); }
  // Output `port` drives direction `dir` of `pair`.
  void attach(int port, LinkPair* pair, int dir) {
    pair_[static_cast<size_t>(port)] = pair;
    dir_[static_cast<size_t>(port)] = static_cast<uint8_t>(dir);
  }
  // A parked output of `router` is woken through `wheel` on the falling
  // edge before its front may leave.
  void set_wake(WakeWheel* wheel, Router* router) {
    wheel_ = wheel;
    router_ = router;
  }
  void on_wheel(Cycle c, int port, uint32_t arg) override;
  void front(RouterState& st, int o, Cycle now) override;
  void sent(int o, Cycle now) override {
    if (LinkPair* l = pair_[static_cast<size_t>(o)]) l->sent(dir_[static_cast<size_t>(o)], now);
  }

 private:
  // High/low's break-even test: the flits waiting for output o, the front's
  // packet whole and the packets of the other input VCs holding one of its
  // output VCs (their buffered flits, or their whole packet from its head).
  static Cycle waiting(const RouterState& st, int o);
  std::vector<LinkPair*> pair_;  // [out port], null: ejection or unconnected
  std::vector<uint8_t> dir_;
  std::vector<LinkPacer> pace_;  // [out port]
  WakeWheel* wheel_ = nullptr;
  Router* router_ = nullptr;
};

}  // namespace nocsim
