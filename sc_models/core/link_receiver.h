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
  // Else, the thread that takes this receiver's calls from every outbox
  // once the senders are done, in parallel with the other receivers
  // (sim.threads; its on_send touches only itself, and is the same in any
  // order with others'); -1: replayed in order on the kernel's thread.
  virtual int parallel_owner() const { return -1; }
};

}  // namespace nocsim
