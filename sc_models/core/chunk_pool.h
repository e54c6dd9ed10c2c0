#pragma once
// Free chunks of the arrival logs (core/arrival_log.h), a list per thread
// (docs/architecture.md, "Clustered batches").
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace nocsim {

// The thread appending or releasing: thread k of the routers' clock's
// team (0: the kernel's thread; ArrivalLogs::set_thread).
struct LogThread {
  static inline thread_local int k = 0;
};

// A log's free chunks, a list per thread; owns every chunk. A thread
// appends into chunks from its own list. A release on the kernel's thread
// (no other running) gives a part's chunks back to its appender's list; a
// cluster's run on a thread gives them to that thread's own list, without
// a lock, and balance() evens the lists out at the batch's end, so that a
// thread that sends more than it receives gets chunks back rather than
// making new ones (docs/architecture.md, "Clustered batches").
template <class Chunk>
class ChunkPool {
 public:
  explicit ChunkPool(int threads = 1) : lists_(static_cast<size_t>(threads)) {}
  Chunk* take() {
    List& l = lists_[static_cast<size_t>(LogThread::k)];
    Chunk* c = l.head;
    if (!c) return make(l);
    l.head = c->next;
    --l.count;
    c->next = nullptr;
    return c;
  }
  void give(Chunk* c, int list) {
    List& l = lists_[static_cast<size_t>(list)];
    c->next = l.head;
    l.head = c;
    ++l.count;
  }
  // Serial: moves free chunks from the lists above an even share to those
  // below it, once they differ by more than kSlack chunks.
  void balance() {
    size_t total = 0, most = 0, least = SIZE_MAX;
    for (const List& l : lists_) {
      total += l.count;
      most = std::max(most, l.count);
      least = std::min(least, l.count);
    }
    if (most - least <= kSlack) return;
    const size_t even = total / lists_.size();
    List spare;
    for (List& l : lists_)
      while (l.count > even) move(l, spare);
    for (List& l : lists_)
      while (l.count < even && spare.head) move(spare, l);
    while (spare.head) move(spare, lists_[0]);
  }
  size_t chunks() const {
    size_t n = 0;
    for (const List& l : lists_) n += l.owned.size();
    return n;
  }
  size_t free_in(int list) const { return lists_[static_cast<size_t>(list)].count; }
  static constexpr size_t kSlack = 64;

 private:
  struct alignas(64) List {  // a line per thread
    Chunk* head = nullptr;
    size_t count = 0;
    std::vector<std::unique_ptr<Chunk>> owned;  // made on this list's thread
  };
  static void move(List& from, List& to) {
    Chunk* c = from.head;
    from.head = c->next;
    --from.count;
    c->next = to.head;
    to.head = c;
    ++to.count;
  }
  [[gnu::noinline]] static Chunk* make(List& l) {
    l.owned.push_back(std::make_unique<Chunk>());
    return l.owned.back().get();
  }
  std::vector<List> lists_;
};

}  // namespace nocsim
