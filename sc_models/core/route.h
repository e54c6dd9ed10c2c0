#pragma once
// What a routing function hands the VC policy and VA: its candidates (output
// port, hop class, reference position, the header after the hop, path
// shapes) and the VC ranges they map to. Shared by routing/ (which makes
// them) and vc/ (which maps and selects them), so neither includes the other
// for them (docs/architecture.md, "Routing, VC policy, selection").
#include <cstdint>

#include "core/flit.h"
#include "core/path_shape.h"

namespace nocsim {

// An inclusive range of VC indices of one port.
// Four bytes: RC stores one per candidate and VA reads them every attempt.
// VCs per port are at most 64.
struct VcRange {
  int8_t lo = 0, hi = 0;
  uint8_t whole = 0;  // taken only with room for the whole packet downstream (FlexVC's opportunistic hops)
  uint8_t unused = 0;
};

// Where a head sits: its input VC and whether that input is a global
// (dragonfly) port; vc -1 for a head still in its NIC (injection input).
struct HeadAt {
  int vc = -1;
  bool global = false;
  bool reply = false;  // the packet is a reply (traffic.request_reply)
};

// Hop class bits of a candidate.
enum HopClass : uint8_t {
  kHopNonMinimal = 1,     // a misroute or a hop toward a Valiant intermediate (may be minimal by chance)
  kHopGlobal = 2,         // over a global (dragonfly) link
  kHopEject = 4,          // to the destination node
  kHopOpportunistic = 8,  // taken only with room for the whole packet in the next buffer
  kHopTurn = 16,          // the packet reached its intermediate here (Valiant's turning point)
  kHopReport = 32,        // tell the routing when this candidate is granted (Routing::granted)
  // Bubble flow control (docs/routing-torus.md, "Bubble flow control and
  // ABR"): the hop enters an escape ring (from injection, another dimension
  // or another VC class), so it needs room for two whole packets
  // downstream; staying in the ring needs one.
  kHopBubble = 64,
  // A hop on a bubble escape ring under packets of several sizes
  // (docs/routing-torus.md, "Packets of several sizes"): the packet holds
  // the largest packet's room downstream, RouterParams::slot flits.
  kHopSlot = 128,
};

struct RouteCandidate {
  int16_t out_port = -1;
  uint8_t hop = 0;  // HopClass bits
  // Position of the routing's reference VC sequence this hop takes (its
  // "distance"), -1 when the hop is unconstrained (ejection, mesh).
  int8_t pos = -1;
  RoutingHeader next;  // the head's routing header after this hop
  // For VC policies that need them (VcPolicy::needs_paths(), FlexVC): the
  // port classes of the packet's intended rest of path, this hop first, and
  // of this hop followed by a minimal path from the router it reaches.
  PathShape path, escape;
  bool opportunistic() const { return hop & kHopOpportunistic; }
  bool minimal() const { return !(hop & kHopNonMinimal); }
};

// The hop to the destination node through its port at this router.
inline RouteCandidate eject_candidate(int node_port, const RoutingHeader& next) {
  RouteCandidate c;
  c.out_port = static_cast<int16_t>(node_port);
  c.hop = kHopEject;
  c.next = next;
  return c;
}

// RC may offer several candidates, best first; the selection function picks
// one (by default the first with a usable output VC, so an opportunistic hop
// falls back to the next).
constexpr int kMaxCandidates = 4;

}  // namespace nocsim
