#include "workload/program.h"

#include <algorithm>

#include "core/error.h"

namespace nocsim {

const char* event_name(EventKind k) {
  static const char* const names[] = {"compute",   "send",      "isend",   "recv",      "irecv",
                                      "wait",      "barrier",   "bcast",   "reduce",    "allreduce",
                                      "alltoall",  "alltoallv", "gather",  "scatter",   "allgather",
                                      "reduce_scatter", "scan", "exscan"};
  return names[static_cast<int>(k)];
}

const char* event_name(const Event& e) {
  static const char* const send[] = {"send", "ssend", "bsend"}, *const isend[] = {"isend", "issend", "ibsend"};
  if (e.kind == EventKind::Send) return send[static_cast<int>(e.mode)];
  if (e.kind == EventKind::Isend) return isend[static_cast<int>(e.mode)];
  return event_name(e.kind);
}

bool is_collective(EventKind k) { return k >= EventKind::Barrier; }

bool has_root(EventKind k) {
  return k == EventKind::Bcast || k == EventKind::Reduce || k == EventKind::Gather || k == EventKind::Scatter;
}

bool has_size(EventKind k) { return is_collective(k) && k != EventKind::Barrier && k != EventKind::Alltoallv; }

bool is_nonblocking(EventKind k) { return k == EventKind::Isend || k == EventKind::Irecv; }

std::string where(const Event& e) { return e.line ? "line " + std::to_string(e.line) + ": " : std::string(); }

Program::Program(int ranks, uint64_t max_entries)
    : events_(static_cast<size_t>(ranks)),
      ops_(static_cast<size_t>(ranks)),
      wait_lists_(static_cast<size_t>(ranks)),
      nonblocking_(static_cast<size_t>(ranks)),
      requests_(static_cast<size_t>(ranks)),
      max_entries_(max_entries) {}

namespace {

// An error's start: "line N: send: ". Built only for an error: a trace
// adds millions of events.
std::string at(const Event& e) { return where(e) + event_name(e) + ": "; }

// A wait's list: requests the rank has started (`started` isends and
// irecvs so far), each once.
void check_wait_list(const Event& e, int rank, uint64_t started) {
  std::vector<uint64_t> seen = e.counts;
  std::sort(seen.begin(), seen.end());
  for (size_t i = 0; i < seen.size(); ++i) {
    if (seen[i] >= started)
      throw ConfigError(at(e) + "request " + std::to_string(seen[i]) + " of rank " + std::to_string(rank) +
                        ": it has started " + std::to_string(started) +
                        " (isend, issend, ibsend and irecv, numbered from 0)");
    if (i > 0 && seen[i] == seen[i - 1]) throw ConfigError(at(e) + "request " + std::to_string(seen[i]) + " named twice");
  }
}

}  // namespace

void Program::add(int rank, Event e) {
  const int n = ranks();
  if (rank < 0 || rank >= n)
    throw ConfigError(where(e) + "rank " + std::to_string(rank) + " is not one of the " + std::to_string(n) + " ranks");
  const bool p2p = e.kind >= EventKind::Send && e.kind <= EventKind::Irecv;
  const bool recv = e.kind == EventKind::Recv || e.kind == EventKind::Irecv;
  if (p2p || has_root(e.kind)) {
    const bool any = recv && e.peer == kAny;
    if (!any && (e.peer < 0 || e.peer >= n))
      throw ConfigError(at(e) + (p2p ? "peer " : "root ") + std::to_string(e.peer) + " is not one of the " +
                        std::to_string(n) + " ranks" + (recv ? " (or any)" : ""));
    if (p2p && e.peer == rank)
      throw ConfigError(at(e) + "rank " + std::to_string(rank) + " names itself as its peer; a message goes to another rank");
  }
  if (e.mode != SendMode::Standard && e.kind != EventKind::Send && e.kind != EventKind::Isend)
    throw ConfigError(at(e) + "only a send or an isend can be synchronous or buffered");
  if (p2p && !(e.tag >= 0 && e.tag < kCollectiveTag) && !(recv && e.tag == kAny))
    throw ConfigError(at(e) + "tag " + std::to_string(e.tag) + " is outside 0.." + std::to_string(kCollectiveTag - 1) +
                      (recv ? " (or any)" : ""));
  if (e.kind == EventKind::Alltoallv) {
    if (e.counts.size() != static_cast<size_t>(n))
      throw ConfigError(at(e) + std::to_string(e.counts.size()) + " byte counts; one per rank (" + std::to_string(n) + ")");
    if (e.counts[static_cast<size_t>(rank)] != 0)
      throw ConfigError(at(e) + "rank " + std::to_string(rank) + " sends " +
                        std::to_string(e.counts[static_cast<size_t>(rank)]) + " bytes to itself; its own count must be 0");
  }
  if ((entries_ += e.counts.size()) > max_entries_)
    throw ConfigError(at(e) + "the wait lists and alltoallv counts add up to more than " + std::to_string(max_entries_) +
                      " entries (workload.max_operations)");
  uint64_t& started = nonblocking_[static_cast<size_t>(rank)];
  if (e.kind == EventKind::Wait) check_wait_list(e, rank, started);
  if (is_nonblocking(e.kind)) ++started;
  events_[static_cast<size_t>(rank)].push_back(std::move(e));
  ++count_;
}

// Each rank's collectives (their event indices), checked against rank 0's.
std::vector<std::vector<uint32_t>> Program::matched_collectives() const {
  const int n = ranks();
  std::vector<std::vector<uint32_t>> coll(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) {
    const auto& ev = events_[static_cast<size_t>(r)];
    for (uint32_t i = 0; i < ev.size(); ++i)
      if (is_collective(ev[i].kind)) coll[static_cast<size_t>(r)].push_back(i);
  }
  for (int r = 1; r < n; ++r) {
    const auto& mine = coll[static_cast<size_t>(r)];
    const auto& ref = coll[0];
    for (size_t k = 0; k < std::max(mine.size(), ref.size()); ++k) {
      if (k >= mine.size() || k >= ref.size()) {
        const Event& e = k < ref.size() ? events_[0][ref[k]] : events_[static_cast<size_t>(r)][mine[k]];
        throw ConfigError(where(e) + "collective " + std::to_string(k + 1) + " (" + event_name(e.kind) + ") of rank " +
                          std::to_string(k < ref.size() ? 0 : r) + " has no counterpart in rank " +
                          std::to_string(k < ref.size() ? r : 0) + ": every rank calls the same collectives in order");
      }
      const Event& a = events_[0][ref[k]];
      const Event& b = events_[static_cast<size_t>(r)][mine[k]];
      if (a.kind != b.kind || a.peer != b.peer || (has_size(b.kind) && a.amount != b.amount))
        throw ConfigError(where(b) + "collective " + std::to_string(k + 1) + " of rank " + std::to_string(r) + " (" +
                          event_name(b.kind) + ") differs from rank 0's (" + where(a) + event_name(a.kind) +
                          "): every rank calls the same collectives, with the same root and size, in order");
    }
  }
  return coll;
}

void Program::finish(uint64_t max_ops, CollectiveRule rule) {
  const int n = ranks();
  const std::vector<std::vector<uint32_t>> coll = matched_collectives();
  // Each collective's algorithm, from rank 0's event (the sizes agree).
  collectives_.clear();
  if (n > 0)
    for (const uint32_t i : coll[0])
      collectives_.push_back({events_[0][i].kind, collective_algorithm(events_[0][i], n, rule)});
  // The operations event e expands to, at most; k counts the collectives.
  const auto ops_of = [&](const Event& e, size_t& k) {
    return is_collective(e.kind) ? collective_ops(collectives_[k++].second, n) : uint64_t{1};
  };
  uint64_t ops = 0;
  for (int r = 0; r < n; ++r) {
    size_t k = 0;
    for (const Event& e : events_[static_cast<size_t>(r)])
      if ((ops += ops_of(e, k)) > max_ops)
        throw ConfigError(where(e) + "the program expands to more than " + std::to_string(max_ops) +
                          " operations with its collectives (workload.max_operations, 24 bytes each; an alltoall "
                          "of n ranks is 3(n - 1) per rank)");
  }
  std::vector<uint64_t> from(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) {
    const auto& ev = events_[static_cast<size_t>(r)];
    auto& ops = ops_[static_cast<size_t>(r)];
    auto& lists = wait_lists_[static_cast<size_t>(r)];
    ops.clear();
    lists.clear();
    std::vector<uint64_t> nonblocking;  // the engine's number of the rank's k-th isend or irecv
    uint64_t requests = 0;
    uint64_t most = 0;  // reserved at once: a growing vector would hold up to twice the limit
    size_t c = 0;
    for (const Event& e : ev) most += ops_of(e, c);
    ops.reserve(most);
    uint32_t k = 0;  // collectives so far
    for (uint32_t i = 0; i < ev.size(); ++i) {
      const Event& e = ev[i];
      if (e.kind == EventKind::Wait && !e.counts.empty()) {
        std::vector<uint64_t> list;
        for (const uint64_t q : e.counts) list.push_back(nonblocking[static_cast<size_t>(q)]);
        std::sort(list.begin(), list.end());
        ops.push_back({OpKind::WaitSome, 0, 0, lists.size(), i});
        lists.push_back(std::move(list));
        continue;
      }
      if (!is_collective(e.kind)) {
        ops.push_back({static_cast<OpKind>(e.kind), e.peer, e.tag, e.amount, i, e.comm});
        ops.back().mode = e.mode;
        if (is_nonblocking(e.kind)) nonblocking.push_back(requests);
        requests += starts_request(ops.back().kind);
        continue;
      }
      const size_t before = ops.size();
      if (e.kind == EventKind::Alltoallv)
        for (int s = 0; s < n; ++s)
          from[static_cast<size_t>(s)] = events_[static_cast<size_t>(s)][coll[static_cast<size_t>(s)][k]].counts[static_cast<size_t>(r)];
      expand_collective(e, collectives_[k].second, r, n, kCollectiveTag + static_cast<int32_t>(k), i, from, ops);
      for (size_t o = before; o < ops.size(); ++o) requests += starts_request(ops[o].kind);
      ++k;
    }
    requests_[static_cast<size_t>(r)] = requests;
  }
}

uint64_t Program::messages() const {
  uint64_t m = 0;
  for (const auto& ops : ops_)
    for (const Op& o : ops) m += o.kind == OpKind::Send || o.kind == OpKind::Isend;
  return m;
}

uint64_t Program::bytes() const {
  uint64_t b = 0;
  for (const auto& ops : ops_)
    for (const Op& o : ops)
      if (o.kind == OpKind::Send || o.kind == OpKind::Isend) b += o.amount;
  return b;
}

namespace {
template <class T>
uint64_t held(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}
}  // namespace

uint64_t Program::memory() const {
  uint64_t b = held(events_) + held(ops_) + held(wait_lists_) + held(nonblocking_) + held(requests_) +
               held(comm_names_) + held(collectives_);
  for (const std::string& name : comm_names_) b += name.capacity();
  for (size_t r = 0; r < events_.size(); ++r) {
    b += held(events_[r]) + held(ops_[r]) + held(wait_lists_[r]);
    for (const Event& e : events_[r]) b += held(e.counts);
    for (const auto& list : wait_lists_[r]) b += held(list);
  }
  return b;
}

std::string Program::on_comm(uint16_t c) const {
  if (c >= comm_names_.size()) return c ? " on communicator " + std::to_string(c) : "";
  return " on communicator " + std::to_string(c) + " ('" + comm_names_[c] + "')";
}

}  // namespace nocsim
