#pragma once
// A closed-loop application: one program of events per rank (MPI-like:
// compute, point-to-point sends and receives, waits and collectives), as a
// trace gives it, and the same program with every collective expanded into
// point-to-point operations (collectives.cpp) for the engine to run.
// Plain C++ (no SystemC); the rules are in docs/workloads.md.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace nocsim {

// One event of a rank's program, as written (a trace line).
enum class EventKind : uint8_t {
  Compute,  // amount: picoseconds
  Send,     // blocking; standard mode: done when the message's last flit has left the NIC (Event::mode)
  Isend,    // non-blocking send; a later wait completes it
  Recv,     // blocking: done when a matching message has fully arrived
  Irecv,    // non-blocking receive
  Wait,     // counts empty: waits for every request this rank started and has not
            // completed; else for the rank's non-blocking requests it lists
            // (k: its k-th isend, irecv or non-blocking collective, from 0)
  Barrier,
  Bcast,      // peer: root
  Reduce,     // peer: root
  Allreduce,
  Alltoall,   // amount: bytes to each other rank
  Alltoallv,  // counts: bytes to each rank
  Gather,         // peer: root; amount: bytes from each rank
  Scatter,        // peer: root; amount: bytes to each rank
  Allgather,      // amount: bytes from each rank
  ReduceScatter,  // amount: bytes of each rank's block of the result
  Scan,
  Exscan,
  // The v-variants: amount is the rank's own block, each rank its own.
  Gatherv,         // peer: root
  Scatterv,        // peer: root
  Allgatherv,
  ReduceScatterv,  // MPI_Reduce_scatter: amount is the rank's block of the result
};
const char* event_name(EventKind k);
// A collective's name with an `i` in front when it is non-blocking.
const char* event_name(EventKind k, bool nonblocking);
bool is_collective(EventKind k);
bool has_root(EventKind k);  // bcast, reduce, gather, scatter: Event::peer is the root
// A collective whose Event::amount is its size, the same on every rank (not
// a barrier, which has none, nor an alltoallv, whose counts are per pair,
// nor a v-variant, whose amount is each rank's own block).
bool has_size(EventKind k);
// Gatherv, scatterv, allgatherv and reduce_scatterv: Event::amount is the
// rank's own block, which differs from rank to rank.
bool has_own_block(EventKind k);
struct Event;
// An isend, an irecv or a non-blocking collective: what a wait's list
// numbers (each rank's, from 0).
bool is_nonblocking(const Event& e);

constexpr int32_t kAny = -1;  // a receive's peer or tag: any

// A send's mode, as MPI's (docs/workloads.md, "Operations and their
// completion"): standard (send, isend); synchronous (ssend, issend: it
// completes only once a receive has taken the message); buffered (bsend,
// ibsend: it completes at once, its data leaves as a standard send's, and
// the rank's end waits until it has left).
enum class SendMode : uint8_t { Standard, Synchronous, Buffered };

struct Event {
  EventKind kind = EventKind::Compute;
  int32_t peer = 0;     // send/receive: the other rank (receive: kAny allowed); has_root: the root (a world rank)
  int32_t tag = 0;      // >= 0 (receive: kAny allowed)
  // Its communicator, a number of the reader's (docs/workloads.md,
  // "Communicators"): messages match only within one; a collective
  // involves its members (Program::define_comm; 0 undefined: every rank).
  uint16_t comm = 0;
  // Send/isend: standard, synchronous or buffered.
  SendMode mode = SendMode::Standard;
  // A collective started by MPI_I<collective>: it runs beside the rank's
  // program and a wait completes it, as an isend's (docs/workloads.md,
  // "Non-blocking collectives").
  bool nonblocking = false;
  uint64_t amount = 0;  // bytes, or compute picoseconds
  uint32_t line = 0;    // where it was read (0: built in code)
  std::vector<uint64_t> counts;  // alltoallv: bytes to each member of comm, by its rank there; wait: the requests it waits for
  // An event built in code (the generated workloads).
  static Event of(EventKind k, int32_t peer = 0, int32_t tag = 0, uint64_t amount = 0) {
    Event e;
    e.kind = k;
    e.peer = peer;
    e.tag = tag;
    e.amount = amount;
    return e;
  }
};
// As a text trace writes it: "ssend", "bsend", "issend" and "ibsend" for
// the sends of those modes, "iallreduce" and so on for a non-blocking
// collective.
const char* event_name(const Event& e);

// What the engine runs: compute and point-to-point operations only.
// The first six are EventKind's; StepWait ends a step of a collective: it
// waits for that collective's requests only, never for the rank's own
// (docs/workloads.md, "Collectives"); WaitSome waits for the requests of
// Program::wait_list(rank, amount). Icoll starts a non-blocking
// collective: its expansion, the `amount` operations after it, runs beside
// the rank's program (they start `peer` requests, numbered after the
// Icoll's own), and the Icoll's request completes once they all have.
enum class OpKind : uint8_t { Compute, Send, Isend, Recv, Irecv, Wait, StepWait, WaitSome, Icoll };
// 24 bytes: a large trace holds millions (kMaxOps bounds them).
struct Op {
  uint64_t amount = 0;  // bytes, or compute picoseconds
  int32_t peer = 0;
  int32_t tag = 0;      // collectives use tags from kCollectiveTag on
  uint32_t event = 0;   // index of the event it comes from, in its rank's program
  OpKind kind = OpKind::Compute;
  SendMode mode = SendMode::Standard;  // Event::mode
  uint16_t comm = 0;    // Event::comm
  Op() = default;
  Op(OpKind k, int32_t p, int32_t t, uint64_t a, uint32_t e, uint16_t c = 0)
      : amount(a), peer(p), tag(t), event(e), kind(k), comm(c) {}
};
static_assert(sizeof(Op) == 24, "Op: keep a rank's operations small");
// The operations that start a request (AppEngine numbers them from 0).
inline bool starts_request(OpKind k) { return (k >= OpKind::Send && k <= OpKind::Irecv) || k == OpKind::Icoll; }

// User tags are below this; the k-th collective of a run uses kCollectiveTag + k.
constexpr int32_t kCollectiveTag = 1 << 30;
// Operations of all ranks after the collectives' expansion: the default of
// workload.max_operations (an input limit, docs/reliability.md: an alltoall
// of n ranks is 3(n - 1) per rank): 192 MB.
constexpr uint64_t kMaxOps = 8'000'000;

// Which algorithms expand the collectives (workload.collectives;
// docs/workloads.md, "Collectives"): MPICH's choice by message size and
// rank count, or one algorithm per collective whatever the size.
enum class CollectiveRule : uint8_t { Mpich, Fixed };
// The algorithms (docs/workloads.md names each with its source).
enum class CollAlgo : uint8_t {
  Dissemination,      // barrier
  BinomialDown,       // bcast, scatter
  ScatterDoubling,    // bcast: binomial scatter, recursive-doubling allgather
  ScatterRing,        // bcast: binomial scatter, ring allgather
  BinomialUp,         // reduce, gather
  RedscatGather,      // reduce: recursive-halving reduce-scatter, binomial gather
  RecursiveDoubling,  // allreduce, allgather (power-of-two ranks), scan, exscan
  Rabenseifner,       // allreduce: recursive-halving reduce-scatter, recursive-doubling allgather
  Bruck,              // allgather, alltoall
  Ring,               // allgather
  Scattered,          // alltoall, alltoallv: every send and receive posted, in batches
  PairwiseShift,      // alltoall(v), reduce_scatter: step k with r + k and r - k
  PairwiseXor,        // alltoall at a power-of-two count: step k with r XOR k
  RecursiveHalving,   // reduce_scatter, reduce_scatterv
  Linear,             // gatherv, scatterv: the root and each other rank
  Nothing,            // MPICH: a bcast, reduce, allreduce, allgather, alltoall or reduce_scatter of 0 bytes
};
const char* algorithm_name(CollAlgo a);
// The algorithm `rule` picks for collective `e` over n ranks; `total`: a
// v-variant's blocks added up over its ranks (its size, for MPICH).
CollAlgo collective_algorithm(const Event& e, int n, CollectiveRule rule, uint64_t total = 0);
// The largest power of two <= n (n >= 1): the ranks that stay in the
// halving and doubling algorithms.
int floor_pof2(int n);
// MPICH's ring allgatherv cuts the blocks it passes on into chunks of the
// smallest block's size, at least MPIR_CVAR_ALLGATHERV_PIPELINE_MSG_SIZE
// (32,768 bytes): the chunk for ranks' blocks given by their running sums
// (`sums[i]`: the blocks of ranks 0 .. i - 1).
uint64_t allgatherv_chunk(const std::vector<uint64_t>& sums);
// At most the operations expand_collective makes of one collective on a
// rank; for an allgatherv by ring (whose steps cut blocks into chunks),
// `sums` are its ranks' blocks' running sums (allgatherv_chunk).
uint64_t collective_ops(CollAlgo a, int n, EventKind k = EventKind::Barrier, const std::vector<uint64_t>& sums = {});

class Program {
 public:
  // max_entries: the wait lists' and alltoallv counts' entries it holds,
  // at most (workload.max_operations: a `*` line copies its list to every
  // rank).
  explicit Program(int ranks, uint64_t max_entries = kMaxOps);
  int ranks() const { return static_cast<int>(events_.size()); }
  // Communicator c: its members, world ranks in the order of their ranks
  // in c (docs/workloads.md, "Communicators"). A collective on c involves
  // them alone, expanded over their ranks in c. A communicator never
  // defined is every rank in order. Before the first add that uses it;
  // throws ConfigError for a member out of range or named twice, or c
  // defined twice.
  void define_comm(uint16_t c, std::vector<int32_t> members);
  bool comm_defined(uint16_t c) const { return c < comms_.size() && !comms_[c].members.empty(); }
  // One past the largest communicator defined.
  uint32_t comm_slots() const { return static_cast<uint32_t>(comms_.size()); }
  int comm_size(uint16_t c) const;
  // World rank r's rank in communicator c, or -1 if not a member.
  int comm_rank(uint16_t c, int r) const;
  // The world rank of communicator c's rank k.
  int comm_member(uint16_t c, int k) const;
  // Appends one event to rank r's program; throws ConfigError naming the
  // event's line for a peer, root, tag or count out of range, or a
  // collective on a communicator r is not in.
  void add(int rank, Event e);
  const std::vector<Event>& events(int rank) const { return events_[static_cast<size_t>(rank)]; }
  // Checks that the members of each communicator call the same collectives
  // on it in the same order (root and size alike; alltoallv's counts are
  // each rank's own), then expands them by `rule`. Throws ConfigError
  // naming the first rank and line that differ. Call once, after the last add.
  void finish(uint64_t max_ops = kMaxOps, CollectiveRule rule = CollectiveRule::Mpich);
  const std::vector<Op>& ops(int rank) const { return ops_[static_cast<size_t>(rank)]; }
  // A WaitSome's requests, as the engine numbers them (every send and
  // receive of the rank, its collectives' included, and each non-blocking
  // collective's own, from 0), ascending.
  const std::vector<uint64_t>& wait_list(int rank, uint64_t i) const {
    return wait_lists_[static_cast<size_t>(rank)][static_cast<size_t>(i)];
  }
  bool has_wait_lists(int rank) const { return !wait_lists_[static_cast<size_t>(rank)].empty(); }
  // Each collective's kind, algorithm and whether it is non-blocking: by
  // communicator, each's in the order its members call them (three bytes:
  // a trace may hold millions).
  struct Planned {
    EventKind kind;
    CollAlgo algo;
    bool nonblocking;
  };
  const std::vector<Planned>& collectives() const { return collectives_; }
  // The requests rank's operations start.
  uint64_t requests(int rank) const { return requests_[static_cast<size_t>(rank)]; }
  // Rank's isends, irecvs and non-blocking collectives added so far: the
  // number a `wait` gives the next one.
  uint64_t nonblocking(int rank) const { return nonblocking_[static_cast<size_t>(rank)]; }
  // Events of every rank (the input limit counts them).
  uint64_t event_count() const { return count_; }
  // Messages and bytes the expanded program sends.
  uint64_t messages() const;
  uint64_t bytes() const;
  // Bytes it holds: events, operations, lists (sim/memory.h counts them).
  uint64_t memory() const;
  // The communicators' names by Event::comm, as an OTF2 trace defines them
  // (a text trace's communicators have none).
  void set_comm_names(std::vector<std::string> names) { comm_names_ = std::move(names); }
  // How a report names communicator c after "on": "communicator 1
  // ('NAME')" when the trace named it; "" for communicator 0 of a
  // program without names (the only one a text trace has).
  std::string on_comm(uint16_t c) const;

 private:
  std::vector<std::vector<Event>> events_;
  std::vector<std::vector<Op>> ops_;
  std::vector<std::vector<std::vector<uint64_t>>> wait_lists_;
  std::vector<uint64_t> nonblocking_;  // per rank: Program::nonblocking
  std::vector<uint64_t> requests_;     // per rank: Program::requests
  std::vector<Planned> collectives_;
  struct Comm {
    std::vector<int32_t> members;               // world ranks by rank in the communicator
    std::vector<std::pair<int32_t, int32_t>> rank_of;  // (world rank, rank in it), sorted
  };
  std::vector<Comm> comms_;  // by Event::comm; none or empty members: every rank
  // Each used communicator's collectives: [comm][rank in it] the indices
  // of that member's collective events on it; throws ConfigError where a
  // member's differ from its rank 0's (finish).
  using Calls = std::vector<std::vector<uint32_t>>;
  std::vector<std::pair<uint16_t, Calls>> matched_collectives() const;
  void check_comm(int rank, const Event& e) const;
  // comm -> (its first collective in collectives_, its calls).
  using First = std::map<uint16_t, std::pair<size_t, const Calls*>>;
  // Each collective's plan, as collectives_: the operations its expansion
  // makes on a rank at most, and a v-variant's blocks' running sums.
  struct Plan {
    uint64_t bound = 0;
    std::vector<uint64_t> sums;
  };
  std::vector<Plan> plan_collectives(const std::vector<std::pair<uint16_t, Calls>>& matched, CollectiveRule rule,
                                     First& first);
  // Appends rank r's operations for its k-th collective on e.comm.
  void expand(int r, const Event& e, uint32_t i, uint32_t k, CollAlgo a, const Calls& calls, const Plan& plan,
              std::vector<Op>& ops) const;
  uint64_t count_ = 0;
  uint64_t entries_ = 0, max_entries_;
  std::vector<std::string> comm_names_;
};

// The collective algorithms (docs/workloads.md): rank r's point-to-point
// operations for collective `e` by algorithm `a`, appended to `out`, all
// with tag `tag`. `from` holds, for alltoallv, the bytes each rank sends
// to r; for a v-variant (has_own_block), the running sums of the ranks'
// own blocks (allgatherv_chunk), computed once for all ranks.
void expand_collective(const Event& e, CollAlgo a, int r, int n, int32_t tag, uint32_t index,
                       const std::vector<uint64_t>& from, std::vector<Op>& out);

// "line N: " when the event has a line, else "".
std::string where(const Event& e);

}  // namespace nocsim
