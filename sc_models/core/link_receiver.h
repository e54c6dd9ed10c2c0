#pragma once
// Whoever consumes one side of a link (link/link.h): told the cycle an item
// becomes visible.
#include "core/flit.h"

namespace nocsim {

class LinkReceiver {
 public:
  virtual ~LinkReceiver() = default;
  // tag: what the receiver asked to be told with (e.g. its port).
  virtual void on_send(int tag, Cycle arrival, Cycle now) = 0;
  // Whether on_send may run on the sender's worker thread (sim.threads):
  // the receiver has one sender, runs no process while routers do, and asks
  // the wheel through ask_wheel (parallel/outbox.h). Else the call waits in
  // the sender thread's outbox.
  virtual bool on_send_on_senders_thread() const { return false; }
};

}  // namespace nocsim
