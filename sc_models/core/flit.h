#pragma once
// The unit of flow control. A packet is packet_size flits; with the default
// flit = phit one flit crosses a link per cycle.
#include <cstdint>

namespace nocsim {

using Cycle = uint64_t;

// What routing functions keep in a packet's head between hops.
struct RoutingHeader {
  int32_t inter = -1;    // intermediate router or group (Valiant), -1 none
  uint8_t dateline = 0;  // bit d: crossed the wrap link of dimension d
  uint8_t seqpos = 0;    // next position in the VC reference sequence
  uint8_t phase = 0;     // 0: toward the intermediate, 1: toward the destination
  uint8_t flags = 0;     // bit 0: already misrouted locally in the current group (OLM)
};

struct Flit {
  uint64_t pkt = 0;      // packet id, unique per run
  Cycle gen = 0;         // cycle the packet was generated (enters the source queue)
  Cycle inj = 0;         // cycle the head left the source queue
  int32_t src = 0;       // source node
  int32_t dst = 0;       // destination node
  int32_t seq = 0;       // 0 = head ... size-1 = tail
  int32_t size = 1;      // flits in the packet
  int16_t vc = 0;        // VC of the buffer it is written into
  int16_t hops = 0;      // router-to-router links crossed so far
  int16_t ghops = 0;     // of which global (dragonfly) links
  RoutingHeader rh;      // routing state, meaningful in the head
  bool measured = false; // generated inside the measurement window
  bool head() const { return seq == 0; }
  bool tail() const { return seq == size - 1; }
};

struct Credit {
  int32_t vc = 0;
};

}  // namespace nocsim
