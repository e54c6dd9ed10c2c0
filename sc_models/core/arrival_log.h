#pragma once
// Link sends to routers, by arrival cycle: a key (router, lane, port) per
// send, appended as the send happens and taken by the routers' clock at the
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

  // A send at cycle `now` arriving at `arrival` (after now); key: what the
  // receiver chose (Router::log_arrivals).
  void add(Cycle arrival, Cycle now, uint32_t key) {
    if (!near(arrival, now)) return add_far(arrival, key);
    Slot& s = slots_[arrival & (kSlots - 1)];
    Chunk* t = s.tail;
    if (!t || t->n == kKeys) t = extend(s);
    t->keys[t->n++] = key;
  }
  // Every key of arrival cycle a, once (the near ones in send order); the
  // caller takes every cycle in turn.
  template <class F>
  void take(Cycle a, F each) {
    for (auto f = far_.begin(); f != far_.end() && f->first <= a; f = far_.erase(f)) each(f->second);
    Slot& s = slots_[a & (kSlots - 1)];
    for (Chunk* c = s.head; c;) {
      for (uint32_t i = 0; i < c->n; ++i) each(c->keys[i]);
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
  // Chunks made so far (each kBytes): the log's memory.
  size_t chunks() const { return owned_.size(); }

  static constexpr size_t kBytes = 4096;

 private:
  // Keys in fixed chunks, reused: the log holds about what is in flight
  // (a vector per slot would keep, in each, the most any cycle ever held).
  static constexpr uint32_t kKeys = (kBytes - 16) / sizeof(uint32_t);
  struct Chunk {
    Chunk* next = nullptr;
    uint32_t n = 0;
    uint32_t keys[kKeys];
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
  [[gnu::noinline, gnu::cold]] void add_far(Cycle arrival, uint32_t key) { far_.emplace(arrival, key); }
  std::array<Slot, kSlots> slots_{};
  Chunk* free_ = nullptr;
  std::vector<std::unique_ptr<Chunk>> owned_;
  std::multimap<Cycle, uint32_t> far_;  // arrival -> key, beyond the slots' lap
};

}  // namespace nocsim
