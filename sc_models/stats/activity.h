#pragma once
// Activity counters of one router: what each unit did. ActivityCounters
// observes the units' transitions (core/unit_observer.h): routing
// computations, VA and SA requests and grants, input-buffer reads by port
// class (NIC, local, global: the PortClass index). By class rather than by
// port so that what SA's commit counts (requests, reads) is one cache line:
// a per-port array on the heap is one more line per router per cycle.
// The links count what they carry (Link::credits_sent, flits_sent); Network
// reads those into a PortActivity, input-buffer writes included (the flits
// the input link delivered: sent minus still on it). Crossbar traversals and
// output-buffer use follow from them (see sim/report.cpp). One increment per
// event on the hot path and no lookup: classes and totals are summed after
// the run. Power multiplies them by energies per event after the run; the
// datapath never calls power code. Counters run for the whole run; Network
// subtracts a snapshot taken at the end of warm-up.
#include <cstdint>

#include "core/unit_observer.h"

namespace nocsim {

struct PortActivity {
  uint64_t buffer_writes = 0;  // into this input port's buffers
  uint64_t credits = 0;        // sent upstream by this input port
  uint64_t link_flits = 0;     // sent on this output port's link (ejection included)
  PortActivity& operator-=(const PortActivity& o) {
    buffer_writes -= o.buffer_writes, credits -= o.credits, link_flits -= o.link_flits;
    return *this;
  }
};

// SA's counts first: ActivityCounters keeps them in one cache line with the
// port classes.
struct Activity {
  uint64_t sa_requests = 0;         // input VC requests, every speedup round
  uint64_t buffer_reads[3] = {};    // input-buffer reads by port class (PortClass index)
  uint64_t rc = 0;  // routing computations (RC, VA's lookahead and re-evaluation)
  uint64_t va_requests = 0, va_grants = 0;
  // Every SA grant reads its flit from an input buffer: no second count per flit.
  uint64_t sa_grants() const { return buffer_reads[0] + buffer_reads[1] + buffer_reads[2]; }
  Activity& operator-=(const Activity& o) {
    rc -= o.rc, va_requests -= o.va_requests, va_grants -= o.va_grants;
    sa_requests -= o.sa_requests;
    for (int c = 0; c < 3; ++c) buffer_reads[c] -= o.buffer_reads[c];
    return *this;
  }
};

class alignas(64) ActivityCounters : public UnitObserver {
 public:
  static constexpr int kMaxPorts = 64;  // as SA's request masks
  // Input ports >= network_ports are NIC ports; of the others, those whose
  // bit is set in global_mask are global.
  void set_ports(int network_ports, uint64_t global_mask) {
    const uint64_t network = network_ports >= kMaxPorts ? ~0ull : (1ull << network_ports) - 1;
    local_ = network & ~global_mask;
    global_ = network & global_mask;
  }
  void routed(int, int, int) { ++act_.rc; }
  void vc_granted(int, int, int, int) { ++act_.va_grants; }
  // Runs for every flit at every router: the class from two masks in the
  // counters' own line (a table would be a second line per grant).
  void departed(int ip, int, const Flit&) {
    ++act_.buffer_reads[((local_ >> ip) & 1) | (((global_ >> ip) & 1) << 1)];
  }
  void va_requested(uint64_t n) { act_.va_requests += n; }
  void sa_requested(uint64_t n) { act_.sa_requests += n; }
  const Activity& activity() const { return act_; }

 private:
  uint64_t local_ = 0, global_ = 0;  // input ports of PortClass Local (1), Global (2); the others: Nic (0)
  Activity act_;
};

}  // namespace nocsim
