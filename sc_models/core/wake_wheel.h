#pragma once
// A timing wheel of wake-ups on falling clock edges. Routers pull link
// arrivals, and NICs wake for their next packet, at the falling edge before
// the cycle they need; with thousands of such deadlines pending (long
// dragonfly links, a NIC per node) a timed sc_event each costs a heap
// operation in the kernel. The wheel is one process on the falling edge that
// calls back every client due on that edge, in the order they asked.
// Clients fold their own asks: a router asks once per arrival cycle (it keeps
// the ports due itself), a NIC once per sleep.
#include <functional>
#include <memory>
#include <queue>
#include <systemc>
#include <vector>

#include "core/flit.h"

namespace nocsim {

class WheelClient {
 public:
  virtual ~WheelClient() = default;
  // The falling edge of cycle c, which this client asked for with `tag` and
  // `arg` (WakeWheel::at).
  virtual void on_wheel(Cycle c, int tag, uint32_t arg) = 0;
};

class WakeWheel : public sc_core::sc_module {
 public:
  static constexpr Cycle kSlots = 256;  // a power of two: one lap of edges
  sc_core::sc_in<bool> clk;
  WakeWheel(sc_core::sc_module_name name, Cycle period_ps);
  // Calls who->on_wheel(c, tag, arg) on the falling edge of cycle c, which
  // must not have passed yet; the wake-ups of one edge in ask order.
  void at(Cycle c, WheelClient* who, int tag = 0, uint32_t arg = 0) {
    if (c - next_ >= kSlots) return later(c, who, tag, arg);  // c < next_ too: wraps, throws
    Slot& s = slots_[c & (kSlots - 1)];
    if (s.n == s.cap) grow(s);
    s.e[s.n++] = {who, tag, arg};
  }

 private:
  // A slot holds the wake-ups of one edge only (those a lap or more ahead
  // wait in later_), so an entry needs no cycle. 16 bytes: at h = 8 the
  // slots hold hundreds of thousands of entries at once.
  struct Entry {
    WheelClient* who;
    int tag;
    uint32_t arg;
  };
  static_assert(sizeof(Entry) == 16, "a wake-up entry is a pointer and two words");
  struct Later {
    Cycle c;
    uint64_t seq;  // ask order among those of one edge
    Entry e;
    bool operator>(const Later& o) const { return c != o.c ? c > o.c : seq > o.seq; }
  };
  // A growable array whose append stays small enough to inline.
  struct Slot {
    std::unique_ptr<Entry[]> e;
    uint32_t n = 0, cap = 0;
  };
  void run();
  [[gnu::noinline]] static void grow(Slot& s);
  [[gnu::noinline]] void later(Cycle c, WheelClient* who, int tag, uint32_t arg);
  Cycle period_ps_;
  Cycle next_ = 0;  // first falling edge not yet served
  std::vector<Slot> slots_;
  Slot due_;
  // Wake-ups a lap or more ahead, earliest on top: one test per edge.
  std::priority_queue<Later, std::vector<Later>, std::greater<Later>> later_;
  uint64_t later_seq_ = 0;
};

}  // namespace nocsim
