#pragma once
// Link sends to routers, by arrival cycle: an item per send, the
// receiver's key (router, lane, port) and what the send carries (a
// credit's code, a flit), appended as the send happens and taken by the
// routers' clock at the start of the arrival cycle (docs/architecture.md,
// "The arrival log").
// Appending writes the end of a list that the sends of that arrival cycle
// extend, a line in cache; telling the receiving router at once wrote its
// own state (its pending arrivals and a wake-up), lines that are cold on a
// large network, for every send.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "core/chunk_pool.h"
#include "core/flit.h"

namespace nocsim {

// A logged credit: the receiver's key and the credit's code.
struct LoggedCredit {
  uint32_t key;
  uint32_t payload;
};
// A logged flit: the receiver's key and the flit.
struct LoggedFlit {
  uint32_t key;
  Flit flit;
};

template <class ItemT>
class ArrivalLog {
 public:
  using Item = ItemT;
  static constexpr size_t kBytes = 1024;  // a power of two (chunks are aligned to it)

 private:
  // Items in fixed chunks, reused: the log holds about what is in flight
  // (a vector per slot would keep, in each, the most any cycle ever held).
  // A slot knows where its next item goes; every chunk but its last is
  // full, and chunks are aligned to their size, so an append reads the
  // slot alone (a chunk's count beside its items was a second, dependent
  // miss: docs/performance.md, "Session 61").
  static constexpr uint32_t kItems = (kBytes - sizeof(void*)) / sizeof(Item);
  struct alignas(kBytes) Chunk {
    Chunk* next = nullptr;
    Item items[kItems];
  };
  static_assert(sizeof(Chunk) == kBytes && sizeof(void*) + (kItems + 1) * sizeof(Item) > kBytes,
                "a chunk fills its kBytes");

 public:
  using Pool = ChunkPool<Chunk>;
  // Sends arriving within kNear cycles go to a slot per cycle; later ones
  // (a long link or delay annotation, rare) to a sorted list. The slots
  // are a lap of kSlots cycles, kMaxBatch more than the near window: a
  // batch of up to kMaxBatch cycles releases its cycles' slots only at its
  // end, and a send made in its last cycle must not land in one of them
  // (docs/architecture.md, "Batches of cycles").
  static constexpr Cycle kNear = 256;
  static constexpr Cycle kMaxBatch = 256;
  static constexpr Cycle kSlots = kNear + kMaxBatch;  // a power of two
  static_assert((kSlots & (kSlots - 1)) == 0, "slots are indexed by the arrival's low bits");
  static bool near(Cycle arrival, Cycle now) { return arrival - now < kNear; }

  ArrivalLog() : own_(std::make_unique<Pool>()), pool_(own_.get()) {}
  // Chunks from a pool the logs of every thread share (ArrivalLogs).
  explicit ArrivalLog(Pool& shared) : pool_(&shared) {}
  ArrivalLog(const ArrivalLog&) = delete;
  ArrivalLog& operator=(const ArrivalLog&) = delete;

  // A send at cycle `now` arriving at `arrival` (after now); the item's
  // key is the receiver's (Router::log_arrivals).
  void add(Cycle arrival, Cycle now, const Item& item) {
    if (!near(arrival, now)) return add_far(arrival, item);
    Slot& s = slots_[arrival & (kSlots - 1)];
    Item* e = s.end;
    if (!e || full(e)) e = extend(s);
    *e = item;
    s.end = e + 1;
  }
  // Every item of arrival cycle a, once (the near ones in send order); the
  // caller takes every cycle in turn.
  // One pass over the chunks, not visit() then release(): the small
  // networks' takes run every cycle (two passes: +0.2% of the mesh's
  // instructions, docs/performance.md, "Session 59").
  // The chunks go back to the pool's list `list`.
  template <class F>
  void take(Cycle a, F each, int list = 0) {
    for (auto f = far_.begin(); f != far_.end() && f->first <= a; f = far_.erase(f)) each(f->second);
    Slot& s = slots_[a & (kSlots - 1)];
    for (Chunk* c = s.head; c;) {
      for (const Item *i = c->items, *e = end_of(s, c); i != e; ++i) each(*i);
      c = free_chunk(c, list);
    }
    s = Slot{};
  }
  // take() in two steps: visit_batch reads the items of arrival cycles
  // [a, a + n), any number of times; release then drops a cycle's
  // (docs/architecture.md, "Parallel cycles"). visit_near reads only the
  // items sent within a lap of slots, which is safe while another thread
  // appends (to later cycles' slots or to the far list); cycles with far
  // items due are visited whole, by one thread.
  template <class F>
  void visit_near(Cycle a, F each) const {
    const Slot& s = slots_[a & (kSlots - 1)];
    for (const Chunk* c = s.head; c; c = c->next)
      for (const Item *i = c->items, *e = end_of(s, c); i != e; ++i) each(*i);
  }
  // The items of arrival cycles [a, a + n), each once, with its cycle
  // (sim.batch, n <= kMaxBatch): each(cycle, item), the far ones first;
  // near_only: none is due (the far list left unread, as visit_near).
  template <class F>
  void visit_batch(Cycle a, Cycle n, F each, bool near_only) const {
    // From a: a clustered batch visits its cycles in runs, releasing them
    // at its end.
    if (!near_only)
      for (auto f = far_.lower_bound(a); f != far_.end() && f->first < a + n; ++f) each(f->first, f->second);
    for (Cycle c = a; c < a + n; ++c) visit_near(c, [&](const Item& i) { each(c, i); });
  }
  void release(Cycle a, int list = 0) {
    while (far_due(a)) far_.erase(far_.begin());
    release_near(a, list);
  }
  // The slot alone: safe while another thread appends to other slots or
  // the far list.
  void release_near(Cycle a, int list) {
    Slot& s = slots_[a & (kSlots - 1)];
    for (Chunk* c = s.head; c;) c = free_chunk(c, list);
    s = Slot{};
  }
  bool empty(Cycle a) const { return slots_[a & (kSlots - 1)].head == nullptr && !far_due(a); }
  // A far item (beyond the slots' lap when sent) arrives by cycle a.
  bool far_due(Cycle a) const { return !far_.empty() && far_.begin()->first <= a; }
  // Whether an item not yet taken satisfies `pred` (the deadlock
  // detector's look at what is in flight; not on the hot path).
  template <class P>
  bool any(P pred) const {
    for (const auto& f : far_)
      if (pred(f.second)) return true;
    for (const Slot& s : slots_)
      for (const Chunk* c = s.head; c; c = c->next)
        for (const Item *i = c->items, *e = end_of(s, c); i != e; ++i)
          if (pred(*i)) return true;
    return false;
  }
  // Chunks its pool made so far (each kBytes): the memory of the logs
  // sharing it.
  size_t chunks() const { return pool_->chunks(); }

 private:
  struct Slot {
    Chunk* head = nullptr;
    Item* end = nullptr;  // past the last item (in the last chunk)
  };
  static Chunk* chunk_of(const Item* past_last) {
    return reinterpret_cast<Chunk*>((reinterpret_cast<uintptr_t>(past_last) - 1) & ~uintptr_t{kBytes - 1});
  }
  static bool full(const Item* e) { return e == chunk_of(e)->items + kItems; }
  // Past chunk c's last item: the slot's end in its last chunk.
  static const Item* end_of(const Slot& s, const Chunk* c) { return c->next ? c->items + kItems : s.end; }
  // Back to the pool's list `list`; the chunk that followed it.
  Chunk* free_chunk(Chunk* c, int list) {
    Chunk* next = c->next;
    pool_->give(c, list);
    return next;
  }
  [[gnu::noinline]] Item* extend(Slot& s) {
    Chunk* c = pool_->take();
    (s.end ? chunk_of(s.end)->next : s.head) = c;
    return c->items;
  }
  [[gnu::noinline, gnu::cold]] void add_far(Cycle arrival, const Item& item) { far_.emplace(arrival, item); }
  std::array<Slot, kSlots> slots_{};
  std::unique_ptr<Pool> own_;  // a log alone (tests)
  Pool* pool_;
  std::multimap<Cycle, Item> far_;  // arrival -> item, beyond the slots' lap
};

using CreditLog = ArrivalLog<LoggedCredit>;
using FlitLog = ArrivalLog<LoggedFlit>;

// The routers' clock's logs: a credit log and a flit log per thread that
// sends (sim.threads; one on one thread) and per shelf. A send goes to the
// logs of the thread making it, so no two threads append to one log, and
// the clock takes every thread's in thread order (docs/architecture.md,
// "The arrival log"). A shelf holds the sends to one cluster of routers
// (clustered batches, "Batches of cycles"), so that a cluster's batch
// reads its own; one shelf otherwise.
class ArrivalLogs {
 public:
  struct Part {
    Part(CreditLog::Pool& c, FlitLog::Pool& f) : credits(c), flits(f) {}
    CreditLog credits;
    FlitLog flits;
  };
  ArrivalLogs(int threads, int shelves = 1) : credit_pool_(threads), flit_pool_(threads), threads_(threads) {
    for (int k = 0; k < threads * shelves; ++k) parts_.push_back(std::make_unique<Part>(credit_pool_, flit_pool_));
  }
  // The calling thread's part of a shelf: thread k of the clock's team
  // (set_thread(k) in its start), 0 on the kernel's thread.
  Part& here(int shelf) { return *parts_[static_cast<size_t>(shelf * threads_ + LogThread::k)]; }
  static void set_thread(int k) { LogThread::k = k; }
  int shelves() const { return static_cast<int>(parts_.size()) / threads_; }
  bool empty(Cycle a) const {
    for (const auto& p : parts_)
      if (!p->credits.empty(a) || !p->flits.empty(a)) return false;
    return true;
  }
  // Every item of cycle a, once: every part's credits in part order, then
  // their flits (a router's pulls take credits first).
  // On the kernel's thread: each part's chunks back to its appender's list.
  template <class C, class F>
  void take(Cycle a, C each_credit, F each_flit) {
    for (size_t k = 0; k < parts_.size(); ++k) parts_[k]->credits.take(a, each_credit, appender(k));
    for (size_t k = 0; k < parts_.size(); ++k) parts_[k]->flits.take(a, each_flit, appender(k));
  }
  // take() in steps (ArrivalLog::visit_batch, release), over cycles
  // [a, a + n) of shelves [first, last): each thread visits the items of
  // its own routers; the kernel's thread releases them after. near_only:
  // no far item is due (far_due), the far lists left unread.
  template <class C, class F>
  void visit_batch(Cycle a, Cycle n, C each_credit, F each_flit, bool near_only, int first, int last) const {
    const size_t from = static_cast<size_t>(first * threads_), to = static_cast<size_t>(last * threads_);
    for (size_t k = from; k < to; ++k) parts_[k]->credits.visit_batch(a, n, each_credit, near_only);
    for (size_t k = from; k < to; ++k) parts_[k]->flits.visit_batch(a, n, each_flit, near_only);
  }
  // Every part's items of cycle a, on the kernel's thread (no other
  // running): chunks back to each part's appender.
  void release(Cycle a) {
    for (size_t k = 0; k < parts_.size(); ++k) {
      parts_[k]->credits.release(a, appender(k));
      parts_[k]->flits.release(a, appender(k));
    }
  }
  // Shelves [first, last)'s items of cycle a, by the thread running their
  // routers (a cluster's run): chunks to the calling thread's own list.
  // While other threads append, near items only (far ones at the batch's
  // end, when the lists are balanced too).
  void release_here(Cycle a, int first, int last, bool alone) {
    for (size_t k = static_cast<size_t>(first * threads_); k < static_cast<size_t>(last * threads_); ++k) {
      if (alone) {
        parts_[k]->credits.release(a, LogThread::k);
        parts_[k]->flits.release(a, LogThread::k);
      } else {
        parts_[k]->credits.release_near(a, LogThread::k);
        parts_[k]->flits.release_near(a, LogThread::k);
      }
    }
  }
  // Serial: the threads' free chunks evened out (ChunkPool::balance).
  void balance() {
    credit_pool_.balance();
    flit_pool_.balance();
  }
  // Chunks made so far, credits' and flits' (each ArrivalLog::kBytes).
  size_t chunks() const { return credit_pool_.chunks() + flit_pool_.chunks(); }
  // Whether a far item arrives by cycle a (an append to a far list while
  // another thread visits it would race: such a cycle is taken serially).
  bool far_due(Cycle a) const {
    for (const auto& p : parts_)
      if (p->credits.far_due(a) || p->flits.far_due(a)) return true;
    return false;
  }
  // Whether a logged credit (flit) not yet taken satisfies pred.
  template <class P>
  bool any_credit(P pred) const {
    for (const auto& p : parts_)
      if (p->credits.any(pred)) return true;
    return false;
  }
  template <class P>
  bool any_flit(P pred) const {
    for (const auto& p : parts_)
      if (p->flits.any(pred)) return true;
    return false;
  }
 private:
  int appender(size_t part) const { return static_cast<int>(part % static_cast<size_t>(threads_)); }
  CreditLog::Pool credit_pool_;  // before the parts, which use them
  FlitLog::Pool flit_pool_;
  std::vector<std::unique_ptr<Part>> parts_;  // [shelf * threads + thread]
  int threads_;
};

// Items by run (a receiver, or a receiver and cycle: sim.batch): staged
// in log order with their run, then a stable counting sort, after which
// run r's items are one block, in send order (docs/architecture.md, "The
// arrival log").
template <class Item>
class ArrivalBox {
 public:
  void clear() {
    staged_.clear();
    runs_.clear();
  }
  void stage(const Item& i, uint32_t run) {
    staged_.push_back(i);
    runs_.push_back(run);
  }
  bool empty() const { return staged_.empty(); }
  // Runs [first, last), first <= every staged run < last. The runs are
  // sized here, at the first sort: a run's memory, not the build's.
  void sort_runs(size_t first, size_t last) {
    first_ = first;
    // Nothing staged (an idle network's runs): every run empty, no table.
    if ((empty_ = staged_.empty())) return;
    at_.assign(last - first + 1, 0u);
    for (const uint32_t run : runs_) ++at_[run - first];
    uint32_t end = 0;
    for (uint32_t& at : at_) at = end += at;  // the end of each run
    box_.resize(staged_.size());
    // Backwards, each run filled from its end: at_[r] ends at its start.
    for (size_t k = staged_.size(); k-- > 0;) box_[--at_[runs_[k] - first]] = staged_[k];
  }
  // Whether runs [a, b) of the last sort hold no item.
  bool none(size_t a, size_t b) const { return empty_ || at_[a - first_] == at_[b - first_]; }
  // Run r's items of the last sort (first <= r < last).
  std::pair<const Item*, const Item*> of(size_t r) const {
    if (empty_) return {nullptr, nullptr};
    r -= first_;
    return {box_.data() + at_[r], box_.data() + at_[r + 1]};
  }

 private:
  std::vector<Item> staged_, box_;
  std::vector<uint32_t> runs_, at_;
  size_t first_ = 0;
  bool empty_ = true;  // the last sort had no item
};

}  // namespace nocsim
