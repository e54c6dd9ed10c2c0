#pragma once
// Contention counters (Fuentes ch. 4; rules and choices in
// docs/routing-dragonfly.md, "Contention counters"), written as the hardware
// computes them so that a Verilog twin can be compared cycle by cycle.
//
// ContentionUnit, one per router: an up/down counter per output port. The
// commits of cycle t move it (+1 when a head reaches the front of an input
// VC, charged to the head's minimal output; -1 when that packet's tail leaves
// the buffer); stages read it from cycle t+1 on (a register). Filtered adds a
// register per port, f(t) = alpha*f(t-1) + (1-alpha)*count(t) in Q8 fixed
// point (alpha in 1/256), updated every cycle; the model updates it lazily,
// catching up the cycles since its last update, which gives the same values.
// The comparator: the counter (or f) above the threshold.
//
// EctnBoard, one per network (ECtN): per router and remote group a partial
// counter of the head packets at its injection and global inputs bound for
// that group; every `period` cycles the routers of a group exchange them and
// each holds the combined sum, which saturates at 15 as the source's 4-bit
// counters. The exchange at cycle b (a multiple of the period) samples the
// partials the commits before b left; its sums are read from b + delay on:
// delay 0 is an ideal side-band, delay = the local link latency models the
// exchange as messages over the group's local links (their latency; the
// link cycles they would take, one flit per link and period, are not taken
// from data traffic).
#include <cstdint>
#include <string>
#include <vector>

#include "core/flit.h"
#include "routing/contention_config.h"

namespace nocsim {

// What the counters are built with: the configuration (ContentionConfig)
// and the exchange's delay.
struct ContentionParams {
  ContentionVariant variant = ContentionVariant::Base;
  int threshold = 6;           // packets: contended when the counter (or filter) exceeds it
                               // (Hybrid's credit half is the routing's: it reads VC occupancy)
  int alpha256 = 128;          // Filtered: alpha in 1/256
  int ectn_period = 100;       // ECtN: cycles between exchanges of the partial counters
  int ectn_threshold = 10;     // ECtN: combined count above which injection misroutes
  int ectn_delay = 0;          // ECtN: cycles from an exchange until its sums are read (< ectn_period)
  static ContentionParams of(const ContentionConfig& c, int local_latency) {
    return {c.variant, c.threshold, c.alpha256, c.ectn_period, c.ectn_threshold, c.ectn_delay(local_latency)};
  }
};

class ContentionUnit {
 public:
  ContentionUnit(int ports, const ContentionParams& p);
  // Commit of cycle `now`.
  void up(int port, Cycle now);
  void down(int port, Cycle now);
  // As read by a stage in cycle `now` (the registers after the edge of
  // `now`); time only moves forward: reads and changes come in cycle order.
  int count(int port) const { return count_[static_cast<size_t>(port)]; }
  int filtered_q8(int port, Cycle now) const;
  bool over(int port, Cycle now) const;
  int ports() const { return static_cast<int>(count_.size()); }
  const ContentionParams& params() const { return p_; }

 private:
  void catch_up(int port, Cycle now) const;
  ContentionParams p_;
  std::vector<int> count_;
  mutable std::vector<int32_t> f_;   // Filtered: Q8, as registered at cycle at_[port]
  mutable std::vector<Cycle> at_;
};

class EctnBoard {
 public:
  // a: routers per group; groups: g.
  EctnBoard(int routers, int a, int groups, const ContentionParams& p);
  void up(int router, int group, Cycle now) { change(router, group, +1, now); }
  void down(int router, int group, Cycle now) { change(router, group, -1, now); }
  int partial(int router, int group) const { return partial_[idx(router, group)]; }
  // The combined counter of `group` held by `router`'s group in cycle `now`.
  int combined(int router, int group, Cycle now) const;
  bool over(int router, int group, Cycle now) const { return combined(router, group, now) > p_.ectn_threshold; }

 private:
  size_t idx(int router, int group) const { return static_cast<size_t>(router) * g_ + group; }
  void change(int router, int group, int d, Cycle now);
  // Brings the group's two latest exchanges up to `now`: the partials have
  // not moved since the last call, so every exchange since samples live_.
  void exchange(int own_group, Cycle now) const;
  ContentionParams p_;
  int a_, g_;
  std::vector<int> partial_;           // [router][group]
  std::vector<int> live_;              // [own group][group]: sum of the partials now
  // [own group][group]: the sums of the latest exchange (at last_[own]) and
  // of the one before it (read while the latest is still on its way).
  mutable std::vector<int> latest_, before_;
  mutable std::vector<Cycle> last_;    // [own group]: cycle of the latest exchange
};

}  // namespace nocsim
