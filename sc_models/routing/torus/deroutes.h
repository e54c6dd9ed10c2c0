#pragma once
// The torus routings' deroute statistics: a routing that sends a packet on
// a longer path at injection (OFR toward an IDN, POR's non-minimal orthant,
// smart DOR's first hop) marks the head's routing header; the sink reports
// the marked measured heads here, and the JSON gives the fraction of
// measured packets derouted ("derouted": widn, oidn, total). POR and OFR
// also mark what their profit rule saw ("profit_rule").
#include <memory>

#include "routing/routing.h"

namespace nocsim {

// RoutingHeader::flags bits of a derouted packet.
constexpr uint8_t kDerouteWidn = 2;   // OFR: toward an orthant midpoint (WIDN)
constexpr uint8_t kDerouteOidn = 4;   // OFR: toward an outflanking IDN (OIDN)
constexpr uint8_t kDerouteOther = 8;  // POR's non-minimal orthant, smart DOR's first hop
constexpr uint8_t kDerouted = kDerouteWidn | kDerouteOidn | kDerouteOther;
// The profit rule's view at the decision (POR, OFR; docs/routing-torus.md,
// "Why OFR deroutes rarely"): u* = 0 (an output of the source idle: every
// path with used first links then scores 0 in the occupancy term); u0 = 0
// on the minimal ports; some detour's length term costs less than 1, the
// most an occupancy term can gain; less than 1 - u*/u0, what it can gain at
// this decision; some detour's first links hold fewer used slots than the
// minimal ones (u_q < u0).
constexpr uint8_t kLeastIdle = 1;
constexpr uint8_t kMinimalIdle = 16;
constexpr uint8_t kDetourInRange = 32;
constexpr uint8_t kDetourWithinReach = 64;
constexpr uint8_t kDetourLessUsed = 128;
constexpr uint8_t kDecision = kLeastIdle | kMinimalIdle | kDetourInRange | kDetourWithinReach | kDetourLessUsed;

// The used slots the profit rule read at one decision (in flits, over
// every VC of a port downstream: docs/routing-torus.md, "Used slots"), and
// which kinds of output of s were idle: one the packet may take minimally
// (mu), the other direction of a dimension it needs (nu), or either
// direction of a dimension it does not need.
struct ProfitSample {
  int u_star = 0;
  double u0 = 0;
  double least_detour_u = -1;  // the least mean u over the longer paths' first links; -1: no longer path
  enum : uint8_t { kIdleMinimal = 1, kIdleOpposite = 2, kIdleUnneeded = 4 };
  uint8_t idle = 0;
};

// The samples of a run summed (the JSON gives means and fractions).
struct ProfitTotals {
  uint64_t decisions = 0, with_detour = 0, idle_minimal = 0, idle_opposite = 0, idle_unneeded = 0;
  double u_star = 0, u0 = 0, detour_u = 0;
  void add(const ProfitSample& s) {
    ++decisions;
    u_star += s.u_star;
    u0 += s.u0;
    if (s.least_detour_u >= 0) {
      ++with_detour;
      detour_u += s.least_detour_u;
    }
    idle_minimal += (s.idle & ProfitSample::kIdleMinimal) != 0;
    idle_opposite += (s.idle & ProfitSample::kIdleOpposite) != 0;
    idle_unneeded += (s.idle & ProfitSample::kIdleUnneeded) != 0;
  }
};

// `profit`: the routing decides by the profit rule (POR, OFR), and the JSON
// also gives its view at the decisions ("profit_rule").
class TorusDeroutes : public RoutingStats {
 public:
  explicit TorusDeroutes(bool profit) : profit_(profit) {}
  // A measured packet's decision at its source (RC's, once per packet):
  // the used slots behind it.
  void decided(const ProfitSample& s) { totals_.add(s); }
  const ProfitTotals& totals() const { return totals_; }
  uint8_t head_flags() const override { return profit_ ? kDerouted | kDecision : kDerouted; }
  void delivered(const Flit& head) override {
    const uint8_t f = head.rh.flags;
    widn_ += (f & kDerouteWidn) != 0;
    oidn_ += (f & kDerouteOidn) != 0;
    total_ += (f & kDerouted) != 0;
    least_idle_ += (f & kLeastIdle) != 0;
    idle_ += (f & kMinimalIdle) != 0;
    in_range_ += (f & kDetourInRange) != 0;
    reach_ += (f & kDetourWithinReach) != 0;
    less_used_ += (f & kDetourLessUsed) != 0;
  }
  void write(JsonWriter& j, const RoutingReport& r) const override;

 private:
  bool profit_;
  uint64_t widn_ = 0, oidn_ = 0, total_ = 0, least_idle_ = 0, idle_ = 0, in_range_ = 0, reach_ = 0, less_used_ = 0;
  ProfitTotals totals_;
};

}  // namespace nocsim
