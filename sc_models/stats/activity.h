#pragma once
// Activity counters of one router: what each unit did, counted where it does
// it. Per port (PortActivity): input-buffer reads (SA commit), kept by the
// router; credits sent upstream and flits sent on the output link, kept by
// the links (Link::credits_sent, flits_sent), and input-buffer writes, the
// flits the input link delivered (sent minus still on it), read into a
// PortActivity by Network. Per router (Activity): routing
// computations, VA and SA requests and grants. Crossbar traversals and output-buffer use follow from them
// (see sim/report.cpp). One increment per event on the hot path and no
// lookup: classes and totals are summed after the run. Power multiplies them
// by energies per event after the run; the datapath never calls power code.
// Counters run for the whole run; Network subtracts a snapshot taken at the
// end of warm-up.
#include <cstdint>

namespace nocsim {

struct PortActivity {
  uint64_t buffer_writes = 0, buffer_reads = 0;  // of this input port's buffers
  uint64_t credits = 0;                          // sent upstream by this input port
  uint64_t link_flits = 0;                       // sent on this output port's link (ejection included)
  PortActivity& operator-=(const PortActivity& o) {
    buffer_writes -= o.buffer_writes, buffer_reads -= o.buffer_reads, credits -= o.credits, link_flits -= o.link_flits;
    return *this;
  }
};

struct Activity {
  uint64_t rc = 0;  // routing computations (RC, VA's lookahead and re-evaluation)
  uint64_t va_requests = 0, va_grants = 0;
  uint64_t sa_requests = 0, sa_grants = 0;  // input VC requests and grants, every speedup round
  Activity& operator-=(const Activity& o) {
    rc -= o.rc, va_requests -= o.va_requests, va_grants -= o.va_grants;
    sa_requests -= o.sa_requests, sa_grants -= o.sa_grants;
    return *this;
  }
};

}  // namespace nocsim
