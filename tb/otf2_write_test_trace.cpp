#include "otf2_write_test_trace.h"  // beside it: tb/ (a test helper)

#include <otf2/otf2.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <vector>

#if OTF2_VERSION_MAJOR < 3
#error "the OTF2 test writer needs OTF2 3.0 or later"
#endif

namespace nocsim {
namespace {

constexpr uint64_t kPsPerSecond = 1'000'000'000'000;
constexpr OTF2_CommRef kWorld = 0;
constexpr OTF2_GroupRef kLocationsGroup = 0, kWorldGroup = 1;

// Regions, by ref. Score-P's names, paradigm MPI (but main's): the reader
// tells MPI time from compute by them.
enum Region : OTF2_RegionRef {
  kMain, kSend, kIsend, kRecv, kIrecv, kWaitall, kBarrier, kBcast, kReduce, kAllreduce, kAlltoall, kAlltoallv,
  kSsend, kIssend, kBsend, kIbsend, kSendrecv, kGather, kScatter, kAllgather, kReduceScatterBlock, kScan, kExscan,
  kGatherv, kScatterv, kAllgatherv, kReduceScatter, kAlltoallw, kRegionCount
};
struct RegionDef {
  const char* name;
  OTF2_RegionRole role;
  OTF2_Paradigm paradigm;
};
constexpr RegionDef kRegions[kRegionCount] = {
    {"main", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER},
    {"MPI_Send", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Isend", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Recv", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Irecv", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Waitall", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Barrier", OTF2_REGION_ROLE_BARRIER, OTF2_PARADIGM_MPI},
    {"MPI_Bcast", OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Reduce", OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_PARADIGM_MPI},
    {"MPI_Allreduce", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Alltoall", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Alltoallv", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Ssend", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Issend", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Bsend", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Ibsend", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Sendrecv", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Gather", OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_PARADIGM_MPI},
    {"MPI_Scatter", OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Allgather", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Reduce_scatter_block", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Scan", OTF2_REGION_ROLE_COLL_OTHER, OTF2_PARADIGM_MPI},
    {"MPI_Exscan", OTF2_REGION_ROLE_COLL_OTHER, OTF2_PARADIGM_MPI},
    {"MPI_Gatherv", OTF2_REGION_ROLE_COLL_ALL2ONE, OTF2_PARADIGM_MPI},
    {"MPI_Scatterv", OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Allgatherv", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Reduce_scatter", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Alltoallw", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
};

// A collective's non-blocking call (MPI_Iallreduce for MPI_Allreduce, as
// Score-P names it): region and its name's string kRegionCount after the
// blocking one's.
bool has_nonblocking(Region r) {
  return kRegions[r].role != OTF2_REGION_ROLE_POINT2POINT && kRegions[r].role != OTF2_REGION_ROLE_FUNCTION;
}
OTF2_RegionRef nonblocking_region(Region r) { return kRegionCount + r; }
std::string nonblocking_name(Region r) {
  const std::string n = kRegions[r].name;  // "MPI_" and a capital
  return "MPI_I" + std::string(1, static_cast<char>(std::tolower(static_cast<unsigned char>(n[4])))) + n.substr(5);
}
// Strings, by ref; the regions' names follow from kFirstRegionName on.
enum String : OTF2_StringRef {
  kEmpty, kWorldName, kMachine, kNode, kProcess, kThread, kDupName, kSplitName, kFirstRegionName
};
constexpr const char* kStrings[kFirstRegionName] = {"", "MPI_COMM_WORLD", "machine", "node", "MPI process",
                                                    "main thread", "MPI_COMM_WORLD dup", "MPI_COMM_WORLD split"};

// An event's communicator: MPI_COMM_WORLD for Event::comm 0, else the
// comm-th communicator after it (refs in that order, as the reader numbers
// them): the program's communicator `comm` where it defines one (its own
// group, ref kWorldGroup + comm), else a duplicate of MPI_COMM_WORLD.
OTF2_CommRef comm(const Event& e) { return kWorld + e.comm; }

void ok(OTF2_ErrorCode code, const char* what) {
  if (code != OTF2_SUCCESS)
    throw std::runtime_error(std::string("write_otf2_trace: ") + what + ": " + OTF2_Error_GetDescription(code));
}

OTF2_FlushType pre_flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
// No post-flush callback: OTF2 then writes no BufferFlush record.
const OTF2_FlushCallbacks kFlush = {&pre_flush, nullptr};

struct CloseArchive {
  void operator()(OTF2_Archive* a) const { OTF2_Archive_Close(a); }
};

uint64_t ticks(uint64_t ps, uint64_t resolution) {
  __extension__ typedef unsigned __int128 U128;
  return static_cast<uint64_t>((static_cast<U128>(ps) * resolution + kPsPerSecond / 2) / kPsPerSecond);
}

OTF2_LocationRef location_of(int rank, int ranks, const Otf2WriteOptions& o) {
  return static_cast<OTF2_LocationRef>(o.reverse_locations ? ranks - 1 - rank : rank);
}

// A collective's records as Score-P's MPI adapter writes them (not in
// place): sizes count the rank's own block.
struct CollectiveRecord {
  Region region;
  OTF2_CollectiveOp op;
  uint32_t root;
  uint64_t sent, received;
};

// rank, ranks and e.peer (the root): by rank in the collective's
// communicator; `others`: an alltoallv's bytes received, a v-variant's
// blocks of every rank added up.
CollectiveRecord collective_record(const Event& e, int rank, int ranks, uint64_t others, bool in_place) {
  const auto me = static_cast<uint64_t>(rank), n = static_cast<uint64_t>(ranks);
  // In place, a rank's own block is neither sent nor received.
  const uint64_t b = e.amount, all = e.amount * (in_place ? n - 1 : n), own = in_place ? 0 : b;
  const uint32_t none = OTF2_COLLECTIVE_ROOT_NONE, root = static_cast<uint32_t>(e.peer);
  const bool is_root = e.peer == rank;
  switch (e.kind) {
    case EventKind::Barrier: return {kBarrier, OTF2_COLLECTIVE_OP_BARRIER, none, 0, 0};
    case EventKind::Bcast: return {kBcast, OTF2_COLLECTIVE_OP_BCAST, root, is_root ? b * n : 0, b};
    case EventKind::Reduce: return {kReduce, OTF2_COLLECTIVE_OP_REDUCE, root, is_root ? own : b, is_root ? all : 0};
    case EventKind::Gather: return {kGather, OTF2_COLLECTIVE_OP_GATHER, root, is_root ? own : b, is_root ? all : 0};
    case EventKind::Scatter: return {kScatter, OTF2_COLLECTIVE_OP_SCATTER, root, is_root ? all : 0, is_root ? own : b};
    case EventKind::Allreduce: return {kAllreduce, OTF2_COLLECTIVE_OP_ALLREDUCE, none, all, all};
    case EventKind::Alltoall: return {kAlltoall, OTF2_COLLECTIVE_OP_ALLTOALL, none, all, all};
    case EventKind::Allgather: return {kAllgather, OTF2_COLLECTIVE_OP_ALLGATHER, none, all, all};
    case EventKind::ReduceScatter:
      return {kReduceScatterBlock, OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK, none, all, all};
    case EventKind::Scan:
      return {kScan, OTF2_COLLECTIVE_OP_SCAN, none, (n - me) * b - (b - own), me * b + own};
    case EventKind::Exscan: return {kExscan, OTF2_COLLECTIVE_OP_EXSCAN, none, (n - me - 1) * b, me * b};
    case EventKind::Gatherv:  // an in-place root sends nothing and receives the others' blocks
      return {kGatherv, OTF2_COLLECTIVE_OP_GATHERV, root, is_root ? own : b, is_root ? others - (b - own) : 0};
    case EventKind::Scatterv:
      return {kScatterv, OTF2_COLLECTIVE_OP_SCATTERV, root, is_root ? others - (b - own) : 0, is_root ? own : b};
    case EventKind::Allgatherv:
      return {kAllgatherv, OTF2_COLLECTIVE_OP_ALLGATHERV, none, all, others - (b - own)};
    case EventKind::ReduceScatterv:
      return {kReduceScatter, OTF2_COLLECTIVE_OP_REDUCE_SCATTER, none, others - (b - own), all};
    default: {
      uint64_t sum = 0;
      for (const uint64_t c : e.counts) sum += c;
      return {kAlltoallv, OTF2_COLLECTIVE_OP_ALLTOALLV, none, sum, others};
    }
  }
}

// For each rank and each of its collectives: the bytes it receives if that
// is an alltoallv (Score-P's sizeReceived), from the other members' k-th
// collective on the same communicator; a v-variant's blocks of all its
// members added up.
std::vector<std::vector<uint64_t>> alltoallv_received(const Program& p) {
  const auto n = static_cast<size_t>(p.ranks());
  std::vector<std::map<uint16_t, std::vector<const Event*>>> coll(n);  // [rank][comm]
  for (size_t r = 0; r < n; ++r)
    for (const Event& e : p.events(static_cast<int>(r)))
      if (is_collective(e.kind)) coll[r][e.comm].push_back(&e);
  std::vector<std::vector<uint64_t>> in(n);
  for (size_t r = 0; r < n; ++r) {
    std::map<uint16_t, size_t> k;
    for (const Event& e : p.events(static_cast<int>(r))) {
      if (!is_collective(e.kind)) continue;
      const size_t kc = k[e.comm]++;
      uint64_t bytes = 0;
      const auto me = static_cast<size_t>(p.comm_rank(e.comm, static_cast<int>(r)));
      for (int m = 0; m < p.comm_size(e.comm) && (e.kind == EventKind::Alltoallv || has_own_block(e.kind)); ++m) {
        const auto& theirs = coll[static_cast<size_t>(p.comm_member(e.comm, m))][e.comm];
        if (kc >= theirs.size() || theirs[kc]->kind != e.kind) continue;
        if (has_own_block(e.kind)) bytes += theirs[kc]->amount;
        else if (me < theirs[kc]->counts.size()) bytes += theirs[kc]->counts[me];
      }
      in[r].push_back(bytes);
    }
  }
  return in;
}

// One rank's events as records, time advancing by compute and call_ticks.
class RankWriter {
 public:
  RankWriter(OTF2_EvtWriter* w, const Otf2WriteOptions& o, const Program& prog, int rank)
      : w_(w), o_(o), prog_(prog), rank_(rank), t_(o.global_offset) {}
  void begin() { enter(kMain); }
  void write(const Event& e, uint64_t alltoallv_in);
  void sendrecv(const Event& send, const Event& recv);
  // The program's implicit wait: requests still open complete at the end,
  // as bare records (a reader drops an irecv that never completes).
  void end() {
    complete();
    leave(kMain);
  }
  uint64_t now() const { return t_; }

 private:
  // main is always there: its Leave marks the end of a final compute.
  void enter(Region r) {
    if (o_.regions || r == kMain) ok(OTF2_EvtWriter_Enter(w_, nullptr, t_, r), "Enter");
  }
  void leave(Region r) {
    if (o_.regions || r == kMain) ok(OTF2_EvtWriter_Leave(w_, nullptr, t_, r), "Leave");
  }
  // One MPI call: `start`'s records at its Enter, `done`'s at its Leave.
  template <class A, class B>
  void call(Region r, A&& start, B&& done) {
    enter(r);
    start();
    t_ += o_.call_ticks;
    done();
    leave(r);
  }
  void p2p(const Event& e);
  // Completes the open requests `wait` lists (every one: null or `wait`).
  void complete(const Event* wait = nullptr);

  struct Request {
    uint64_t id;
    bool recv;
    Event e;
    uint64_t k;  // the rank's k-th isend, irecv or non-blocking collective (a wait's list names it)
    // A collective's: Otf2WriteOptions::nonblocking's, completed by the
    // next wait, or a non-blocking one's (Event::nonblocking), by a wait
    // that lists it.
    bool collective = false;
    CollectiveRecord record = {};
  };
  // A rank as the records of e's communicator name it.
  uint32_t on_comm(const Event& e, int r) const { return static_cast<uint32_t>(prog_.comm_rank(e.comm, r)); }
  OTF2_EvtWriter* w_;
  const Otf2WriteOptions& o_;
  const Program& prog_;
  int rank_;
  uint64_t t_;
  uint64_t next_request_ = 1;
  uint64_t started_ = 0;  // isends, irecvs and non-blocking collectives so far
  std::vector<Request> open_;
};

void RankWriter::write(const Event& e, uint64_t alltoallv_in) {
  const auto nothing = [] {};
  switch (e.kind) {
    case EventKind::Compute: t_ += ticks(e.amount, o_.timer_resolution); return;
    case EventKind::Wait: return call(kWaitall, nothing, [&] { complete(&e); });
    case EventKind::Send:
    case EventKind::Isend:
    case EventKind::Recv:
    case EventKind::Irecv: return p2p(e);
    default: break;
  }
  Event local = e;
  if (has_root(e.kind)) local.peer = static_cast<int32_t>(on_comm(e, e.peer));
  CollectiveRecord c = collective_record(local, static_cast<int>(on_comm(e, rank_)), prog_.comm_size(e.comm),
                                         alltoallv_in, o_.in_place);
  if (o_.alltoallw && e.kind == EventKind::Alltoallv) c.region = kAlltoallw, c.op = OTF2_COLLECTIVE_OP_ALLTOALLW;
  if (o_.nonblocking || e.nonblocking) {
    return call(
        static_cast<Region>(nonblocking_region(c.region)),
        [&] {
          if (rank_ != o_.unrequested_rank)
            ok(OTF2_EvtWriter_NonBlockingCollectiveRequest(w_, nullptr, t_, next_request_),
               "NonBlockingCollectiveRequest");
          open_.push_back({next_request_++, false, e, e.nonblocking ? started_++ : 0, true, c});
        },
        nothing);
  }
  call(
      c.region, [&] { ok(OTF2_EvtWriter_MpiCollectiveBegin(w_, nullptr, t_), "MpiCollectiveBegin"); },
      [&] {
        ok(OTF2_EvtWriter_MpiCollectiveEnd(w_, nullptr, t_, c.op, comm(e), c.root, c.sent, c.received),
           "MpiCollectiveEnd");
      });
}

// Each send mode's region (SendMode's order), as MPI names its calls.
constexpr Region kSendRegion[] = {kSend, kSsend, kBsend}, kIsendRegion[] = {kIsend, kIssend, kIbsend};

// Sends are recorded at the call's start, receives at its completion (the
// record names the matched source), as Score-P does.
void RankWriter::p2p(const Event& e) {
  if (e.peer == kAny || e.tag == kAny)
    throw std::invalid_argument(std::string("write_otf2_trace: rank ") + std::to_string(rank_) + "'s " +
                                event_name(e) + " from any source or with any tag: OTF2 records the matched ones");
  const uint32_t peer = on_comm(e, e.peer), tag = static_cast<uint32_t>(e.tag);
  const auto nothing = [] {};
  switch (e.kind) {
    case EventKind::Send:
      return call(
          kSendRegion[static_cast<int>(e.mode)],
          [&] { ok(OTF2_EvtWriter_MpiSend(w_, nullptr, t_, peer, comm(e), tag, e.amount), "MpiSend"); }, nothing);
    case EventKind::Isend:
      return call(
          kIsendRegion[static_cast<int>(e.mode)],
          [&] {
            ok(OTF2_EvtWriter_MpiIsend(w_, nullptr, t_, peer, comm(e), tag, e.amount, next_request_), "MpiIsend");
            open_.push_back({next_request_++, false, e, started_++});
          },
          nothing);
    case EventKind::Recv:
      return call(
          kRecv, nothing, [&] { ok(OTF2_EvtWriter_MpiRecv(w_, nullptr, t_, peer, comm(e), tag, e.amount), "MpiRecv"); });
    default:  // irecv: the request now, the sender when a wait completes it
      return call(
          kIrecv,
          [&] {
            ok(OTF2_EvtWriter_MpiIrecvRequest(w_, nullptr, t_, next_request_), "MpiIrecvRequest");
            open_.push_back({next_request_++, true, e, started_++});
          },
          nothing);
  }
}

void RankWriter::sendrecv(const Event& send, const Event& recv) {
  call(
      kSendrecv,
      [&] {
        ok(OTF2_EvtWriter_MpiSend(w_, nullptr, t_, on_comm(send, send.peer), comm(send),
                                  static_cast<uint32_t>(send.tag), send.amount),
           "MpiSend");
      },
      [&] {
        ok(OTF2_EvtWriter_MpiRecv(w_, nullptr, t_, on_comm(recv, recv.peer), comm(recv),
                                  static_cast<uint32_t>(recv.tag), recv.amount),
           "MpiRecv");
      });
}

void RankWriter::complete(const Event* wait) {
  std::vector<Request> left;
  for (const Request& q : open_) {
    const bool listed = !wait || wait->counts.empty() ||
                        std::find(wait->counts.begin(), wait->counts.end(), q.k) != wait->counts.end();
    if ((!q.collective || q.e.nonblocking) && !listed) {
      left.push_back(q);
      continue;
    }
    if (q.collective) {
      if (!o_.nonblocking_completes) continue;
      const CollectiveRecord& c = q.record;
      ok(OTF2_EvtWriter_NonBlockingCollectiveComplete(w_, nullptr, t_, c.op, comm(q.e), c.root, c.sent, c.received,
                                                      q.id),
         "NonBlockingCollectiveComplete");
      continue;
    }
    const uint32_t peer = on_comm(q.e, q.e.peer), tag = static_cast<uint32_t>(q.e.tag);
    if (q.recv)
      ok(OTF2_EvtWriter_MpiIrecv(w_, nullptr, t_, peer, comm(q.e), tag, q.e.amount, q.id), "MpiIrecv");
    else
      ok(OTF2_EvtWriter_MpiIsendComplete(w_, nullptr, t_, q.id), "MpiIsendComplete");
  }
  open_ = std::move(left);
}

// Writes rank r's events; returns how many records (the Location's count).
uint64_t write_rank(OTF2_Archive* a, const Program& prog, int r, const std::vector<uint64_t>& alltoallv_in,
                    const Otf2WriteOptions& o, uint64_t& end) {
  OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(a, location_of(r, prog.ranks(), o));
  if (!w) throw std::runtime_error("write_otf2_trace: no event writer for rank " + std::to_string(r));
  RankWriter rank(w, o, prog, r);
  rank.begin();
  size_t k = 0;  // collectives so far
  const std::vector<Event>& ev = prog.events(r);
  for (size_t i = 0; i < ev.size(); ++i) {
    const bool pair = o.sendrecv && ev[i].kind == EventKind::Send && ev[i].mode == SendMode::Standard &&
                      i + 1 < ev.size() && ev[i + 1].kind == EventKind::Recv;
    if (pair) {
      rank.sendrecv(ev[i], ev[i + 1]);
      ++i;
    } else {
      rank.write(ev[i], is_collective(ev[i].kind) ? alltoallv_in[k++] : 0);
    }
  }
  rank.end();
  end = std::max(end, rank.now());
  uint64_t count = 0;
  ok(OTF2_EvtWriter_GetNumberOfEvents(w, &count), "GetNumberOfEvents");
  ok(OTF2_Archive_CloseEvtWriter(a, w), "CloseEvtWriter");
  return count;
}

// Empty local definition files: optional in OTF2, but Score-P writes them
// (its mapping tables and clock offsets), so the reader's path through them
// is exercised.
void write_local_defs(OTF2_Archive* a, int ranks, const Otf2WriteOptions& o) {
  ok(OTF2_Archive_OpenDefFiles(a), "OpenDefFiles");
  for (int r = 0; r < ranks; ++r) {
    OTF2_DefWriter* d = OTF2_Archive_GetDefWriter(a, location_of(r, ranks, o));
    if (!d) throw std::runtime_error("write_otf2_trace: no definition writer for rank " + std::to_string(r));
    ok(OTF2_Archive_CloseDefWriter(a, d), "CloseDefWriter");
  }
  ok(OTF2_Archive_CloseDefFiles(a), "CloseDefFiles");
}

// Clock, strings, the system tree and one process with one thread per rank.
void write_machine(OTF2_GlobalDefWriter* g, const std::vector<uint64_t>& records, uint64_t end,
                   const Otf2WriteOptions& o) {
  ok(OTF2_GlobalDefWriter_WriteClockProperties(g, o.timer_resolution, o.global_offset, end - o.global_offset,
                                               OTF2_UNDEFINED_TIMESTAMP),
     "WriteClockProperties");
  for (OTF2_StringRef s = 0; s < kFirstRegionName; ++s)
    ok(OTF2_GlobalDefWriter_WriteString(g, s, kStrings[s]), "WriteString");
  for (OTF2_StringRef s = 0; s < kRegionCount; ++s)
    ok(OTF2_GlobalDefWriter_WriteString(g, kFirstRegionName + s, kRegions[s].name), "WriteString");
  for (OTF2_StringRef s = 0; s < kRegionCount; ++s)
    if (has_nonblocking(static_cast<Region>(s)))
      ok(OTF2_GlobalDefWriter_WriteString(g, kFirstRegionName + kRegionCount + s,
                                          nonblocking_name(static_cast<Region>(s)).c_str()),
         "WriteString");
  ok(OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, kMachine, kNode, OTF2_UNDEFINED_SYSTEM_TREE_NODE),
     "WriteSystemTreeNode");
  const int ranks = static_cast<int>(records.size());
  for (int r = 0; r < ranks; ++r)
    ok(OTF2_GlobalDefWriter_WriteLocationGroup(g, static_cast<OTF2_LocationGroupRef>(r), kProcess,
                                               OTF2_LOCATION_GROUP_TYPE_PROCESS, 0, OTF2_UNDEFINED_LOCATION_GROUP),
       "WriteLocationGroup");
  for (int r = 0; r < ranks; ++r)
    ok(OTF2_GlobalDefWriter_WriteLocation(g, location_of(r, ranks, o), kThread, OTF2_LOCATION_TYPE_CPU_THREAD,
                                          records[static_cast<size_t>(r)], static_cast<OTF2_LocationGroupRef>(r)),
       "WriteLocation");
}

// The regions, MPI_COMM_WORLD's groups (the locations in rank order, then
// the communicator's ranks as indices into it) and the communicator, then
// communicators 1 .. comms (comm()).
void write_mpi(OTF2_GlobalDefWriter* g, const Program& prog, uint16_t comms, const Otf2WriteOptions& o) {
  const int ranks = prog.ranks();
  for (OTF2_RegionRef i = 0; i < kRegionCount; ++i)
    ok(OTF2_GlobalDefWriter_WriteRegion(g, i, kFirstRegionName + i, kFirstRegionName + i, kEmpty, kRegions[i].role,
                                        kRegions[i].paradigm, OTF2_REGION_FLAG_NONE, kEmpty, 0, 0),
       "WriteRegion");
  for (OTF2_RegionRef i = 0; i < kRegionCount; ++i) {
    if (!has_nonblocking(static_cast<Region>(i))) continue;
    const OTF2_StringRef name = kFirstRegionName + kRegionCount + i;
    ok(OTF2_GlobalDefWriter_WriteRegion(g, nonblocking_region(static_cast<Region>(i)), name, name, kEmpty,
                                        kRegions[i].role, kRegions[i].paradigm, OTF2_REGION_FLAG_NONE, kEmpty, 0, 0),
       "WriteRegion");
  }
  std::vector<uint64_t> locations, members;
  for (int r = 0; r < ranks; ++r) {
    locations.push_back(location_of(r, ranks, o));
    members.push_back(static_cast<uint64_t>(r));
  }
  const auto n = static_cast<uint32_t>(ranks);
  ok(OTF2_GlobalDefWriter_WriteGroup(g, kLocationsGroup, kEmpty, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                     OTF2_GROUP_FLAG_NONE, n, locations.data()),
     "WriteGroup");
  ok(OTF2_GlobalDefWriter_WriteGroup(g, kWorldGroup, kEmpty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                     OTF2_GROUP_FLAG_NONE, n, members.data()),
     "WriteGroup");
  ok(OTF2_GlobalDefWriter_WriteComm(g, kWorld, kWorldName, kWorldGroup, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE),
     "WriteComm");
  for (uint16_t k = 1; k <= comms; ++k) {
    if (!prog.comm_defined(k)) {  // MPI_Comm_dup's: the same group, a communicator of its own
      ok(OTF2_GlobalDefWriter_WriteComm(g, kWorld + k, kDupName, kWorldGroup, kWorld, OTF2_COMM_FLAG_NONE),
         "WriteComm");
      continue;
    }
    std::vector<uint64_t> in;  // MPI_Comm_split's: its members as ranks of MPI_COMM_WORLD
    for (int m = 0; m < prog.comm_size(k); ++m) in.push_back(static_cast<uint64_t>(prog.comm_member(k, m)));
    ok(OTF2_GlobalDefWriter_WriteGroup(g, kWorldGroup + k, kEmpty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                       OTF2_GROUP_FLAG_NONE, static_cast<uint32_t>(in.size()), in.data()),
       "WriteGroup");
    ok(OTF2_GlobalDefWriter_WriteComm(g, kWorld + k, kSplitName, kWorldGroup + k, kWorld, OTF2_COMM_FLAG_NONE),
       "WriteComm");
  }
}

}  // namespace

void write_otf2_trace(const std::string& dir, const std::string& name, const Program& prog,
                      const Otf2WriteOptions& opt) {
  if (opt.timer_resolution == 0) throw std::invalid_argument("write_otf2_trace: timer_resolution 0");
  std::filesystem::create_directories(dir);
  std::unique_ptr<OTF2_Archive, CloseArchive> archive(
      OTF2_Archive_Open(dir.c_str(), name.c_str(), OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_EVENTS_DEFAULT,
                        OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE));
  if (!archive) throw std::runtime_error("write_otf2_trace: cannot create the archive " + dir + "/" + name);
  OTF2_Archive* a = archive.get();
  ok(OTF2_Archive_SetFlushCallbacks(a, &kFlush, nullptr), "SetFlushCallbacks");
  ok(OTF2_Archive_SetSerialCollectiveCallbacks(a), "SetSerialCollectiveCallbacks");
  ok(OTF2_Archive_OpenEvtFiles(a), "OpenEvtFiles");
  const auto alltoallv_in = alltoallv_received(prog);
  std::vector<uint64_t> records;
  uint64_t end = opt.global_offset;
  for (int r = 0; r < prog.ranks(); ++r)
    records.push_back(write_rank(a, prog, r, alltoallv_in[static_cast<size_t>(r)], opt, end));
  ok(OTF2_Archive_CloseEvtFiles(a), "CloseEvtFiles");
  write_local_defs(a, prog.ranks(), opt);
  OTF2_GlobalDefWriter* g = OTF2_Archive_GetGlobalDefWriter(a);
  if (!g) throw std::runtime_error("write_otf2_trace: no global definition writer");
  write_machine(g, records, end, opt);
  uint16_t comms = 0;
  for (int r = 0; r < prog.ranks(); ++r)
    for (const Event& e : prog.events(r)) comms = std::max(comms, e.comm);
  write_mpi(g, prog, comms, opt);
  ok(OTF2_Archive_Close(archive.release()), "Close");
}

}  // namespace nocsim
