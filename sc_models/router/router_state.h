#pragma once
// State shared by a router's pipeline stages. Stages read it in evaluate()
// (as registered at the last clock edge) and change it only in commit(), so a
// cycle's outcome does not depend on the order the kernel runs the stages.
// The one exception is SA's scratch (fields named sa_*): SA alone reads and
// writes it, within one cycle, and its commit clears it. It sits beside the
// state SA reads with it, so that a grant touches fewer cache lines.
#include <vector>

#include "core/flit.h"
#include "core/index_set.h"
#include "core/ring.h"
#include "routing/routing.h"
#include "stats/activity.h"
#include "router/flit_fifo.h"

namespace nocsim {

// Scalars first (stages read them every cycle), per-port vectors last.
struct RouterParams {
  int ports = 0;
  int network_ports = 0;
  int vcs = 1;                   // the most VCs of any port (allocator width)
  int output_buffer_depth = 0;
  int speedup = 1;
  bool in_transit_priority = false;  // SA: injection inputs yield outputs that transit inputs request
  bool vct = true;
  int lat_rc = 1, lat_va = 1, lat_sa = 1, lat_st = 1;
  bool reevaluate = false;  // adaptive routing: route again at every VA attempt after the first
  bool check = true;
  bool reverse_stages = false;  // per-router mode: evaluate ST, SA, VA, RC
  std::vector<int> in_vcs, in_depth;    // per input port: VCs, flits per VC
  std::vector<int> out_vcs, out_depth;  // per output port: the downstream input's
  std::vector<uint8_t> global_port;     // per port: 1 for a global (dragonfly) port
};

// What SA reads every cycle (buffer control, ready, state, route, out_vc)
// comes first, in the first 56 bytes, and each input VC starts a cache line:
// SA touches one line per VC; RC's candidates last.
struct alignas(64) InputVc {
  enum class State : uint8_t { Idle, Routing, VcAlloc, Active };
  FlitFifo buf;
  Cycle ready = 0;  // first cycle the next stage may act on this VC
  State state = State::Idle;
  int8_t n_cands = 0;
  int16_t out_vc = -1;
  int16_t port = 0;      // its input port
  int16_t sa_taken = 0;  // flits granted this cycle
  uint8_t sa_done = 0;   // tail granted this cycle
  RouteCandidate route;  // the candidate VA granted
  uint16_t head_size = 0;  // flits of the packet whose candidates these are (VA's credit need)
  RouteCandidate cands[kMaxCandidates];  // RC's candidates, best first
  VcRange cand_vcs[kMaxCandidates];      // the output VCs the VC policy allows each
};

struct OutputVc {
  int credits = 0;
  bool busy = false;  // allocated to a packet whose tail has not left yet
  int sa_used = 0;    // credits granted this cycle
};

// A flit between switch allocation and the output link: it leaves on the link
// at cycle `ready` (SA + ST latency), at most one flit per output per cycle.
struct StFlit {
  Cycle ready;
  Flit flit;
};

// An output port's VCs: a view into the router's flat array of output VCs
// (RouterState::ovc), so that a port's record is one cache line.
class OutputVcs {
 public:
  OutputVcs() = default;
  OutputVcs(OutputVc* first, int n) : p_(first), n_(n) {}
  OutputVc& operator[](int i) { return p_[i]; }
  const OutputVc& operator[](int i) const { return p_[i]; }
  size_t size() const { return static_cast<size_t>(n_); }
  const OutputVc* begin() const { return p_; }
  const OutputVc* end() const { return p_ + n_; }

 private:
  OutputVc* p_ = nullptr;
  int n_ = 0;
};

struct alignas(64) OutputPort {
  OutputVcs vcs;
  int depth = 0;             // downstream flits per VC: the credit ceiling
  Ring<StFlit> queue;  // crossbar pipeline plus output buffer
  int queue_capacity = 0;
  int sa_added = 0;          // flits granted into the queue this cycle
  bool sink = false;         // ejection port: the NIC consumes every flit at once
  uint8_t network = 0;       // leads to a router: a flit granted to it counts a hop
  uint8_t global = 0;        // a global (dragonfly) link: also a global hop
};

struct RouterState {
  int id = 0;
  int n_active = 0;                      // input VCs holding an output VC
  int st_queued = 0;                     // flits between SA and the output link
  uint64_t flits_moved = 0;              // input-buffer departures, for the watchdog
  RouterParams p;
  std::vector<InputVc> in;               // [in_port * p.vcs + vc]; slots past a port's VC count unused
  InputVc& vc(int ip, int v) { return in[static_cast<size_t>(ip * p.vcs + v)]; }
  const InputVc& vc(int ip, int v) const { return in[static_cast<size_t>(ip * p.vcs + v)]; }
  std::vector<OutputPort> out;           // [out_port]
  std::vector<OutputVc> ovc;             // [out_port * p.vcs + vc], viewed by out[].vcs; sized once
  IndexSet routing, vcalloc;             // input VCs (ip*V+ivc) waiting for RC, for VA
  std::vector<int> active;               // input VCs holding an output VC (ip*V+ivc), in no particular order
  IndexSet queued_ports;                 // output ports holding flits between SA and the link
  // Write-only for the stages (never read in a cycle), so where a stage counts does not matter.
  Activity act;
  std::vector<uint64_t> buffer_reads;    // [in_port] flits read from its buffers (activity)

  // Stores a head's candidates (at most kMaxCandidates) and their VC ranges on its input VC.
  static void set_candidates(InputVc& ivc, const RouteCandidate* c, const VcRange* vcs, int n) {
    ivc.n_cands = static_cast<int8_t>(n < kMaxCandidates ? n : kMaxCandidates);
    ivc.head_size = ivc.buf.front().size;
    for (int k = 0; k < ivc.n_cands; ++k) {
      ivc.cands[k] = c[k];
      ivc.cand_vcs[k] = vcs[k];
    }
  }
  // A head reached the front of input VC (ip, v): Routing.
  void to_routing(int ip, int v) {
    vc(ip, v).state = InputVc::State::Routing;
    routing.insert(ip * p.vcs + v);
  }
  // Routing -> VcAlloc, with the head's candidates.
  void routed(int ip, int v, const RouteCandidate* c, const VcRange* vcs, int n) {
    InputVc& ivc = vc(ip, v);
    set_candidates(ivc, c, vcs, n);
    ivc.state = InputVc::State::VcAlloc;
    routing.erase(ip * p.vcs + v);
    vcalloc.insert(ip * p.vcs + v);
  }
};

}  // namespace nocsim
