#pragma once
// The output unit of a router port: its VCs (credits for the downstream
// buffer, free or held by a packet), the queue of flits between SA and the
// link (the SA + ST pipeline and the output buffer), and a hook on that
// queue (the link gate of link power, router/link_gate.h). Its own steps are
// here; RouterState's transitions call them and keep the router-wide sets.
#include <cstdint>

#include "core/flit.h"
#include "core/ring.h"

namespace nocsim {

struct OutputVc {
  int credits = 0;
  int min_flits = 0;  // vc.mincred: downstream slots held by minimally routed flits
};

// A flit between switch allocation and the output link: it leaves on the link
// at cycle `ready` (SA + ST latency), at most one flit per output per cycle.
struct StFlit {
  Cycle ready;
  Flit flit;
};

// The flits an output's ST queue holds: the SA + ST pipeline (a flit per
// cycle and crossbar input of the speedup) and the output buffer.
constexpr int st_queue_capacity(int lat_sa, int lat_st, int speedup, int output_buffer_depth) {
  return (lat_sa + lat_st) * speedup + output_buffer_depth;
}

// A direct ST (RouterState::direct_st): the SA grants of one output whose
// flits went onto the link at SA's commit, timed for the cycle ST would have
// sent them (grant + SA and ST latency, below 64 cycles), and which the
// ST queue would hold until then. Kept for what reads the queue's length
// (the routings' congestion view) and the link's sends (activity): the
// last 64 grants' cycles, as bits (docs/architecture.md, "Direct ST").
struct DirectSends {
  Cycle last = 0;     // the latest grant's cycle
  uint64_t bits = 0;  // bit k: a grant at cycle last - k
  void granted(Cycle g) {
    const Cycle gap = g - last;
    bits = (gap >= 64 ? 0 : bits << gap) | 1;
    last = g;
  }
  // Grants whose flit leaves (at grant + d) after cycle c: still queued
  // once cycle c has committed.
  int after(Cycle c, int d) const {
    if (last + static_cast<Cycle>(d) <= c) return 0;
    const Cycle m = last + static_cast<Cycle>(d) - c - 1;  // bits k <= m leave after c
    return __builtin_popcountll(m >= 63 ? bits : bits & ((2ull << m) - 1));
  }
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

struct RouterState;

// A hook on the output queues: told when a queue has a new front and when
// a flit left on the link, it may hold the front back (StFlit::ready later)
// and park the output (RouterState::parked). The datapath knows only this
// interface; link power implements it.
class OutputHook {
 public:
  virtual ~OutputHook() = default;
  virtual void front(RouterState& st, int o, Cycle now) = 0;
  virtual void sent(int o, Cycle now) = 0;
};

// One cache line. An output VC is free (bit set in free_vcs) when no packet
// holds it, busy from VA's grant until its tail leaves: VA scans only the
// free VCs of a candidate's range.
struct alignas(64) OutputUnit {
  OutputVcs vcs;
  uint64_t free_vcs = 0;  // bit o: output VC o is free
  Ring<StFlit> queue;     // crossbar pipeline plus output buffer
  int depth = 0;          // downstream flits per VC: the credit ceiling
  int queue_capacity = 0;
  // Output VCs released plus credits returned to free ones so far. Only
  // these make a VC usable that was not; VA retries a blocked head when the
  // sum over its candidates' ports moves.
  uint32_t freed = 0;
  bool sink = false;    // ejection port: the NIC consumes every flit at once
  uint8_t network = 0;  // leads to a router: a flit granted to it counts a hop
  uint8_t global = 0;   // a global (dragonfly) link: also a global hop
  bool busy(int ovc) const { return !((free_vcs >> ovc) & 1); }

  // VA granted output VC ovc to a packet.
  void hold(int ovc) { free_vcs &= ~(1ull << ovc); }
  // The packet's tail left: output VC ovc is free again.
  void release(int ovc) {
    free_vcs |= 1ull << ovc;
    ++freed;
  }
  // A credit came back for output VC ovc: true while within the ceiling. A
  // held VC's credits serve its packet only, so only a free VC's count as freed.
  bool credit_back(int ovc) {
    freed += (free_vcs >> ovc) & 1;
    return ++vcs[ovc].credits <= depth;
  }
};
static_assert(sizeof(OutputUnit) == 64, "an output unit is one cache line");

}  // namespace nocsim
