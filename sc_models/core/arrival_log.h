#pragma once
// Link sends to routers, by arrival cycle: a key (router, lane, port) per
// send, with a 32-bit payload (a credit's code; a flit stays on its link),
// appended as the send happens and taken by the routers' clock at the
// start of the arrival cycle (docs/architecture.md, "The arrival log").
// Appending writes the end of a list that the sends of that arrival cycle
// extend, a line in cache; telling the receiving router at once wrote its
// own state (its pending arrivals and a wake-up), lines that are cold on a
// large network, for every send.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "core/flit.h"

namespace nocsim {

class ArrivalLog {
 public:
  // Sends arriving within this many cycles go to a slot per cycle; later
  // ones (a long link or delay annotation, rare) to a sorted list.
  static constexpr Cycle kSlots = 256;  // a power of two
  static bool near(Cycle arrival, Cycle now) { return arrival - now < kSlots; }

  ArrivalLog() = default;
  ArrivalLog(const ArrivalLog&) = delete;
  ArrivalLog& operator=(const ArrivalLog&) = delete;

  // One send: the receiver's key (Router::log_arrivals) and what it carries.
  struct Item {
    uint32_t key;
    uint32_t payload;
  };
  // A send at cycle `now` arriving at `arrival` (after now).
  void add(Cycle arrival, Cycle now, uint32_t key, uint32_t payload = 0) {
    if (!near(arrival, now)) return add_far(arrival, {key, payload});
    Slot& s = slots_[arrival & (kSlots - 1)];
    Chunk* t = s.tail;
    if (!t || t->n == kItems) t = extend(s);
    t->items[t->n++] = {key, payload};
  }
  // Every item of arrival cycle a, once (the near ones in send order); the
  // caller takes every cycle in turn.
  template <class F>
  void take(Cycle a, F each) {
    for (auto f = far_.begin(); f != far_.end() && f->first <= a; f = far_.erase(f)) each(f->second);
    Slot& s = slots_[a & (kSlots - 1)];
    for (Chunk* c = s.head; c;) {
      for (uint32_t i = 0; i < c->n; ++i) each(c->items[i]);
      Chunk* next = c->next;
      c->n = 0;
      c->next = free_;
      free_ = c;
      c = next;
    }
    s.head = s.tail = nullptr;
  }
  bool empty(Cycle a) const {
    return slots_[a & (kSlots - 1)].head == nullptr && (far_.empty() || far_.begin()->first > a);
  }
  // Whether an item not yet taken satisfies `pred` (the deadlock
  // detector's look at what is in flight; not on the hot path).
  template <class P>
  bool any(P pred) const {
    for (const auto& f : far_)
      if (pred(f.second)) return true;
    for (const Slot& s : slots_)
      for (const Chunk* c = s.head; c; c = c->next)
        for (uint32_t i = 0; i < c->n; ++i)
          if (pred(c->items[i])) return true;
    return false;
  }
  // Chunks made so far (each kBytes): the log's memory.
  size_t chunks() const { return owned_.size(); }

  static constexpr size_t kBytes = 4096;

 private:
  // Items in fixed chunks, reused: the log holds about what is in flight
  // (a vector per slot would keep, in each, the most any cycle ever held).
  static constexpr uint32_t kItems = (kBytes - 16) / sizeof(Item);
  struct Chunk {
    Chunk* next = nullptr;
    uint32_t n = 0;
    Item items[kItems];
  };
  static_assert(sizeof(Chunk) == kBytes, "a chunk fills its kBytes");
  struct Slot {
    Chunk* head = nullptr;
    Chunk* tail = nullptr;
  };
  [[gnu::noinline]] Chunk* extend(Slot& s) {
    Chunk* c = free_;
    if (c) {
      free_ = c->next;
      c->next = nullptr;
    } else {
      owned_.push_back(std::make_unique<Chunk>());
      c = owned_.back().get();
    }
    (s.tail ? s.tail->next : s.head) = c;
    s.tail = c;
    return c;
  }
  [[gnu::noinline, gnu::cold]] void add_far(Cycle arrival, Item item) { far_.emplace(arrival, item); }
  std::array<Slot, kSlots> slots_{};
  Chunk* free_ = nullptr;
  std::vector<std::unique_ptr<Chunk>> owned_;
  std::multimap<Cycle, Item> far_;  // arrival -> item, beyond the slots' lap
};

}  // namespace nocsim
