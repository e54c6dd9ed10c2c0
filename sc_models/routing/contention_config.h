#pragma once
// The contention counters' configuration (routing.trigger=contention and the
// routing.contention.* keys; docs/routing-dragonfly.md, "Contention
// counters"), read from the Config here and nowhere else: the counters
// (congestion/contention.h), the dragonfly routings, the Verilated unit and
// the power model take this struct.
#include <cstdint>

namespace nocsim {

class Config;
class ErrorList;

enum class ContentionVariant : uint8_t { Base, Filtered, Hybrid, Ectn };

struct ContentionConfig {
  bool on = false;  // routing.trigger=contention: the routers keep counters
  ContentionVariant variant = ContentionVariant::Base;
  int threshold = 6;        // packets: contended when the counter (or filter) exceeds it
  double alpha = 0.5;       // Filtered: the filter's weight of the old value
  int alpha256 = 128;       // ... in 1/256, as the counters use it
  int credit_percent = 50;  // Hybrid: minimal output VC occupancy (% of its buffer) that also triggers
  int ectn_period = 100;    // ECtN: cycles between exchanges of the partial counters
  int ectn_threshold = 10;  // ECtN: combined count above which injection misroutes
  bool ectn_messages = false;  // ECtN: the exchange travels the group's local links (else a side-band)

  static ContentionConfig from(const Config& cfg);
  // ECtN's exchange as messages arrives `local_latency` cycles late, which
  // must stay under the period (else a group would read sums not yet sent).
  void validate(int local_latency, ErrorList& errors) const;
  // Cycles from an exchange until its sums are read.
  int ectn_delay(int local_latency) const { return ectn_messages ? local_latency : 0; }
};

}  // namespace nocsim
