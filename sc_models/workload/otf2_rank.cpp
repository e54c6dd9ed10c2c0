#include "workload/otf2_rank.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "core/error.h"
#include "workload/text_trace.h"  // the input limits

namespace nocsim::otf2 {
namespace {

constexpr uint64_t kPsPerSecond = 1'000'000'000'000;
// The text format's limits (docs/reliability.md), for the same reasons.
constexpr auto kMaxComputePs = static_cast<uint64_t>(kMaxComputeNs * 1000);

// Communicator and window management (create/destroy handle and (de)allocate):
// skipped, blocking or not.
bool is_management(OTF2_CollectiveOp op) {
  return op >= OTF2_COLLECTIVE_OP_CREATE_HANDLE && op <= OTF2_COLLECTIVE_OP_DESTROY_HANDLE_AND_DEALLOCATE;
}

const char* collective_name(OTF2_CollectiveOp op) {
  // OTF2_CollectiveOp's values, in order.
  static const char* const names[] = {
      "barrier",   "bcast",     "gather",         "gatherv",        "scatter",    "scatterv",
      "allgather", "allgatherv", "alltoall",      "alltoallv",      "alltoallw",  "allreduce",
      "reduce",    "reduce_scatter", "scan",      "exscan",         "reduce_scatter_block",
      "create_handle", "destroy_handle", "allocate", "deallocate", "create_handle_and_allocate",
      "destroy_handle_and_deallocate"};
  return op < sizeof names / sizeof names[0] ? names[op] : "of unknown type";
}

// Score-P's total of an all-to-all-like collective, counting the rank's own
// block (n blocks), or not (n - 1) when it ran in place.
uint64_t per_rank(uint64_t total, uint64_t n) {
  if (n < 2 || total % n == 0) return n < 2 ? total : total / n;
  return total % (n - 1) == 0 ? total / (n - 1) : (total + n / 2) / n;
}

// An alltoallv's total spread over the other ranks (OTF2 has no per-peer
// counts); the remainder a byte each to the first ones, so it adds up.
std::vector<uint64_t> spread(uint64_t total, int n, int self) {
  std::vector<uint64_t> counts(static_cast<size_t>(n), 0);
  if (n < 2) return counts;
  const uint64_t base = total / static_cast<uint64_t>(n - 1);
  uint64_t extra = total % static_cast<uint64_t>(n - 1);
  for (int r = 0; r < n; ++r)
    if (r != self) {
      counts[static_cast<size_t>(r)] = base + (extra ? 1 : 0);
      extra -= extra ? 1 : 0;
    }
  return counts;
}

}  // namespace

uint64_t RankReader::to_ps(OTF2_TimeStamp t) const {
  if (t <= cx_.offset) return 0;
  __extension__ typedef unsigned __int128 U128;  // ticks * 10^12 needs up to 104 bits
  const U128 ps = (static_cast<U128>(t - cx_.offset) * kPsPerSecond + cx_.resolution / 2) / cx_.resolution;
  if (ps > std::numeric_limits<uint64_t>::max())
    throw ConfigError(here() + "timestamp " + num(t) + " is more than 2^64 ps after the trace's start");
  return static_cast<uint64_t>(ps);
}

// The gap since the last operation is compute, counted when the next starts.
void RankReader::begin_op() {
  if (depth_++ == 0) compute(now_);
}

void RankReader::compute(uint64_t until) {
  if (until <= idle_since_) return;
  if (until - idle_since_ > kMaxComputePs)
    throw ConfigError(here() + num((until - idle_since_) / 1000) + " ns between MPI calls: more than 10^12 ns in one "
                      "compute event (an input limit)");
  push(make_event(EventKind::Compute, until - idle_since_));
}

uint64_t RankReader::bytes(uint64_t b) const {
  if (b > kMaxMessageBytes) throw ConfigError(here() + num(b) + " bytes: more than 2^40 in one message (an input limit)");
  return b;
}

// Leaving an MPI call: the requests whose completion it recorded are a
// wait for those (counts: their events until move_to numbers them). A wait
// call that recorded none waits for every open request, unless the rank's
// records show completions elsewhere (move_to): then it completed nothing.
void RankReader::wait_here(bool wait_region) {
  const bool nbc = std::exchange(nbc_done_, false);  // completed a collective: not a wait for every request
  if (completed_.empty()) {
    if (!wait_region || nbc) return;
    push(make_event(EventKind::Wait));
    blanket_.push_back(events_.size() - 1);
    return;
  }
  Event e = make_event(EventKind::Wait);
  e.counts.assign(completed_.begin(), completed_.end());
  completed_.clear();
  push(std::move(e));
}

void RankReader::end_op() {
  if (depth_ > 0 && --depth_ == 0) idle_since_ = std::max(idle_since_, now_);
}

// A record outside any MPI region is an operation of its own.
void RankReader::record(Event e, bool keep) {
  const bool alone = depth_ == 0;
  if (alone) begin_op();
  push(std::move(e), keep);
  if (alone) end_op();
}

void RankReader::push(Event e, bool keep) {
  if (++cx_.events > kMaxTraceEvents)
    throw ConfigError(here() + "more than " + num(kMaxTraceEvents) + " events (an input limit)");
  events_.push_back(std::move(e));
  positions_.push_back(position_);
  keep_.push_back(keep);
}

const CommRanks& RankReader::comm(OTF2_CommRef ref) const {
  const auto it = cx_.comms.find(ref);
  if (it == cx_.comms.end())
    throw ConfigError(here() + "communicator " + num(ref) +
                      " is not an MPI communicator of the global definitions (inter-communicators are not supported)");
  return it->second;
}

int32_t RankReader::world(const CommRanks& c, uint32_t r) const {
  if (c.self) {
    if (r == 0) return rank_;
  } else if (c.global) {
    if (r < static_cast<uint32_t>(cx_.ranks)) return static_cast<int32_t>(r);
  } else if (r < c.world.size()) {
    return c.world[r];
  }
  throw ConfigError(here() + "rank " + num(r) + " is not in communicator '" + c.name + "' (" + num(c.size()) +
                    " ranks)");
}

Event RankReader::p2p(EventKind k, uint32_t peer, OTF2_CommRef c, uint32_t tag, uint64_t bytes) const {
  if (tag >= static_cast<uint32_t>(kCollectiveTag))
    throw ConfigError(here() + event_name(k) + ": tag " + num(tag) + " is outside nocsim's 0.." +
                      num(kCollectiveTag - 1) + " (the tags above are its collectives')");
  Event e = make_event(k, this->bytes(bytes));
  const CommRanks& on = comm(c);
  e.peer = world(on, peer);
  e.tag = static_cast<int32_t>(tag);
  e.comm = on.context;
  return e;
}

void RankReader::irecv_done(uint32_t sender, OTF2_CommRef c, uint32_t tag, uint64_t bytes, uint64_t request) {
  Event e = p2p(EventKind::Irecv, sender, c, tag, bytes);
  const bool keep = e.peer != rank_;
  const auto it = open_.find(request);
  records_completions_ = true;
  if (it == open_.end()) {  // no request record: the irecv stands here
    record(std::move(e), keep);
    if (calls_ > 0) completed_.push_back(events_.size() - 1);
    return;
  }
  if (calls_ > 0) completed_.push_back(it->second);
  Event& posted = events_[it->second];
  posted.peer = e.peer;
  posted.tag = e.tag;
  posted.comm = e.comm;
  posted.amount = e.amount;
  keep_[it->second] = keep;
  open_.erase(it);
}

EventKind RankReader::collective_kind(OTF2_CollectiveOp op) const {
  switch (op) {
    case OTF2_COLLECTIVE_OP_BARRIER: return EventKind::Barrier;
    case OTF2_COLLECTIVE_OP_BCAST: return EventKind::Bcast;
    case OTF2_COLLECTIVE_OP_REDUCE: return EventKind::Reduce;
    case OTF2_COLLECTIVE_OP_ALLREDUCE: return EventKind::Allreduce;
    case OTF2_COLLECTIVE_OP_ALLTOALL: return EventKind::Alltoall;
    case OTF2_COLLECTIVE_OP_ALLTOALLV:
    case OTF2_COLLECTIVE_OP_ALLTOALLW: return EventKind::Alltoallv;  // OTF2 keeps only the totals of either
    case OTF2_COLLECTIVE_OP_GATHER: return EventKind::Gather;
    case OTF2_COLLECTIVE_OP_SCATTER: return EventKind::Scatter;
    case OTF2_COLLECTIVE_OP_ALLGATHER: return EventKind::Allgather;
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK: return EventKind::ReduceScatter;
    case OTF2_COLLECTIVE_OP_SCAN: return EventKind::Scan;
    case OTF2_COLLECTIVE_OP_EXSCAN: return EventKind::Exscan;
    case OTF2_COLLECTIVE_OP_GATHERV: return EventKind::Gatherv;
    case OTF2_COLLECTIVE_OP_SCATTERV: return EventKind::Scatterv;
    case OTF2_COLLECTIVE_OP_ALLGATHERV: return EventKind::Allgatherv;
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER: return EventKind::ReduceScatterv;
    default:
      throw ConfigError(here() + "unsupported collective " + collective_name(op) + " (OTF2 collective operation " +
                        num(op) + "); nocsim runs barrier, bcast, reduce, allreduce, alltoall, alltoallv, "
                        "alltoallw, gather, gatherv, scatter, scatterv, allgather, allgatherv, reduce_scatter, "
                        "reduce_scatter_block, scan and exscan");
  }
}

// This rank's rank in communicator c (not MPI_COMM_SELF).
int RankReader::rank_in(const CommRanks& c) const {
  const auto it = std::find(c.world.begin(), c.world.end(), rank_);
  if (it == c.world.end())
    throw ConfigError(here() + "rank " + num(rank_) + " records a collective on communicator '" + c.name +
                      "', which it is not a member of");
  return static_cast<int>(it - c.world.begin());
}

Event RankReader::collective(EventKind k, const CommRanks& c, uint32_t root, uint64_t sent, uint64_t received) {
  const auto n = static_cast<uint64_t>(c.size());
  Event e = make_event(k);
  e.comm = c.context;
  if (has_root(k)) e.peer = world(c, root);
  // n > 1 (collective_end); an in-place root moves n - 1 blocks, the
  // others one, in the direction the collective's data goes.
  const bool in_place_root = e.peer == rank_ && (k == EventKind::Scatter ? received : sent) == 0;
  switch (k) {
    case EventKind::Bcast: e.amount = received; break;
    case EventKind::Reduce:
    case EventKind::Gather: e.amount = in_place_root ? received / (n - 1) : sent; break;
    case EventKind::Scatter: e.amount = in_place_root ? sent / (n - 1) : received; break;
    case EventKind::Allreduce:
    case EventKind::Alltoall:
    case EventKind::Allgather:
    case EventKind::ReduceScatter: e.amount = per_rank(sent, n); break;
    case EventKind::Alltoallv: e.counts = spread(sent, static_cast<int>(n), rank_in(c)); break;
    case EventKind::Scan:
    case EventKind::Exscan: e.amount = scan_block(k, c, sent, received); break;
    // The v-variants' own block: what a rank other than the root sends
    // (gatherv) or receives (scatterv), and the root's the other way (an
    // in-place root's, which never travels, reads 0); allgatherv's sent
    // and reduce_scatter's received n or, in place, n - 1 times.
    case EventKind::Gatherv: e.amount = sent; break;
    case EventKind::Scatterv: e.amount = received; break;
    case EventKind::Allgatherv: e.amount = per_rank(sent, n); break;
    case EventKind::ReduceScatterv: e.amount = per_rank(received, n); break;
    default: break;  // barrier
  }
  bytes(e.amount);
  for (const uint64_t b : e.counts) bytes(b);
  return e;
}

// A scan's block from Score-P's sizes at comm rank m of n: (n - m) blocks
// sent and m + 1 received, or in place (and always for exscan, which
// never counts the own block) n - m - 1 and m. At the middle rank of an
// odd n both readings can fit; the block another rank of the same
// collective gave with one reading settles it (else: not in place).
uint64_t RankReader::scan_block(EventKind k, const CommRanks& c, uint64_t sent, uint64_t received) {
  const auto n = static_cast<uint64_t>(c.size());
  const auto m = static_cast<uint64_t>(rank_in(c));
  const uint64_t whole = received / (m + 1), part = m > 0 ? received / m : sent / (n - 1);
  const bool whole_fits = k == EventKind::Scan && received % (m + 1) == 0 && sent == (n - m) * whole;
  const bool part_fits = m > 0 ? received % m == 0 && sent == (n - m - 1) * part : received == 0 && sent % (n - 1) == 0;
  const auto seen = cx_.scan_blocks.find(scan_key(c));
  if (whole_fits && part_fits && whole != part)
    return seen != cx_.scan_blocks.end() && seen->second == part ? part : whole;
  const uint64_t block = whole_fits ? whole : part;
  cx_.scan_blocks.emplace(scan_key(c), block);  // the first rank's stays
  return block;
}

void RankReader::collective_end(OTF2_CollectiveOp op, OTF2_CommRef c, uint32_t root, uint64_t sent,
                                uint64_t received) {
  if (!is_management(op)) {
    const EventKind k = collective_kind(op);
    const CommRanks& ranks = comm(c);
    if (ranks.size() > 1) {
      record(collective(k, ranks, root, sent, received));
      ++collectives_[ranks.context];
    }
  }
  if (open_collectives_ > 0) {
    --open_collectives_;
    end_op();
  }
}

// workload.nonblocking_collectives=blocking or overlap: the collective
// fills the place its request took (the file's opening comment).
void RankReader::nonblocking_done(OTF2_CollectiveOp op, OTF2_CommRef c, uint32_t root, uint64_t sent,
                                  uint64_t received, uint64_t request) {
  const bool management = is_management(op);
  if (cx_.nbc == NonblockingCollectives::Refuse && !management)
    throw ConfigError(here() + "non-blocking collective " + collective_name(op) +
                      ": not supported with workload.nonblocking_collectives=refuse (blocking: run it as the "
                      "blocking collective where it was called)");
  nbc_done_ = calls_ > 0;  // says nothing of whether isend and irecv completions are recorded
  const auto it = nbc_open_.find(request);
  const bool posted = it != nbc_open_.end();
  const size_t at = posted ? it->second.event : 0;
  if (posted) nbc_open_.erase(it);
  if (management) return;
  const EventKind k = collective_kind(op);
  if (k == EventKind::Scan || k == EventKind::Exscan)
    throw ConfigError(here() + "non-blocking collective " + collective_name(op) +
                      ": not supported (a scan's block needs its place among the communicator's scans)");
  const CommRanks& ranks = comm(c);
  if (ranks.size() <= 1) return;
  Event e = collective(k, ranks, root, sent, received);
  const bool overlap = cx_.nbc == NonblockingCollectives::Overlap;
  e.nonblocking = overlap;
  size_t idx = at;
  if (posted) {
    events_[at] = std::move(e);
    keep_[at] = true;
  } else {  // no request record: it starts here, non-blocking if overlapped (the file's opening comment)
    record(std::move(e));
    idx = events_.size() - 1;
  }
  if (!overlap) return;
  records_completions_ = true;
  if (calls_ > 0) return completed_.push_back(idx);  // this call waits for it
  Event wait = make_event(EventKind::Wait);  // outside any call: waited for where it completed
  wait.counts = {idx};
  record(std::move(wait));
}

// The compute after the last MPI operation, to the rank's last record.
void RankReader::finish() {
  now_ = last_;
  if (depth_ == 0) compute(last_);
  // A non-blocking collective whose completion is not in the trace (its
  // request freed, or the trace ends first): which collective, on which
  // communicator, is unknown, and leaving it out would shift every later
  // collective of its communicator on this rank.
  if (nbc_open_.empty()) return;
  uint64_t first = ~uint64_t{0}, id = 0;
  for (const auto& [req, open] : nbc_open_)
    if (open.position < first) first = open.position, id = req;
  throw ConfigError(where(first) + "non-blocking collective request " + num(id) +
                    " never completes in the trace (its request freed, or the trace ends first): its operation "
                    "and communicator are unknown");
}

// A wait's events become the numbers of their requests among the isends,
// irecvs and non-blocking collectives kept (Event::counts); a wait left
// with none is dropped, as is a wait for every request where the rank
// records completions.
void RankReader::move_to(Program& p) {
  constexpr uint64_t kNoRequest = ~uint64_t{0};
  if (records_completions_)
    for (const size_t i : blanket_) keep_[i] = false;
  std::vector<uint64_t> request(events_.size(), kNoRequest);
  uint64_t started = 0;
  for (size_t i = 0; i < events_.size(); ++i)
    if (keep_[i] && is_nonblocking(events_[i])) request[i] = started++;
  for (size_t i = 0; i < events_.size(); ++i) {
    if (!keep_[i]) continue;
    if (events_[i].kind == EventKind::Wait && !events_[i].counts.empty()) {
      std::vector<uint64_t> list;
      for (const uint64_t ev : events_[i].counts)
        if (request[static_cast<size_t>(ev)] != kNoRequest) list.push_back(request[static_cast<size_t>(ev)]);
      if (list.empty()) continue;
      std::sort(list.begin(), list.end());
      events_[i].counts = std::move(list);
    }
    try {
      p.add(rank_, std::move(events_[i]));
    } catch (const ConfigError& e) {
      throw ConfigError(where(positions_[i]) + e.what());
    }
  }
  events_.clear();
}

}  // namespace nocsim::otf2
