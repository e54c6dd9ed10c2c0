#pragma once
// Activity counters of one router: what each unit did, counted where it does
// it (buffers at the input buffer's push and pop, RC per routing call, VA and
// SA per request and grant, ST per crossbar traversal, links per flit and
// credit sent). Power (docs/architecture.md) multiplies them by energies per
// event after the run; the datapath never calls power code. Counters run for
// the whole run; the collector (sim/activity_collector.h) subtracts a
// snapshot taken at the end of warm-up.
#include <cstdint>
#include <vector>

namespace nocsim {

// Port classes as indices (PortClass order: Nic, Local, Global).
constexpr int kPortClasses = 3;

struct Activity {
  uint64_t buffer_writes[kPortClasses] = {};  // input buffers, by input port class
  uint64_t buffer_reads[kPortClasses] = {};
  uint64_t credits[kPortClasses] = {};        // credits sent upstream, by input port class
  uint64_t link_flits[kPortClasses] = {};     // flits sent, by output port class (Nic: ejection)
  uint64_t rc = 0;                            // routing computations (RC, VA's lookahead and re-evaluation)
  uint64_t va_requests = 0, va_grants = 0;
  uint64_t sa_requests = 0, sa_grants = 0;    // input VC requests and grants, every speedup round
  uint64_t xbar = 0;                          // crossbar traversals
  uint64_t out_buffer_writes = 0, out_buffer_reads = 0;  // output buffers (router.output_buffer_depth > 0)

  template <typename F>
  void each(F f) {  // every counter, in a fixed order
    for (int c = 0; c < kPortClasses; ++c) f(buffer_writes[c]), f(buffer_reads[c]), f(credits[c]), f(link_flits[c]);
    for (uint64_t* v : {&rc, &va_requests, &va_grants, &sa_requests, &sa_grants, &xbar, &out_buffer_writes,
                        &out_buffer_reads})
      f(*v);
  }
  Activity& operator-=(const Activity& o) {
    Activity copy = o;
    std::vector<uint64_t> sub;
    copy.each([&](uint64_t& v) { sub.push_back(v); });
    size_t i = 0;
    each([&](uint64_t& v) { v -= sub[i++]; });
    return *this;
  }
  Activity& operator+=(const Activity& o) {
    Activity copy = o;
    std::vector<uint64_t> add;
    copy.each([&](uint64_t& v) { add.push_back(v); });
    size_t i = 0;
    each([&](uint64_t& v) { v += add[i++]; });
    return *this;
  }
  static uint64_t sum(const uint64_t (&by_class)[kPortClasses]) { return by_class[0] + by_class[1] + by_class[2]; }
};

}  // namespace nocsim
