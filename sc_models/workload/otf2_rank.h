#pragma once
// One OTF2 location's records read as one rank's events, by the rules of
// otf2_trace.cpp's opening comment: the event callbacks feed a RankReader
// in record order, and it adds what it kept to the Program.
#include <otf2/otf2.h>

#include <cstdint>
#include <exception>
#include <string>
#include <unordered_map>
#include <vector>

#include "workload/otf2_archive.h"
#include "workload/program.h"

namespace nocsim::otf2 {

inline Event make_event(EventKind k, uint64_t amount = 0) {
  Event e;
  e.kind = k;
  e.amount = amount;
  return e;
}

// One rank's records, in order, as its events.
class RankReader {
 public:
  RankReader(Context& cx, int rank) : cx_(cx), rank_(rank) {}
  OTF2_LocationRef location() const { return cx_.location[static_cast<size_t>(rank_)]; }
  std::exception_ptr error;  // thrown in a callback, rethrown once OTF2 has returned

  void at(uint64_t position, OTF2_TimeStamp t) {
    position_ = position;
    now_ = to_ps(t);
    last_ = std::max(last_, now_);
  }
  void enter(OTF2_RegionRef r) {
    const uint8_t k = kind(r);
    if (!(k & kMpiRegion)) return;
    ++calls_;
    sync_calls_ += (k & kSyncRegion) != 0;
    buffered_calls_ += (k & kBufferedRegion) != 0;
    sendrecv_calls_ += (k & kSendrecvRegion) != 0;
    begin_op();
  }
  void leave(OTF2_RegionRef r) {
    const uint8_t k = kind(r);
    if (!(k & kMpiRegion)) return;
    wait_here(k & kWaitRegion);  // inside the call: no compute before it
    calls_ -= calls_ > 0;
    sync_calls_ -= (k & kSyncRegion) && sync_calls_ > 0;
    buffered_calls_ -= (k & kBufferedRegion) && buffered_calls_ > 0;
    sendrecv_calls_ -= (k & kSendrecvRegion) && sendrecv_calls_ > 0;
    end_op();
  }
  void message(EventKind k, uint32_t peer, OTF2_CommRef c, uint32_t tag, uint64_t bytes, uint64_t request = 0) {
    // MPI_Sendrecv's two halves go at once: an isend and an irecv that the
    // call's end waits for (wait_here).
    const bool both = sendrecv_calls_ > 0 && (k == EventKind::Send || k == EventKind::Recv);
    if (both) k = k == EventKind::Send ? EventKind::Isend : EventKind::Irecv;
    Event e = p2p(k, peer, c, tag, bytes);
    if (k == EventKind::Send || k == EventKind::Isend)  // inside MPI_Ssend or MPI_Issend; MPI_Bsend or MPI_Ibsend
      e.mode = sync_calls_ > 0 ? SendMode::Synchronous : buffered_calls_ > 0 ? SendMode::Buffered : SendMode::Standard;
    const bool keep = e.peer != rank_;
    record(std::move(e), keep);
    if (both)
      completed_.push_back(events_.size() - 1);
    else if (k == EventKind::Isend)
      isends_[request] = events_.size() - 1;
  }
  void isend_done(uint64_t request) {
    records_completions_ = true;
    const auto it = isends_.find(request);
    if (it == isends_.end()) return;
    if (calls_ > 0) completed_.push_back(it->second);
    isends_.erase(it);
  }
  void irecv_posted(uint64_t request) {
    record(make_event(EventKind::Irecv), false);  // kept once its completion names the sender
    open_[request] = events_.size() - 1;
  }
  void irecv_done(uint32_t sender, OTF2_CommRef c, uint32_t tag, uint64_t bytes, uint64_t request);
  void cancelled(uint64_t request) {
    open_.erase(request);
    isends_.erase(request);
  }
  void collective_begin() {
    begin_op();
    ++open_collectives_;
  }
  void collective_end(OTF2_CollectiveOp op, OTF2_CommRef c, uint32_t root, uint64_t sent, uint64_t received);
  void nonblocking_request(uint64_t request) {
    size_t at = kNoEvent;  // refused at its completion, which names it
    if (cx_.nbc != NonblockingCollectives::Refuse) {
      record(make_event(EventKind::Barrier), false);  // kept once its completion names the collective
      at = events_.size() - 1;
    }
    nbc_open_[request] = {at, position_};
  }
  void nonblocking_done(OTF2_CollectiveOp op, OTF2_CommRef c, uint32_t root, uint64_t sent, uint64_t received,
                        uint64_t request);
  void finish();
  void move_to(Program& p);  // the events kept, added to rank's program

 private:
  uint64_t to_ps(OTF2_TimeStamp t) const;
  uint8_t kind(OTF2_RegionRef r) const {
    const auto it = cx_.region.find(r);
    return it == cx_.region.end() ? 0 : it->second;
  }
  void begin_op();
  void end_op();
  void compute(uint64_t until);  // the gap from the last operation's end to `until`, if any
  void wait_here(bool wait_region);
  uint64_t bytes(uint64_t b) const;  // b, checked against kMaxMessageBytes
  void record(Event e, bool keep = true);
  void push(Event e, bool keep = true);
  const CommRanks& comm(OTF2_CommRef ref) const;
  int32_t world(const CommRanks& c, uint32_t r) const;
  Event p2p(EventKind k, uint32_t peer, OTF2_CommRef c, uint32_t tag, uint64_t bytes) const;
  EventKind collective_kind(OTF2_CollectiveOp op) const;
  Event collective(EventKind k, const CommRanks& c, uint32_t root, uint64_t sent, uint64_t received);
  uint64_t scan_block(EventKind k, const CommRanks& c, uint64_t sent, uint64_t received);
  std::string where(uint64_t position) const {
    return "location " + num(location()) + " (rank " + num(static_cast<uint64_t>(rank_)) + "), event " +
           num(position) + ": ";
  }
  std::string here() const { return where(position_); }

  Context& cx_;
  int rank_;
  uint64_t position_ = 0;    // of the current record in the location's events
  uint64_t now_ = 0;         // ps since the trace's start, of the current record
  uint64_t last_ = 0;        // ps, the latest record so far
  uint64_t idle_since_ = 0;  // ps, the end of the last MPI operation (or the start)
  int depth_ = 0;            // MPI operations open: regions and collectives
  int open_collectives_ = 0;
  // Recorded so far, by communicator context: Context::scan_blocks' keys.
  std::unordered_map<uint16_t, uint32_t> collectives_;
  uint64_t scan_key(const CommRanks& c) { return uint64_t{c.context} << 32 | collectives_[c.context]; }
  int rank_in(const CommRanks& c) const;
  std::vector<Event> events_;
  std::vector<uint64_t> positions_;  // of each event's record, for errors
  std::vector<bool> keep_;           // false: an irecv never completed, or a message to itself
  std::unordered_map<uint64_t, size_t> open_;  // irecv request id -> its event
  std::unordered_map<uint64_t, size_t> isends_;  // isend request id -> its event, until it completes
  // Non-blocking collective request id -> its event (kNoEvent refusing
  // them) and its record, until its completion.
  static constexpr size_t kNoEvent = ~size_t{0};
  struct OpenCollective {
    size_t event;
    uint64_t position;
  };
  std::unordered_map<uint64_t, OpenCollective> nbc_open_;
  bool nbc_done_ = false;  // the current MPI call completed a non-blocking collective
  std::vector<size_t> completed_;  // events whose requests completed in the current MPI call
  int calls_ = 0;                  // MPI regions open
  int sync_calls_ = 0;             // of them, MPI_Ssend and MPI_Issend
  int buffered_calls_ = 0;         // and MPI_Bsend and MPI_Ibsend
  int sendrecv_calls_ = 0;         // and MPI_Sendrecv and MPI_Sendrecv_replace
  // The writer records completions (isend or irecv; with =overlap, or a
  // non-blocking collective).
  bool records_completions_ = false;
  std::vector<size_t> blanket_;    // waits for every open request (a wait call that completed none)
};

}  // namespace nocsim::otf2
