#include "workload/program.h"

#include <algorithm>
#include <climits>
#include <iterator>
#include <map>

#include "core/error.h"

namespace nocsim {

const char* event_name(EventKind k) {
  static const char* const names[] = {"compute",   "send",      "isend",   "recv",      "irecv",
                                      "wait",      "barrier",   "bcast",   "reduce",    "allreduce",
                                      "alltoall",  "alltoallv", "gather",  "scatter",   "allgather",
                                      "reduce_scatter", "scan", "exscan", "gatherv", "scatterv", "allgatherv",
                                      "reduce_scatterv"};
  return names[static_cast<int>(k)];
}

const char* event_name(EventKind k, bool nonblocking) {
  static const char* const icoll[] = {"ibarrier",   "ibcast",     "ireduce",          "iallreduce", "ialltoall",
                                      "ialltoallv", "igather",    "iscatter",         "iallgather", "ireduce_scatter",
                                      "iscan",      "iexscan",    "igatherv",         "iscatterv",  "iallgatherv",
                                      "ireduce_scatterv"};
  if (nonblocking && is_collective(k)) return icoll[static_cast<int>(k) - static_cast<int>(EventKind::Barrier)];
  return event_name(k);
}

const char* event_name(const Event& e) {
  static const char* const send[] = {"send", "ssend", "bsend"}, *const isend[] = {"isend", "issend", "ibsend"};
  if (e.kind == EventKind::Send) return send[static_cast<int>(e.mode)];
  if (e.kind == EventKind::Isend) return isend[static_cast<int>(e.mode)];
  return event_name(e.kind, e.nonblocking);
}

bool is_collective(EventKind k) { return k >= EventKind::Barrier; }

bool has_root(EventKind k) {
  return k == EventKind::Bcast || k == EventKind::Reduce || k == EventKind::Gather || k == EventKind::Scatter ||
         k == EventKind::Gatherv || k == EventKind::Scatterv;
}

bool has_own_block(EventKind k) { return k >= EventKind::Gatherv; }

bool has_size(EventKind k) {
  return is_collective(k) && k != EventKind::Barrier && k != EventKind::Alltoallv && !has_own_block(k);
}

bool is_nonblocking(const Event& e) {
  return e.kind == EventKind::Isend || e.kind == EventKind::Irecv || (e.nonblocking && is_collective(e.kind));
}

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
                        " (isend, issend, ibsend, irecv and the non-blocking collectives, numbered from 0)");
    if (i > 0 && seen[i] == seen[i - 1]) throw ConfigError(at(e) + "request " + std::to_string(seen[i]) + " named twice");
  }
}

}  // namespace

void Program::define_comm(uint16_t c, std::vector<int32_t> members) {
  const int n = ranks();
  const std::string name = "communicator " + std::to_string(c);
  if (comm_defined(c)) throw ConfigError(name + " is defined twice");
  if (members.empty()) throw ConfigError(name + " has no members");
  Comm comm;
  for (size_t k = 0; k < members.size(); ++k) {
    if (members[k] < 0 || members[k] >= n)
      throw ConfigError(name + ": member " + std::to_string(members[k]) + " is not one of the " + std::to_string(n) +
                        " ranks");
    comm.rank_of.push_back({members[k], static_cast<int32_t>(k)});
  }
  std::sort(comm.rank_of.begin(), comm.rank_of.end());
  for (size_t k = 1; k < comm.rank_of.size(); ++k)
    if (comm.rank_of[k].first == comm.rank_of[k - 1].first)
      throw ConfigError(name + ": rank " + std::to_string(comm.rank_of[k].first) + " is a member twice");
  comm.members = std::move(members);
  if (comms_.size() <= c) comms_.resize(size_t{c} + 1);
  comms_[c] = std::move(comm);
}

int Program::comm_size(uint16_t c) const {
  return comm_defined(c) ? static_cast<int>(comms_[c].members.size()) : ranks();
}

int Program::comm_rank(uint16_t c, int r) const {
  if (!comm_defined(c)) return r >= 0 && r < ranks() ? r : -1;
  const auto& idx = comms_[c].rank_of;
  const auto it = std::lower_bound(idx.begin(), idx.end(), std::pair<int32_t, int32_t>{r, INT32_MIN});
  return it != idx.end() && it->first == r ? it->second : -1;
}

int Program::comm_member(uint16_t c, int k) const {
  return comm_defined(c) ? comms_[c].members[static_cast<size_t>(k)] : k;
}

// A collective's members: the rank calling it, its root, an alltoallv's
// counts; a message's: the rank and its peer (docs/workloads.md, "Communicators").
void Program::check_comm(int rank, const Event& e) const {
  const int m = comm_rank(e.comm, rank), size = comm_size(e.comm);
  if (m < 0)
    throw ConfigError(at(e) + "rank " + std::to_string(rank) + " is not a member of communicator " +
                      std::to_string(e.comm) + " (" + std::to_string(size) + " ranks)");
  const bool p2p = !is_collective(e.kind);
  if ((has_root(e.kind) || (p2p && e.peer != kAny)) && comm_rank(e.comm, e.peer) < 0)
    throw ConfigError(at(e) + (p2p ? "peer " : "root ") + std::to_string(e.peer) + " is not a member of communicator " +
                      std::to_string(e.comm));
  if (e.kind != EventKind::Alltoallv) return;
  if (e.counts.size() != static_cast<size_t>(size))
    throw ConfigError(at(e) + std::to_string(e.counts.size()) + " byte counts; one per rank (" + std::to_string(size) +
                      (comm_defined(e.comm) ? " in communicator " + std::to_string(e.comm) + ")" : ")"));
  if (e.counts[static_cast<size_t>(m)] != 0)
    throw ConfigError(at(e) + "rank " + std::to_string(rank) + " sends " +
                      std::to_string(e.counts[static_cast<size_t>(m)]) + " bytes to itself; its own count must be 0");
}

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
  if (e.nonblocking && !is_collective(e.kind))
    throw ConfigError(at(e) + "only a collective is marked non-blocking (isend and irecv are their own operations)");
  if (p2p && !(e.tag >= 0 && e.tag < kCollectiveTag) && !(recv && e.tag == kAny))
    throw ConfigError(at(e) + "tag " + std::to_string(e.tag) + " is outside 0.." + std::to_string(kCollectiveTag - 1) +
                      (recv ? " (or any)" : ""));
  if (is_collective(e.kind) || (p2p && e.comm)) check_comm(rank, e);
  if ((entries_ += e.counts.size()) > max_entries_)
    throw ConfigError(at(e) + "the wait lists and alltoallv counts add up to more than " + std::to_string(max_entries_) +
                      " entries (workload.max_operations)");
  uint64_t& started = nonblocking_[static_cast<size_t>(rank)];
  if (e.kind == EventKind::Wait) check_wait_list(e, rank, started);
  if (is_nonblocking(e)) ++started;
  events_[static_cast<size_t>(rank)].push_back(std::move(e));
  ++count_;
}

// Each used communicator's collectives by member, each member's checked
// against its rank 0's; by communicator number (a deterministic order).
std::vector<std::pair<uint16_t, Program::Calls>> Program::matched_collectives() const {
  std::map<uint16_t, Calls> by_comm;
  for (int r = 0; r < ranks(); ++r) {
    const auto& ev = events_[static_cast<size_t>(r)];
    for (uint32_t i = 0; i < ev.size(); ++i) {
      if (!is_collective(ev[i].kind)) continue;
      Calls& calls = by_comm[ev[i].comm];
      if (calls.empty()) calls.resize(static_cast<size_t>(comm_size(ev[i].comm)));
      calls[static_cast<size_t>(comm_rank(ev[i].comm, r))].push_back(i);
    }
  }
  for (const auto& [c, calls] : by_comm) {
    const int r0 = comm_member(c, 0);
    // "every rank" for the communicator of every rank (a text trace's
    // only one), else its members.
    const std::string on = comm_defined(c) ? " on communicator " + std::to_string(c) : "";
    const std::string rule = comm_defined(c) ? "the members of a communicator call the same collectives on it"
                                             : "every rank calls the same collectives";
    const auto& ref = calls[0];
    for (size_t m = 1; m < calls.size(); ++m) {
      const int r = comm_member(c, static_cast<int>(m));
      const auto& mine = calls[m];
      for (size_t k = 0; k < std::max(mine.size(), ref.size()); ++k) {
        if (k >= mine.size() || k >= ref.size()) {
          const Event& e =
              k < ref.size() ? events_[static_cast<size_t>(r0)][ref[k]] : events_[static_cast<size_t>(r)][mine[k]];
          throw ConfigError(where(e) + "collective " + std::to_string(k + 1) + " (" + event_name(e.kind) + ")" + on +
                            " of rank " + std::to_string(k < ref.size() ? r0 : r) + " has no counterpart in rank " +
                            std::to_string(k < ref.size() ? r : r0) + ": " + rule + " in order");
        }
        const Event& a = events_[static_cast<size_t>(r0)][ref[k]];
        const Event& b = events_[static_cast<size_t>(r)][mine[k]];
        if (a.kind != b.kind || a.peer != b.peer || (has_size(b.kind) && a.amount != b.amount) ||
            a.nonblocking != b.nonblocking)
          throw ConfigError(where(b) + "collective " + std::to_string(k + 1) + on + " of rank " + std::to_string(r) +
                            " (" + event_name(b) + ") differs from rank " + std::to_string(r0) + "'s (" + where(a) +
                            event_name(a) + "): " + rule + ", with the same root and size, in order" +
                            (a.nonblocking != b.nonblocking ? " (a blocking call never matches a non-blocking one)" : ""));
      }
    }
  }
  return {std::make_move_iterator(by_comm.begin()), std::make_move_iterator(by_comm.end())};
}

// Rank r's operations for event i, its k-th collective on e.comm: the
// algorithm runs over the communicator's ranks (the root and an
// alltoallv's peers by their rank in it), and its messages go to the
// members, on the communicator (collective k of each communicator has
// tag kCollectiveTag + k: they match only within it).
void Program::expand(int r, const Event& e, uint32_t i, uint32_t k, CollAlgo a, const Calls& calls,
                     const Plan& plan, std::vector<Op>& ops) const {
  const uint16_t c = e.comm;
  const int n = comm_size(c), m = comm_rank(c, r);
  std::vector<uint64_t> to_me;  // alltoallv: what each member sends r
  if (e.kind == EventKind::Alltoallv)
    for (int s = 0; s < n; ++s)
      to_me.push_back(
          events_[static_cast<size_t>(comm_member(c, s))][calls[static_cast<size_t>(s)][k]].counts[static_cast<size_t>(m)]);
  const std::vector<uint64_t>& from = has_own_block(e.kind) ? plan.sums : to_me;
  const size_t first = ops.size();
  if (has_root(e.kind)) {
    Event local = e;
    local.peer = comm_rank(c, e.peer);
    expand_collective(local, a, m, n, kCollectiveTag + static_cast<int32_t>(k), i, from, ops);
  } else {
    expand_collective(e, a, m, n, kCollectiveTag + static_cast<int32_t>(k), i, from, ops);
  }
  for (size_t o = first; o < ops.size(); ++o) {
    ops[o].comm = c;
    if (ops[o].kind != OpKind::StepWait) ops[o].peer = comm_member(c, ops[o].peer);
  }
}

// Each collective's algorithm, from its communicator's rank 0's event (the
// sizes agree; a v-variant's blocks added up over the members), into
// collectives_; communicator c's k-th is collectives_[first[c].first + k].
// The operations each expands to on a rank, at most, in the same order.
std::vector<Program::Plan> Program::plan_collectives(const std::vector<std::pair<uint16_t, Calls>>& matched,
                                                     CollectiveRule rule, First& first) {
  collectives_.clear();
  std::vector<Plan> plans;
  for (const auto& [c, calls] : matched) {
    first[c] = {collectives_.size(), &calls};
    for (size_t k = 0; k < calls[0].size(); ++k) {
      const Event& e = events_[static_cast<size_t>(comm_member(c, 0))][calls[0][k]];
      Plan plan;
      if (has_own_block(e.kind)) {  // the blocks' running sums, by rank in the communicator
        plan.sums.assign(1, 0);
        for (size_t m = 0; m < calls.size(); ++m)
          plan.sums.push_back(plan.sums.back() +
                              events_[static_cast<size_t>(comm_member(c, static_cast<int>(m)))][calls[m][k]].amount);
      }
      const uint64_t total = plan.sums.empty() ? 0 : plan.sums.back();
      collectives_.push_back({e.kind, collective_algorithm(e, comm_size(c), rule, total), e.nonblocking});
      plan.bound = collective_ops(collectives_.back().algo, comm_size(c), e.kind, plan.sums);
      plans.push_back(std::move(plan));
    }
  }
  return plans;
}

void Program::finish(uint64_t max_ops, CollectiveRule rule) {
  const int n = ranks();
  const auto matched = matched_collectives();
  First first;
  const std::vector<Plan> plans = plan_collectives(matched, rule, first);
  // The operations rank r's event e expands to, at most; k[c] counts the
  // collectives on c. A linear gatherv's or scatterv's rank other than the
  // root sends or receives once.
  const auto ops_of = [&](int r, const Event& e, std::map<uint16_t, uint32_t>& k) {
    if (!is_collective(e.kind)) return uint64_t{1};
    const size_t at = first.at(e.comm).first + k[e.comm]++;
    return (collectives_[at].algo == CollAlgo::Linear && e.peer != r ? uint64_t{2} : plans[at].bound) +
           e.nonblocking;  // its Icoll
  };
  uint64_t ops = 0;
  for (int r = 0; r < n; ++r) {
    std::map<uint16_t, uint32_t> k;
    for (const Event& e : events_[static_cast<size_t>(r)])
      if ((ops += ops_of(r, e, k)) > max_ops)
        throw ConfigError(where(e) + "the program expands to more than " + std::to_string(max_ops) +
                          " operations with its collectives (workload.max_operations, 24 bytes each; an alltoall "
                          "of n ranks is 3(n - 1) per rank)");
  }
  for (int r = 0; r < n; ++r) {
    const auto& ev = events_[static_cast<size_t>(r)];
    auto& ops = ops_[static_cast<size_t>(r)];
    auto& lists = wait_lists_[static_cast<size_t>(r)];
    ops.clear();
    lists.clear();
    std::vector<uint64_t> nonblocking;  // the engine's number of the rank's k-th is_nonblocking event
    uint64_t requests = 0;
    uint64_t most = 0;  // reserved at once: a growing vector would hold up to twice the limit
    std::map<uint16_t, uint32_t> counted, k;  // collectives so far, by communicator
    for (const Event& e : ev) most += ops_of(r, e, counted);
    ops.reserve(most);
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
        if (is_nonblocking(e)) nonblocking.push_back(requests);
        requests += starts_request(ops.back().kind);
        continue;
      }
      const auto& [at, calls] = first.at(e.comm);
      const uint32_t kc = k[e.comm]++;
      const size_t icoll = ops.size();
      if (e.nonblocking) {  // its request first, then its expansion's
        ops.push_back({OpKind::Icoll, 0, kCollectiveTag + static_cast<int32_t>(kc), 0, i, e.comm});
        nonblocking.push_back(requests++);
      }
      const size_t before = ops.size();
      const uint64_t requests_before = requests;
      expand(r, e, i, kc, collectives_[at + kc].algo, *calls, plans[at + kc], ops);
      for (size_t o = before; o < ops.size(); ++o) requests += starts_request(ops[o].kind);
      if (e.nonblocking) {  // < 2^31: workload.max_operations <= 10^9
        ops[icoll].amount = ops.size() - before;
        ops[icoll].peer = static_cast<int32_t>(requests - requests_before);
      }
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
               held(comm_names_) + held(collectives_) + held(comms_);
  for (const Comm& c : comms_) b += held(c.members) + held(c.rank_of);
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
