#pragma once
// What a NIC asks of a closed-loop application running on its node
// (workload/engine.h), in place of a traffic source: when it next has
// something to do, the packets it makes when it runs, and the events that
// may let it go on: a packet entered the source queue (its id), a message's
// last flit left the NIC, a packet's tail arrived here.
#include <vector>

#include "core/flit.h"
#include "traffic/source.h"

namespace nocsim {

class NicApp {
 public:
  virtual ~NicApp() = default;
  // Cycle the program may go on (now or earlier: at once), kNeverCycle while
  // it waits for the network or has ended.
  virtual Cycle next_time() const = 0;
  // Runs the program as far as it goes at `now`; appends the packets it sends.
  virtual void generate(Cycle now, std::vector<GenPacket>& out) = 0;
  virtual void enqueued(const GenPacket& g, uint64_t pkt) = 0;
  // The last flit of a packet with msg != 0 and last set left at cycle `tail`.
  virtual void sent(uint32_t msg, Cycle tail) = 0;
  virtual void delivered(const Flit& tail, Cycle at) = 0;
};

}  // namespace nocsim
