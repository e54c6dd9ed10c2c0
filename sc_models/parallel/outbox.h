#pragma once
// What a router or a NIC running on a worker thread does to others
// (sim.threads; docs/architecture.md, "Parallel cycles"): a link send's
// call into its receiver (LinkReceiver::on_send, which may ask the shared
// wake wheel or wake a NIC), a wake-up asked of the wheel, a sample for
// network-wide statistics, a delivered packet (the collector and the
// routing's statistics), a failure (RunStatus::fail, which keeps the
// first). Each thread keeps them here in the order they happened; the
// kernel's thread replays the outboxes in thread order, which is router
// (or node) order, so that a run makes the same calls in the same order as
// on one thread. A send to a receiver with an owner thread
// (LinkReceiver::parallel_owner) waits apart, for that thread to deliver
// it (deliver) before the replay.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/flit.h"
#include "core/link_receiver.h"
#include "core/run_status.h"
#include "core/wake_wheel.h"

namespace nocsim {

class Outbox {
 public:
  // owners: the threads that take sends to their own receivers (none: every
  // send is replayed).
  explicit Outbox(int owners = 0) : owned_(static_cast<size_t>(owners)) {}
  // The calling thread's outbox while it runs a parallel phase, else null
  // (calls go straight to their receiver).
  static Outbox* current() { return current_; }
  static void set_current(Outbox* o) { current_ = o; }

  void on_send(LinkReceiver* rx, int tag, Cycle arrival, Cycle now, int owner = -1) {
    if (static_cast<size_t>(owner) < owned_.size())  // -1 (no owner) too is past the end
      return owned_[static_cast<size_t>(owner)].push_back({rx, tag, arrival, now});
    calls_.push_back({Kind::Send, tag, 0, rx, nullptr, arrival, now});
  }
  // Whether a send waits for its receiver's owner thread.
  bool holds_owned() const {
    for (const auto& v : owned_)
      if (!v.empty()) return true;
    return false;
  }
  // On thread `owner`: makes the sends waiting for it, in order, and forgets them.
  void deliver(int owner) {
    auto& sends = owned_[static_cast<size_t>(owner)];
    for (const OwnedSend& k : sends) k.rx->on_send(k.tag, k.arrival, k.now);
    sends.clear();
  }
  void at(WakeWheel* w, Cycle c, WheelClient* who, int tag, uint32_t arg) {
    calls_.push_back({Kind::Wheel, tag, arg, w, who, c, 0});
  }
  void later(std::function<void()> f) {
    calls_.push_back({Kind::Later, 0, static_cast<uint32_t>(laters_.size()), nullptr, nullptr, 0, 0});
    laters_.push_back(std::move(f));
  }
  // A flit handed to `to` later: fn(to, flit, c) (a delivered packet's
  // tail or a measured head for statistics; the caller's trampoline).
  using FlitCall = void (*)(void* to, const Flit& f, Cycle c);
  void flit(FlitCall fn, void* to, const Flit& f, Cycle c) {
    calls_.push_back({Kind::Flit, 0, static_cast<uint32_t>(flits_.size()), to, nullptr, c, 0});
    flits_.push_back({fn, f});
  }
  // A failure keeps the batch cycle it happened at (RunStatus::fail).
  void fail(RunStatus* status, int code, std::string msg) {
    calls_.push_back({Kind::Fail, code, static_cast<uint32_t>(fails_.size()), status, nullptr, batch_cycle, 0});
    fails_.push_back(std::move(msg));
  }
  // Makes the kept calls, in order, and forgets them.
  void replay();

 private:
  enum class Kind : uint8_t { Send, Wheel, Later, Fail, Flit };
  struct Call {
    Kind kind;
    int tag;       // Send, Wheel: the receiver's tag; Fail: the exit code
    uint32_t arg;  // Wheel: its argument; Later, Fail, Flit: the index of the function, message or flit call
    void* to;      // the receiver, the wheel or the run's status
    WheelClient* who;
    Cycle c, now;  // Send: arrival and send cycles; Wheel: the edge; Flit: the caller's cycle
  };
  std::vector<Call> calls_;
  std::vector<std::function<void()>> laters_;
  std::vector<std::string> fails_;
  struct FlitItem {
    FlitCall fn;
    Flit f;
  };
  std::vector<FlitItem> flits_;
  struct OwnedSend {
    LinkReceiver* rx;
    int tag;
    Cycle arrival, now;
  };
  std::vector<std::vector<OwnedSend>> owned_;  // [owner thread]
  static inline thread_local Outbox* current_ = nullptr;
};

// A run's failure from code that may run on a worker thread.
// In a batch of cycles, the calling thread runs no cycle after this one's
// (RouterClock::run_batch, batch_stop).
inline thread_local Cycle batch_stop = kNeverCycle;
inline void fail_run(RunStatus& status, int code, std::string msg) {
  if (batch_cycle < batch_stop) batch_stop = batch_cycle;
  if (Outbox* o = Outbox::current()) return o->fail(&status, code, std::move(msg));
  status.fail(code, msg);
}

// A wake-up asked from code that may run on a worker thread.
inline void ask_wheel(WakeWheel& w, Cycle c, WheelClient* who, int tag = 0, uint32_t arg = 0) {
  if (Outbox* o = Outbox::current()) return o->at(&w, c, who, tag, arg);
  w.at(c, who, tag, arg);
}

}  // namespace nocsim
