#pragma once
// The unit of flow control. A packet is packet_size flits; with the default
// flit = phit one flit crosses a link per cycle.
#include <cstdint>

namespace nocsim {

using Cycle = uint64_t;

struct Flit {
  uint64_t pkt = 0;      // packet id, unique per run
  int32_t src = 0;       // source node
  int32_t dst = 0;       // destination node
  int32_t seq = 0;       // 0 = head ... size-1 = tail
  int32_t size = 1;      // flits in the packet
  int32_t vc = 0;        // VC of the buffer it is written into
  int32_t hops = 0;      // router-to-router links crossed so far
  uint32_t dateline = 0; // bit d: crossed the wrap link of dimension d
  Cycle gen = 0;         // cycle the packet was generated (enters the source queue)
  Cycle inj = 0;         // cycle the head left the source queue
  bool measured = false; // generated inside the measurement window
  bool head() const { return seq == 0; }
  bool tail() const { return seq == size - 1; }
};

struct Credit {
  int32_t vc = 0;
};

}  // namespace nocsim
