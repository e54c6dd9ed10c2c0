#pragma once
// Counters shared by the NICs of one run; the collector turns them into the
// summary and the JSON after the run.
#include <cstdint>
#include <vector>

#include "core/flit.h"
#include "stats/histogram.h"
#include "stats/latency_parts.h"

namespace nocsim {

struct Window {
  Cycle begin = 0, end = 0;  // measurement window [begin, end)
  bool contains(Cycle c) const { return c >= begin && c < end; }
};

// What the NICs' injectors and sinks count. With sim.threads > 1 each
// thread counts its NICs' share apart (nic/nic_clock.h) and the shares are
// added into the run's NetStats after each cycle's NIC phase: integer sums,
// whatever the order.
struct NicCounters {
  uint64_t packets_generated = 0;     // whole run
  uint64_t packets_dropped = 0;       // generated into a full source queue (traffic.source_queue)
  uint64_t flits_injected = 0;        // entered the network (whole run)
  uint64_t flits_ejected = 0;         // left the network (whole run)
  uint64_t measured_generated = 0;    // packets generated inside the window
  uint64_t window_flits_generated = 0;
  uint64_t window_flits_accepted = 0; // flits delivered inside the window
  // Request-reply: the reply flits the window's requests call for, less
  // the replies made inside it; added to window_flits_generated, it gives
  // the flits the saturation test compares the accepted ones with.
  int64_t window_replies_owed = 0;
  LatencyParts latency_parts;         // the sinks' share of the breakdown (routers keep their own)
  // Adds `o` in and clears it.
  void take(NicCounters& o) {
    packets_generated += o.packets_generated;
    packets_dropped += o.packets_dropped;
    flits_injected += o.flits_injected;
    flits_ejected += o.flits_ejected;
    measured_generated += o.measured_generated;
    window_flits_generated += o.window_flits_generated;
    window_flits_accepted += o.window_flits_accepted;
    window_replies_owed += o.window_replies_owed;
    latency_parts.add(o.latency_parts);
    o = NicCounters();
  }
};

struct NetStats : NicCounters {
  Window window;
  uint64_t packets_delivered = 0;     // whole run
  uint64_t measured_delivered = 0;    // of the measured packets, delivered
  LatencyHistogram latency;           // measured packets: generation -> tail delivered
  double network_latency_sum = 0;     // measured packets: head injected -> tail delivered
  double injection_wait_sum = 0;      // measured packets: generation -> head injected
  double hops_sum = 0;
  uint64_t misrouted_global = 0;      // measured packets with more global hops than minimal
  uint64_t misrouted_local = 0;       // ... with more local hops than minimal
  // Every delivered packet, when a test or tool asks for it (record = true).
  struct Delivery {
    int src, dst;
    Cycle gen, inj, done;
    int hops;
  };
  bool record = false;
  std::vector<Delivery> deliveries;
  // stats.series_period > 0: per interval of that many cycles, by the cycle
  // their head entered the network (where source routing decides), the
  // packets delivered (whole run), how many were misrouted and their summed
  // latency; and by the cycle of delivery, the flits delivered (accepted).
  struct SeriesBin {
    uint64_t delivered = 0, misrouted_global = 0, misrouted_local = 0;
    uint64_t latency_sum = 0, accepted_flits = 0;
  };
  Cycle series_period = 0;
  std::vector<SeriesBin> series;
};

}  // namespace nocsim
