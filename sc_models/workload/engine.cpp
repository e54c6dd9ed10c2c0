#include "workload/engine.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace nocsim {
namespace {

// The NIC's view of one rank.
class RankPort : public NicApp {
 public:
  RankPort(AppEngine& e, int rank) : e_(e), rank_(rank), node_(e.node_of(rank)) {}
  Cycle next_time() const override { return e_.next_time(rank_); }
  void generate(Cycle now, std::vector<GenPacket>& out) override { e_.step(rank_, now, out); }
  void enqueued(const GenPacket& g, uint64_t pkt) override { e_.enqueued(g, pkt); }
  void sent(uint32_t msg, Cycle tail) override { e_.sent(msg, tail); }
  void delivered(const Flit& tail, Cycle at) override { e_.delivered(node_, tail, at); }

 private:
  AppEngine& e_;
  int rank_, node_;
};

}  // namespace

AppEngine::AppEngine(const Program& prog, std::vector<int> node_of, int nodes, const AppParams& p)
    : prog_(prog), p_(p), ranks_(static_cast<size_t>(prog.ranks())), rank_at_(static_cast<size_t>(nodes), -1),
      arriving_(static_cast<size_t>(nodes)), payload_(static_cast<size_t>(nodes)) {
  for (int r = 0; r < ranks(); ++r) {
    Rank& rk = ranks_[static_cast<size_t>(r)];
    rk.node = node_of[static_cast<size_t>(r)];
    rk.ops = &prog.ops(r);
    rank_at_[static_cast<size_t>(rk.node)] = r;
    if (prog.has_wait_lists(r)) rk.done_at.assign(static_cast<size_t>(prog.requests(r)), kNeverCycle);
  }
  for (int r = 0; r < ranks(); ++r) ports_.push_back(std::make_unique<RankPort>(*this, r));
}

Cycle AppEngine::next_time(int rank) const {
  const Rank& r = ranks_[static_cast<size_t>(rank)];
  if (!r.outbox.empty()) return 0;
  if (r.res.finish != kNeverCycle) return kNeverCycle;
  Cycle t = r.block != kNone ? kNeverCycle : r.ready;
  const Cycle gate = p_.nbc_progress_in_calls ? r.computing_until : 0;
  for (const Side& s : r.sides)
    if (!s.blocked) t = std::min(t, std::max(s.ready, gate));
  return t;
}

// Runs rank's operations while it neither computes nor waits, and its
// non-blocking collectives' beside them, until neither can go on: a
// collective's end may end a wait of the program, which may start another.
void AppEngine::step(int rank, Cycle now, std::vector<GenPacket>& out) {
  Rank& r = ranks_[static_cast<size_t>(rank)];
  if (!r.outbox.empty()) flush(r, out);  // made since its last step
  if (r.res.finish != kNeverCycle) return;
  for (;;) {  // the program's operations first, then its collectives'
    const bool ops = run_ops(r, rank, now, out);
    if (!run_sides(r, rank, now, out) && !ops) break;
  }
  if (r.block != kNone || r.ready > now || r.pc < r.ops->size()) return;
  // The program's end waits for what it started, and for its buffered
  // sends' data to leave (as detaching MPI's buffer waits for it).
  if (wait_all(r, now)) {
    if (r.block == kAll) r.block_op = kAtEnd;
    return;
  }
  if (wait_buffered(r, now)) return;
  // Its time splits exactly (docs/workloads.md, "Per-rank time").
  if (r.res.compute + r.res.overhead + r.res.waiting != now)
    throw InvariantError("workload: rank " + std::to_string(rank) + " ends at " + std::to_string(now) +
                         " but computed, spent in overheads and waited " + std::to_string(r.res.compute) + " + " +
                         std::to_string(r.res.overhead) + " + " + std::to_string(r.res.waiting) + " cycles");
  r.res.finish = now;
  last_finish_ = std::max(last_finish_, now);
  ++finished_;
}

// The program's operations while it neither computes nor waits; true if
// it ran any.
bool AppEngine::run_ops(Rank& r, int rank, Cycle now, std::vector<GenPacket>& out) {
  bool ran = false;
  while (r.block == kNone && r.ready <= now && r.pc < r.ops->size()) {
    ran = true;
    const Op& op = (*r.ops)[r.pc++];
    switch (op.kind) {
      case OpKind::Compute: {
        // In calls only, the collectives take their steps at the MPI calls
        // before it, not during it.
        if (p_.nbc_progress_in_calls && !r.sides.empty()) run_sides(r, rank, now, out);
        const auto c = static_cast<Cycle>(std::llround(static_cast<double>(op.amount) * p_.freq_ghz / 1000.0));
        r.ready = now + c;
        r.busy_until = r.computing_until = r.ready;
        r.res.compute += c;
        break;
      }
      case OpKind::Send:
      case OpKind::Isend: send(r, rank, op, now, out); break;
      case OpKind::Recv:
      case OpKind::Irecv: recv(r, op, static_cast<uint32_t>(r.pc - 1), now); break;
      case OpKind::Wait: wait_all(r, now); break;
      case OpKind::StepWait: wait_all(r, now, true); break;
      case OpKind::WaitSome: wait_some(r, prog_.wait_list(rank, op.amount), now); break;
      case OpKind::Icoll: start_side(r, op, now); break;
    }
    if (!r.outbox.empty()) flush(r, out);  // a receive's CTS or ACK, in program order with the sends after it
  }
  return ran;
}

// A non-blocking collective starts: its request is the program's next,
// its operations' requests the ones after it; the program goes on after
// its operations.
void AppEngine::start_side(Rank& r, const Op& op, Cycle now) {
  Side s;
  s.req = start_request(r, 0);  // not a step of the program's own collectives
  s.next_req = r.next_req;
  r.next_req += static_cast<uint64_t>(op.peer);
  s.end_req = r.next_req;
  s.pc = r.pc;
  s.end = r.pc + op.amount;
  r.pc = s.end;
  s.ready = now;
  r.sides.push_back(s);
  ++free_sides_;
}

// Runs r's non-blocking collectives, in the order started, each while it
// can go on (docs/workloads.md, "Non-blocking collectives"): its sends and
// receives cost the host nothing, and its step waits wait for its own
// requests. One whose operations have all completed completes its request
// and ends. True if any ran an operation or ended.
bool AppEngine::run_sides(Rank& r, int rank, Cycle now, std::vector<GenPacket>& out) {
  if (p_.nbc_progress_in_calls && now < r.computing_until) return false;
  bool ran = false;
  for (size_t i = 0; i < r.sides.size();) {
    Side& s = r.sides[i];
    while (!s.blocked && s.ready <= now && s.pc < s.end) {
      ran = true;
      const auto at = static_cast<uint32_t>(s.pc++);
      const Op& op = (*r.ops)[at];
      if (op.kind == OpKind::Isend) {
        send(r, rank, op, now, out, &s);
      } else if (op.kind == OpKind::Irecv) {
        recv(r, op, at, now, &s);
      } else if (s.outstanding > 0) {  // StepWait (the expansion makes nothing else)
        s.blocked = true;
        s.block_op = at;
        s.blocked_since = now;
        --free_sides_;
      } else {
        s.ready = std::max(s.ready, s.done_by);
      }
      if (!r.outbox.empty()) flush(r, out);
    }
    if (s.blocked || s.ready > now || s.pc < s.end) {
      ++i;
      continue;
    }
    // Every expansion ends in a step wait for its last requests.
    if (s.outstanding > 0)
      throw InvariantError("workload: rank " + std::to_string(rank) + "'s non-blocking collective ends with " +
                           std::to_string(s.outstanding) + " request(s) open");
    const uint64_t req = s.req;
    r.sides.erase(r.sides.begin() + static_cast<std::ptrdiff_t>(i));
    --free_sides_;
    complete(r, req, 0, now);
    ran = true;
  }
  return ran;
}

void AppEngine::flush(Rank& r, std::vector<GenPacket>& out) {
  out.insert(out.end(), r.outbox.begin(), r.outbox.end());
  r.outbox.clear();
}

// Waits for every request started (`step`: every request of the current
// collective): blocked while some is outstanding, or until the last
// completed one's cycle when that lies ahead (a send whose tail has been
// handed to the link but leaves later). False: no wait.
bool AppEngine::wait_all(Rank& r, Cycle now, bool step) {
  if ((step ? r.step_outstanding : r.outstanding) > 0) {
    block(r, step ? kStep : kAll, now);
    return true;
  }
  const Cycle until = step ? r.step_done_by : r.done_by;
  if (until <= now) return false;
  r.res.waiting += until - now;
  r.ready = until;
  return true;
}

// At the program's end: blocked while a buffered send's data has not all
// left, or until the last left when that lies ahead. False: no wait.
bool AppEngine::wait_buffered(Rank& r, Cycle now) {
  if (r.buffered > 0) {
    block(r, kBuffered, now);
    return true;
  }
  if (r.buffered_by <= now) return false;
  r.res.waiting += r.buffered_by - now;
  r.ready = r.buffered_by;
  return true;
}

// Waits for the listed requests: blocked while some is open, or until the
// latest completion among them when that lies ahead.
void AppEngine::wait_some(Rank& r, const std::vector<uint64_t>& list, Cycle now) {
  uint64_t open = 0;
  Cycle until = now;
  for (const uint64_t req : list) {
    const Cycle at = r.done_at[static_cast<size_t>(req)];
    if (at == kNeverCycle)
      ++open;
    else
      until = std::max(until, at);
  }
  if (open > 0) {
    block(r, kSome, now);
    r.some = &list;
    r.some_open = open;
    r.unblock_at = until;
    return;
  }
  r.res.waiting += until - now;
  r.ready = until;
}

void AppEngine::block(Rank& r, int64_t what, Cycle now) {
  r.block = what;
  r.blocked_since = now;
  r.unblock_at = what == kAll        ? std::max(now, r.done_by)
                 : what == kStep     ? std::max(now, r.step_done_by)
                 : what == kBuffered ? std::max(now, r.buffered_by)
                                     : now;
  r.block_op = static_cast<uint32_t>(r.pc - 1);
  ++blocked_;
}

uint64_t AppEngine::start_request(Rank& r, int32_t tag, Side* s) {
  ++r.outstanding;
  if (s) {
    ++s->outstanding;
    return s->next_req++;
  }
  if (tag >= kCollectiveTag) ++r.step_outstanding;
  return r.next_req++;
}

AppEngine::Side* AppEngine::side_of(Rank& r, uint64_t req) {
  for (Side& s : r.sides)
    if (s.owns(req)) return &s;
  return nullptr;
}

// Request `req` (of a message tagged `tag`) of rank r completed at cycle
// `at`; a rank waiting for it goes on from then (a send's completion may lie
// ahead: its tail's cycle). A request the rank does not wait for leaves its
// waiting as it is.
void AppEngine::complete(Rank& r, uint64_t req, int32_t tag, Cycle at) {
  bool step = tag >= kCollectiveTag;
  --r.outstanding;
  r.done_by = std::max(r.done_by, at);
  if (step && !r.sides.empty())
    if (Side* s = side_of(r, req)) {  // a non-blocking collective's step, not the program's
      step = false;
      --s->outstanding;
      s->done_by = std::max(s->done_by, at);
      if (s->blocked && s->outstanding == 0) {
        s->blocked = false;
        s->ready = std::max(s->ready, s->done_by);
        ++free_sides_;
      }
    }
  if (step) {
    --r.step_outstanding;
    r.step_done_by = std::max(r.step_done_by, at);
  }
  if (!r.done_at.empty()) r.done_at[static_cast<size_t>(req)] = at;
  const bool mine = r.block == static_cast<int64_t>(req);
  const bool listed = waits_for(r, req);
  if (!mine && !listed && r.block != kAll && !(r.block == kStep && step)) return;
  r.unblock_at = std::max(r.unblock_at, at);
  if (mine || (listed && --r.some_open == 0) || (r.block == kAll && r.outstanding == 0) ||
      (r.block == kStep && r.step_outstanding == 0))
    unblock(r);
}

// r's wait ends: it goes on from r.unblock_at, or once the overheads of
// messages that arrived meanwhile end, which count as overhead, not waiting.
void AppEngine::unblock(Rank& r) {
  r.block = kNone;
  const Cycle resume = std::max(r.unblock_at, r.busy_until);
  r.ready = std::max(r.ready, resume);
  r.res.waiting += resume - r.blocked_since - r.charged;
  r.charged = 0;
  --blocked_;
}

// A message's receive overhead of `cost` cycles on rank r, its data having
// arrived at `at` (docs/workloads.md, "Host overheads"): the CPU takes it
// once free, after what it computes and the overheads before it; a rank
// that computes, or is about to run, goes on after it. Returns when it
// ends (`at` without one, or once the rank has ended).
Cycle AppEngine::charge(Rank& r, Cycle at, Cycle cost) {
  if (cost == 0 || r.res.finish != kNeverCycle) return at;
  const Cycle start = std::max(at, r.busy_until), end = start + cost;
  const bool timed_wait = r.block == kNone && r.ready > r.busy_until;  // waiting for a completion ahead
  r.busy_until = end;
  r.res.overhead += cost;
  if (r.block != kNone) {
    r.charged += cost;  // unblock() leaves it out of the wait
  } else if (timed_wait) {  // the wait, counted up to `ready`, now holds the overhead
    const Cycle resume = std::max(r.ready, end);
    r.res.waiting = r.res.waiting + (resume - r.ready) - cost;
    r.ready = resume;
  } else {
    r.ready = end;
  }
  return end;
}

uint32_t AppEngine::new_message(const Message& m) {
  if (free_.empty()) {
    msgs_.push_back(m);
    return static_cast<uint32_t>(msgs_.size() - 1);
  }
  const uint32_t i = free_.back();
  free_.pop_back();
  msgs_[i] = m;
  return i;
}

// Called when one of the three becomes true: each holds once, so a message
// is freed once.
void AppEngine::release_if_done(uint32_t idx) {
  const Message& m = msgs_[idx];
  if (m.send_done && m.matched && m.here()) free_.push_back(idx);
}

uint64_t AppEngine::memory() const {
  uint64_t b = ranks_.capacity() * sizeof(Rank) + rank_at_.capacity() * sizeof(int) +
               ports_.capacity() * (sizeof(ports_[0]) + sizeof(RankPort)) +
               (arriving_.capacity() + payload_.capacity()) * sizeof(Arriving);
  for (const Rank& r : ranks_) b += r.done_at.capacity() * sizeof(Cycle) + r.sides.capacity() * sizeof(Side);
  return b;
}

AppEngine::MessageTotals AppEngine::messages() const {
  MessageTotals t = totals_;
  for (const Rank& r : ranks_)
    for (const uint32_t idx : r.unexpected) t.unmatched += msgs_[idx].here() || msgs_[idx].rendezvous;
  return t;
}

std::string AppEngine::describe(const Rank& r, uint32_t op) const {
  const Op& o = (*r.ops)[op];
  const int rank = static_cast<int>(&r - ranks_.data());
  const Event& e = prog_.events(rank)[o.event];
  std::string s = event_name(e);
  if (o.kind == OpKind::Recv || o.kind == OpKind::Irecv) {
    s += std::string(is_collective(e.kind) ? "'s receive" : "") + " from " +
         (o.peer == kAny ? std::string("any rank") : "rank " + std::to_string(o.peer)) + " tag " + tag_name(o.tag) +
         prog_.on_comm(o.comm);
  } else if ((o.kind == OpKind::Send || o.kind == OpKind::Isend) && p_.rendezvous(o.amount)) {
    s += std::string(is_collective(e.kind) ? "'s send" : "") + " to rank " + std::to_string(o.peer) +
         " by rendezvous (its data waits for a receive)";
  } else if (o.mode == SendMode::Synchronous) {
    s += " to rank " + std::to_string(o.peer) + " (synchronous: it completes once a receive takes it)";
  } else if (o.mode == SendMode::Buffered) {
    s += " to rank " + std::to_string(o.peer);
  }
  return s + (e.line ? " (line " + std::to_string(e.line) + ")" : " (event " + std::to_string(o.event + 1) + ")");
}

// Rank k's first buffered send whose data has not all left, as describe()
// names it (a report's rare path: it scans the messages and the program).
std::string AppEngine::describe_buffered(int k) const {
  uint64_t first = UINT64_MAX;
  for (const Message& m : msgs_)  // a freed message's send is done
    if (m.src == k && m.buffered && !m.send_done) first = std::min(first, m.send_req);
  const Rank& r = ranks_[static_cast<size_t>(k)];
  uint64_t req = 0;
  for (uint32_t i = 0; i < r.ops->size(); ++i)
    if (starts_request((*r.ops)[i].kind) && req++ == first) return describe(r, i);
  return "";
}

std::string AppEngine::tag_name(int32_t tag) {
  if (tag == kAny) return "any";
  return tag >= kCollectiveTag ? "of collective " + std::to_string(tag - kCollectiveTag + 1) : std::to_string(tag);
}

// Rank r's open requests, its non-blocking collectives' steps' left out
// (each collective's own counts).
uint64_t AppEngine::program_requests(const Rank& r) {
  uint64_t n = r.outstanding;
  for (const Side& s : r.sides) n -= s.outstanding;
  return n;
}

// "; waits for " and the first four of the posted receives at `ops`.
std::string AppEngine::waits_for_list(const Rank& r, const std::vector<uint32_t>& ops) const {
  std::string out;
  for (size_t i = 0; i < ops.size() && i < 4; ++i) out += (i ? "; " : "; waits for ") + describe(r, ops[i]);
  if (ops.size() > 4) out += "; and " + std::to_string(ops.size() - 4) + " more";
  return out;
}

std::string AppEngine::blocked_report(size_t max_lines) const {
  std::string out;
  size_t lines = 0, more = 0;
  for (int k = 0; k < ranks(); ++k) {
    const Rank& r = ranks_[static_cast<size_t>(k)];
    if (r.block == kNone) continue;
    if (lines == max_lines) {
      ++more;
      continue;
    }
    ++lines;
    out += "  rank " + std::to_string(k) + " (node " + std::to_string(r.node) + ") since cycle " +
           std::to_string(r.blocked_since) +
           (r.block == kBuffered   ? " at its end, for " + std::to_string(r.buffered) +
                                       " buffered send(s) whose data has not left, the first " + describe_buffered(k)
            : r.block_op == kAtEnd ? " at its end, for " + std::to_string(program_requests(r)) + " open request(s)"
                                   : " in " + describe(r, r.block_op));
    if (r.block == kAll || r.block == kStep || r.block == kSome) {
      std::vector<uint32_t> waited;  // the posted receives its wait covers
      for (const Posted& q : r.posted)
        if (((r.block == kAll || (r.block == kStep && q.tag >= kCollectiveTag)) && !in_a_side(r, q.req)) ||
            waits_for(r, q.req))
          waited.push_back(q.op);
      out += waits_for_list(r, waited);
    }
    for (const Side& s : r.sides) {  // its non-blocking collectives, each blocked in a step
      if (!s.blocked) continue;
      std::vector<uint32_t> waited;
      for (const Posted& q : r.posted)
        if (s.owns(q.req)) waited.push_back(q.op);
      out += "; in the background since cycle " + std::to_string(s.blocked_since) + ", " + describe(r, s.block_op) +
             waits_for_list(r, waited);
    }
    if (!r.unexpected.empty()) {
      const Message& m = msgs_[r.unexpected.front()];
      out += "; holds " + std::to_string(r.unexpected.size()) + " unmatched message(s), the first from rank " +
             std::to_string(m.src) + " tag " + tag_name(m.tag) + prog_.on_comm(m.comm);
    }
    out += "\n";
  }
  if (more) out += "  ... and " + std::to_string(more) + " more ranks\n";
  return out;
}

}  // namespace nocsim
