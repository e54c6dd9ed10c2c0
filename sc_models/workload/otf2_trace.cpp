#include "workload/otf2_trace.h"

// How an OTF2 archive becomes a Program (docs/workloads.md, "OTF2 traces").
// Score-P's MPI adapter is the writer these rules follow.
//
// Ranks. Rank i is member i of the global definitions' MPI group of type
//   COMM_LOCATIONS (OTF2: "the index of the entry is the rank in
//   MPI_COMM_WORLD"); a trace without one takes its CPU-thread locations by
//   increasing id. No other location is read (OpenMP threads, GPU streams,
//   metric locations). Ranks in records are relative to their communicator:
//   its COMM_GROUP lists indices of the COMM_LOCATIONS group, i.e. world
//   ranks (with OTF2_GROUP_FLAG_GLOBAL_MEMBERS the records hold world ranks
//   already); COMM_SELF's rank 0 is the rank itself. Inter-communicators are
//   refused.
// Time. A timestamp (OTF2 applies the local definitions' clock offsets) is
//   counted from the ClockProperties' global offset, the trace's start, and
//   turned into picoseconds at its timer resolution, rounded to the nearest.
// Compute. An MPI operation spans an MPI region (paradigm MPI, or a name
//   starting "MPI_", any case) from its Enter to its Leave, a collective
//   from its MpiCollectiveBegin to its End, or, outside both, a single
//   record (its instant). A rank's time outside MPI operations, from the trace's start
//   to its last record, is compute: each gap is one compute event. Time in
//   an MPI call nocsim does not model (MPI_Init, MPI_Comm_split, MPI_Test,
//   MPI_Finalize, ...) is neither compute nor communication: dropped.
// Point to point. MpiSend -> send, MpiIsend -> isend, MpiRecv (recorded
//   when the receive completes) -> recv, each with the record's peer (as a
//   world rank), tag and length. A send or isend inside a region named
//   MPI_Ssend or MPI_Issend (any case) is synchronous, inside MPI_Bsend or
//   MPI_Ibsend buffered (Event::mode); MPI_Rsend's stays standard
//   (docs/workloads.md, "Protocols", says why). Inside MPI_Sendrecv or
//   MPI_Sendrecv_replace, whose send record Score-P writes at the call's
//   start and whose receive record at its end, the two become an isend and
//   an irecv, and the call's end a wait for both: MPI runs the halves at
//   once (a ring of them never blocks).
//   MpiIrecvRequest puts an irecv where the receive was posted; its
//   MpiIrecv (same request id, recorded at completion) fills in sender,
//   tag and length; one that never completes (cancelled, or the trace
//   ends first) is left out. An MpiIrecv without a request becomes an
//   irecv where it stands. Sources and tags are the
//   matched ones (MPI_ANY_SOURCE and MPI_ANY_TAG do not survive tracing), so
//   the replay receives what the run received. Each keeps its communicator
//   (CommRanks::context, numbered by ref): a receive matches only messages
//   sent on its own. A message to the rank itself
//   never enters the network: left out. A tag at or above 2^30 is refused
//   (nocsim's collectives use those). MpiRequestTest carries nothing a
//   replay needs.
// Waits. An MPI region holding completion records (MpiIsendComplete, an
//   MpiIrecv of a posted request, or one without a request), as Score-P
//   writes them inside the MPI_Wait* or MPI_Test* call that found them
//   complete, ends in a wait for exactly those requests (Event::counts,
//   numbered among the rank's isends, irecvs and non-blocking collectives
//   kept: RankReader::move_to). A region named MPI_Wait, MPI_Waitall,
//   MPI_Waitany or MPI_Waitsome (any case) without any completed nothing
//   where the rank records completions elsewhere (with =overlap, a
//   non-blocking collective's counts; no wait), else it is a wait for
//   every open request.
// Collectives (at MpiCollectiveEnd, on the record's communicator, whose
//   members take part, n of them, by their rank in it; sizes as Score-P
//   counts them: its own block included, MPI_IN_PLACE excluded):
//   barrier; bcast (root; bytes = sizeReceived, which every rank, root
//   included, reports as the payload); reduce (root; bytes = sizeSent, or
//   at an in-place root, whose sizeSent is 0, sizeReceived / (n - 1));
//   gather (as reduce); scatter (root; bytes = sizeReceived, or at an
//   in-place root sizeSent / (n - 1)); allreduce, alltoall, allgather and
//   reduce_scatter_block (bytes = sizeSent / n, or sizeSent / (n - 1)
//   when only n - 1 divides it: MPI_IN_PLACE); scan and exscan (at
//   communicator rank m, sizeSent counts n - m blocks and sizeReceived
//   m + 1, or n - m - 1 and m in place and for exscan); alltoallv (OTF2 keeps only
//   the total: sizeSent spread evenly over the n - 1 other ranks, a byte of
//   the remainder each to the first ones; Score-P's total holds the own
//   block unless in place, which the total cannot tell: docs/workloads.md;
//   alltoallw read as an alltoallv, Score-P's totals being the same);
//   gatherv, scatterv, allgatherv and reduce_scatter (each rank's own
//   block: gatherv's sizeSent, scatterv's sizeReceived, allgatherv's
//   sizeSent and reduce_scatter's sizeReceived / n, or / (n - 1) in place).
//   A collective on a one-rank communicator moves nothing and is left out,
//   as is communicator and window management (OTF2's create/destroy
//   handle and (de)allocate operations).
// Non-blocking collectives (NonBlockingCollectiveRequest, at the
//   MPI_I<collective> call; NonBlockingCollectiveComplete, with the
//   operation, communicator and sizes, in the wait that completes it):
//   refused with the operation and the location, or, with
//   workload.nonblocking_collectives=blocking, the blocking collective of
//   that operation where the request was made, read from the completion
//   as above (without a request record: where the completion stands);
//   the wait that completes one waits for nothing more. The overlap of
//   the collective with what the rank does before that wait is lost.
//   With =overlap, the non-blocking collective where the request was
//   made, and the wait call that completed it waits for it (a completion
//   without a request record: a non-blocking collective started there and
//   waited for at once, so that it matches the other ranks' non-blocking
//   call when no other collective of its communicator lies between). A
//   request without a completion record is refused either way (its
//   operation is unknown), as are non-blocking scans (a scan's block is
//   settled by the k-th scan on its communicator, which the request's
//   place in the trace cannot name); non-blocking collectives do not
//   count among a communicator's collectives for the blocking scans.
// Limits. Those of the text format (docs/reliability.md): 2^20 ranks,
//   20,000,000 events, 2^40 bytes per message, 10^12 ns per compute event.
// Everything else (other paradigms, RMA, I/O, metrics, buffer flushes) is
//   ignored.

#include <otf2/otf2.h>

#include <algorithm>
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <exception>
#include <fstream>
#include <limits>
#include <memory>
#include <new>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/error.h"
#include "workload/text_trace.h"  // the input limits

#if OTF2_VERSION_MAJOR < 3
#error "the OTF2 reader needs OTF2 3.0 or later (the Comm and ClockProperties definitions changed in 3.0)"
#endif

namespace nocsim {
namespace {

constexpr uint64_t kPsPerSecond = 1'000'000'000'000;
constexpr uint8_t kMpiRegion = 1, kWaitRegion = 2, kSyncRegion = 4, kBufferedRegion = 8, kSendrecvRegion = 16;
constexpr size_t kMaxComms = size_t{1} << 16;  // numbered in Event::comm's 16 bits
// The text format's limits (docs/reliability.md), for the same reasons.
constexpr auto kMaxComputePs = static_cast<uint64_t>(kMaxComputeNs * 1000);

std::string num(uint64_t v) { return std::to_string(v); }

// ---------------------------------------------------------------- archive

// OTF2 prints its errors on stderr unless a callback takes them; nocsim
// reports one line per error, so the last one is kept for our message.
OTF2_ErrorCode keep_error(void* user, const char*, uint64_t, const char*, OTF2_ErrorCode code, const char* fmt,
                          va_list va) {
  char text[512] = "";
  if (fmt) std::vsnprintf(text, sizeof text, fmt, va);
  *static_cast<std::string*>(user) = text;
  return code;
}

// The callback is process-wide: installed for one read, then the previous
// one is back (its user data, which OTF2 does not return, becomes null).
class ErrorHook {
 public:
  ErrorHook() : previous_(OTF2_Error_RegisterCallback(&keep_error, &last_)) {}
  ~ErrorHook() { OTF2_Error_RegisterCallback(previous_, nullptr); }
  ErrorHook(const ErrorHook&) = delete;
  ErrorHook& operator=(const ErrorHook&) = delete;
  std::string& last() { return last_; }

 private:
  std::string last_;
  OTF2_ErrorCallback previous_;
};

struct CloseReader {
  void operator()(OTF2_Reader* r) const { OTF2_Reader_Close(r); }
};

class Archive {
 public:
  explicit Archive(const std::string& anchor) : reader_(OTF2_Reader_Open(anchor.c_str())) {
    if (!reader_) throw ConfigError("not an OTF2 archive's anchor file" + detail());
    check(OTF2_Reader_SetSerialCollectiveCallbacks(get()), "setting up the OTF2 reader");
  }
  OTF2_Reader* get() const { return reader_.get(); }
  void check(OTF2_ErrorCode code, const std::string& what) {
    if (code != OTF2_SUCCESS) throw ConfigError(what + ": " + OTF2_Error_GetDescription(code) + detail());
  }
  // A step allowed to fail (optional files): its error is not kept.
  bool optional(OTF2_ErrorCode code) {
    hook_.last().clear();
    return code == OTF2_SUCCESS;
  }
  std::string detail() { return hook_.last().empty() ? "" : " (" + hook_.last() + ")"; }

 private:
  ErrorHook hook_;  // first: installed before the reader opens, removed after it closes
  std::unique_ptr<OTF2_Reader, CloseReader> reader_;
};

// ------------------------------------------------------------ definitions

struct Defs {
  bool clock = false;
  uint64_t resolution = 0;  // ticks per second
  uint64_t offset = 0;      // the trace's start, in ticks
  std::unordered_map<OTF2_StringRef, std::string> strings;
  std::vector<std::pair<OTF2_LocationRef, OTF2_LocationType>> locations;  // in definition order
  struct Region {
    OTF2_StringRef name;
    OTF2_Paradigm paradigm;
  };
  std::unordered_map<OTF2_RegionRef, Region> regions;
  struct Group {
    OTF2_GroupType type;
    OTF2_GroupFlag flags;
    std::vector<uint64_t> members;
  };
  std::unordered_map<OTF2_GroupRef, Group> groups;  // MPI's communication groups only
  struct Comm {
    OTF2_StringRef name;
    OTF2_GroupRef group;
  };
  std::unordered_map<OTF2_CommRef, Comm> comms;
  OTF2_GroupRef world = OTF2_UNDEFINED_GROUP;  // MPI's COMM_LOCATIONS group

  std::string text(OTF2_StringRef s) const {
    const auto it = strings.find(s);
    return it == strings.end() ? std::string() : it->second;
  }
};

// A C callback must not let an exception through OTF2's C frames; the only
// one storing definitions can throw is bad_alloc, reported as an interrupt.
template <class F>
OTF2_CallbackCode stored(F&& f) {
  try {
    f();
    return OTF2_CALLBACK_SUCCESS;
  } catch (...) {
    return OTF2_CALLBACK_INTERRUPT;
  }
}

OTF2_CallbackCode def_clock(void* d, uint64_t resolution, uint64_t offset, uint64_t, uint64_t) {
  auto& defs = *static_cast<Defs*>(d);
  defs.clock = true;
  defs.resolution = resolution;
  defs.offset = offset;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode def_string(void* d, OTF2_StringRef self, const char* s) {
  return stored([&] { static_cast<Defs*>(d)->strings[self] = s ? s : ""; });
}

OTF2_CallbackCode def_location(void* d, OTF2_LocationRef self, OTF2_StringRef, OTF2_LocationType type, uint64_t,
                               OTF2_LocationGroupRef) {
  return stored([&] { static_cast<Defs*>(d)->locations.emplace_back(self, type); });
}

OTF2_CallbackCode def_region(void* d, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef, OTF2_StringRef,
                             OTF2_RegionRole, OTF2_Paradigm paradigm, OTF2_RegionFlag, OTF2_StringRef, uint32_t,
                             uint32_t) {
  return stored([&] { static_cast<Defs*>(d)->regions[self] = {name, paradigm}; });
}

OTF2_CallbackCode def_group(void* d, OTF2_GroupRef self, OTF2_StringRef, OTF2_GroupType type, OTF2_Paradigm paradigm,
                            OTF2_GroupFlag flags, uint32_t count, const uint64_t* members) {
  auto& defs = *static_cast<Defs*>(d);
  const bool comm_type = type == OTF2_GROUP_TYPE_COMM_LOCATIONS || type == OTF2_GROUP_TYPE_COMM_GROUP ||
                         type == OTF2_GROUP_TYPE_COMM_SELF;
  if (paradigm != OTF2_PARADIGM_MPI || !comm_type) return OTF2_CALLBACK_SUCCESS;  // regions, metrics, OpenMP teams
  if (type == OTF2_GROUP_TYPE_COMM_LOCATIONS && defs.world == OTF2_UNDEFINED_GROUP) defs.world = self;
  return stored([&] { defs.groups[self] = {type, flags, std::vector<uint64_t>(members, members + count)}; });
}

OTF2_CallbackCode def_comm(void* d, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group, OTF2_CommRef,
                           OTF2_CommFlag) {
  return stored([&] { static_cast<Defs*>(d)->comms[self] = {name, group}; });
}

Defs read_defs(Archive& a) {
  std::unique_ptr<OTF2_GlobalDefReaderCallbacks, void (*)(OTF2_GlobalDefReaderCallbacks*)> cbs(
      OTF2_GlobalDefReaderCallbacks_New(), &OTF2_GlobalDefReaderCallbacks_Delete);
  if (!cbs) throw std::bad_alloc();
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(cbs.get(), &def_clock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback(cbs.get(), &def_string);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(cbs.get(), &def_location);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback(cbs.get(), &def_region);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback(cbs.get(), &def_group);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback(cbs.get(), &def_comm);
  OTF2_GlobalDefReader* reader = OTF2_Reader_GetGlobalDefReader(a.get());
  if (!reader) throw ConfigError("cannot open the global definitions" + a.detail());
  Defs defs;
  a.check(OTF2_Reader_RegisterGlobalDefCallbacks(a.get(), reader, cbs.get(), &defs), "reading the global definitions");
  uint64_t count = 0;
  a.check(OTF2_Reader_ReadAllGlobalDefinitions(a.get(), reader, &count), "reading the global definitions");
  a.check(OTF2_Reader_CloseGlobalDefReader(a.get(), reader), "closing the global definitions");
  if (!defs.clock || defs.resolution == 0)
    throw ConfigError("the global definitions give no clock properties (a timer resolution above 0)");
  return defs;
}

// ---------------------------------------------------------------- context

// A communicator's ranks as world ranks.
struct CommRanks {
  std::string name;
  bool self = false;    // MPI_COMM_SELF and co: rank 0 is the rank itself
  // OTF2_GROUP_FLAG_GLOBAL_MEMBERS: records hold world ranks (a group
  // without members: every rank, `world` filled in world order).
  bool global = false;
  uint16_t context = 0;  // Event::comm: its rank among the MPI communicators' refs
  std::vector<int32_t> world;  // communicator rank -> world rank
  size_t size() const { return self ? 1 : world.size(); }
};

// What the event callbacks need of the definitions.
struct Context {
  int ranks = 0;
  std::vector<OTF2_LocationRef> location;  // by rank
  std::unordered_map<OTF2_RegionRef, uint8_t> region;  // kMpiRegion | kWaitRegion; absent: neither
  std::unordered_map<OTF2_CommRef, CommRanks> comms;
  uint64_t resolution = 0, offset = 0;
  uint64_t events = 0;  // read so far, every rank (kMaxTraceEvents)
  // By collective (the k-th on a communicator, ScanKey), for scans only:
  // the block a rank whose sizes have one reading gave, which settles a
  // rank whose sizes fit both (RankReader::scan_block).
  std::unordered_map<uint64_t, uint64_t> scan_blocks;
  NonblockingCollectives nbc = NonblockingCollectives::Refuse;
};

void find_ranks(const Defs& d, Context& cx) {
  std::unordered_set<OTF2_LocationRef> defined;
  for (const auto& [id, type] : d.locations) defined.insert(id);
  if (d.world != OTF2_UNDEFINED_GROUP) {
    cx.location = d.groups.at(d.world).members;
  } else {  // no MPI group: a trace from another writer; every thread is a rank
    for (const auto& [id, type] : d.locations)
      if (type == OTF2_LOCATION_TYPE_CPU_THREAD) cx.location.push_back(id);
    std::sort(cx.location.begin(), cx.location.end());
  }
  if (cx.location.empty())
    throw ConfigError("no MPI ranks: the definitions hold neither an MPI locations group nor a CPU thread location");
  if (cx.location.size() > static_cast<size_t>(kMaxRanks))
    throw ConfigError(num(cx.location.size()) + " ranks; at most " + num(kMaxRanks) + " (an input limit)");
  std::unordered_set<OTF2_LocationRef> seen;
  for (size_t r = 0; r < cx.location.size(); ++r) {
    if (!defined.count(cx.location[r]) || !seen.insert(cx.location[r]).second)
      throw ConfigError("the MPI locations group names location " + num(cx.location[r]) + " for rank " + num(r) +
                        ", which is " + (defined.count(cx.location[r]) ? "another rank's" : "not defined"));
  }
  cx.ranks = static_cast<int>(cx.location.size());
}

void map_comms(const Defs& d, Context& cx) {
  std::vector<OTF2_CommRef> refs;  // in order, so that the contexts do not follow the hash map's
  for (const auto& kv : d.comms) refs.push_back(kv.first);
  std::sort(refs.begin(), refs.end());
  for (const OTF2_CommRef ref : refs) {
    const Defs::Comm& comm = d.comms.at(ref);
    const auto g = d.groups.find(comm.group);
    if (g == d.groups.end() || g->second.type == OTF2_GROUP_TYPE_COMM_LOCATIONS) continue;  // not MPI's
    if (cx.comms.size() == kMaxComms)
      throw ConfigError("more than " + num(kMaxComms) + " MPI communicators (an input limit: Event::comm)");
    CommRanks c;
    c.context = static_cast<uint16_t>(cx.comms.size());
    c.name = d.text(comm.name);
    c.self = g->second.type == OTF2_GROUP_TYPE_COMM_SELF;
    c.global = (g->second.flags & OTF2_GROUP_FLAG_GLOBAL_MEMBERS) != 0;
    for (const uint64_t m : c.self ? std::vector<uint64_t>() : g->second.members) {
      if (m >= static_cast<uint64_t>(cx.ranks))
        throw ConfigError("communicator '" + c.name + "' (" + num(ref) + ") names rank " + num(m) + " of " +
                          num(cx.ranks));
      c.world.push_back(static_cast<int32_t>(m));
    }
    if (c.global && c.world.empty())  // every rank, in world order
      for (int r = 0; r < cx.ranks; ++r) c.world.push_back(r);
    cx.comms.emplace(ref, std::move(c));
  }
}

Context make_context(const Defs& d) {
  Context cx;
  cx.resolution = d.resolution;
  cx.offset = d.offset;
  find_ranks(d, cx);
  map_comms(d, cx);
  for (const auto& [ref, region] : d.regions) {
    std::string name = d.text(region.name);  // any case: a writer may use Fortran's MPI_WAITALL
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    uint8_t kind = region.paradigm == OTF2_PARADIGM_MPI || name.rfind("mpi_", 0) == 0 ? kMpiRegion : 0;
    if (name == "mpi_wait" || name == "mpi_waitall" || name == "mpi_waitany" || name == "mpi_waitsome")
      kind |= kWaitRegion;
    if (name == "mpi_ssend" || name == "mpi_issend") kind |= kSyncRegion;
    if (name == "mpi_bsend" || name == "mpi_ibsend") kind |= kBufferedRegion;
    if (name == "mpi_sendrecv" || name == "mpi_sendrecv_replace") kind |= kSendrecvRegion;
    if (kind) cx.region[ref] = kind;
  }
  return cx;
}

// ------------------------------------------------------------------ ranks

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

Event make_event(EventKind k, uint64_t amount = 0) {
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

// -------------------------------------------------------- event callbacks

template <class F>
OTF2_CallbackCode on(void* user, uint64_t position, OTF2_TimeStamp t, F&& f) {
  auto& rank = *static_cast<RankReader*>(user);
  try {
    rank.at(position, t);
    f(rank);
    return OTF2_CALLBACK_SUCCESS;
  } catch (...) {  // not through OTF2's C frames: kept, rethrown after the read
    rank.error = std::current_exception();
    return OTF2_CALLBACK_INTERRUPT;
  }
}

using Attrs = OTF2_AttributeList*;

OTF2_CallbackCode on_enter(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, OTF2_RegionRef r) {
  return on(u, pos, t, [&](RankReader& k) { k.enter(r); });
}
OTF2_CallbackCode on_leave(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, OTF2_RegionRef r) {
  return on(u, pos, t, [&](RankReader& k) { k.leave(r); });
}
OTF2_CallbackCode on_send(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, uint32_t to,
                          OTF2_CommRef c, uint32_t tag, uint64_t bytes) {
  return on(u, pos, t, [&](RankReader& k) { k.message(EventKind::Send, to, c, tag, bytes); });
}
OTF2_CallbackCode on_isend(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, uint32_t to,
                           OTF2_CommRef c, uint32_t tag, uint64_t bytes, uint64_t req) {
  return on(u, pos, t, [&](RankReader& k) { k.message(EventKind::Isend, to, c, tag, bytes, req); });
}
OTF2_CallbackCode on_recv(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, uint32_t from,
                          OTF2_CommRef c, uint32_t tag, uint64_t bytes) {
  return on(u, pos, t, [&](RankReader& k) { k.message(EventKind::Recv, from, c, tag, bytes); });
}
OTF2_CallbackCode on_irecv_request(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, uint64_t req) {
  return on(u, pos, t, [&](RankReader& k) { k.irecv_posted(req); });
}
OTF2_CallbackCode on_irecv(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, uint32_t from,
                           OTF2_CommRef c, uint32_t tag, uint64_t bytes, uint64_t req) {
  return on(u, pos, t, [&](RankReader& k) { k.irecv_done(from, c, tag, bytes, req); });
}
OTF2_CallbackCode on_isend_complete(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, uint64_t req) {
  return on(u, pos, t, [&](RankReader& k) { k.isend_done(req); });
}
OTF2_CallbackCode on_cancelled(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, uint64_t req) {
  return on(u, pos, t, [&](RankReader& k) { k.cancelled(req); });
}
OTF2_CallbackCode on_coll_begin(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs) {
  return on(u, pos, t, [&](RankReader& k) { k.collective_begin(); });
}
OTF2_CallbackCode on_coll_end(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, OTF2_CollectiveOp op,
                              OTF2_CommRef c, uint32_t root, uint64_t sent, uint64_t received) {
  return on(u, pos, t, [&](RankReader& k) { k.collective_end(op, c, root, sent, received); });
}
OTF2_CallbackCode on_nbc_request(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, uint64_t req) {
  return on(u, pos, t, [&](RankReader& k) { k.nonblocking_request(req); });
}
OTF2_CallbackCode on_nbc(OTF2_LocationRef, OTF2_TimeStamp t, uint64_t pos, void* u, Attrs, OTF2_CollectiveOp op,
                         OTF2_CommRef c, uint32_t root, uint64_t sent, uint64_t received, uint64_t req) {
  return on(u, pos, t, [&](RankReader& k) { k.nonblocking_done(op, c, root, sent, received, req); });
}

using EventCallbacks = std::unique_ptr<OTF2_EvtReaderCallbacks, void (*)(OTF2_EvtReaderCallbacks*)>;

EventCallbacks event_callbacks() {
  EventCallbacks cbs(OTF2_EvtReaderCallbacks_New(), &OTF2_EvtReaderCallbacks_Delete);
  if (!cbs) throw std::bad_alloc();
  OTF2_EvtReaderCallbacks* c = cbs.get();
  OTF2_EvtReaderCallbacks_SetEnterCallback(c, &on_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback(c, &on_leave);
  OTF2_EvtReaderCallbacks_SetMpiSendCallback(c, &on_send);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback(c, &on_isend);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback(c, &on_recv);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback(c, &on_irecv_request);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback(c, &on_irecv);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback(c, &on_isend_complete);
  OTF2_EvtReaderCallbacks_SetMpiRequestCancelledCallback(c, &on_cancelled);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback(c, &on_coll_begin);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback(c, &on_coll_end);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveRequestCallback(c, &on_nbc_request);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveCompleteCallback(c, &on_nbc);
  return cbs;
}

// ---------------------------------------------------------------- reading

// The local definitions hold the mapping tables and clock offsets OTF2
// applies to the location's events: read (into no callbacks) first.
void read_location(Archive& a, const OTF2_EvtReaderCallbacks* cbs, RankReader& rank, bool local_defs) {
  const OTF2_LocationRef loc = rank.location();
  const std::string what = "location " + num(loc);
  OTF2_DefReader* defs = local_defs ? OTF2_Reader_GetDefReader(a.get(), loc) : nullptr;
  if (defs) {
    uint64_t count = 0;
    a.check(OTF2_Reader_ReadAllLocalDefinitions(a.get(), defs, &count), "reading the definitions of " + what);
    a.check(OTF2_Reader_CloseDefReader(a.get(), defs), "closing the definitions of " + what);
  }
  OTF2_EvtReader* events = OTF2_Reader_GetEvtReader(a.get(), loc);
  if (!events) throw ConfigError("cannot open the events of " + what + a.detail());
  a.check(OTF2_Reader_RegisterEvtCallbacks(a.get(), events, cbs, &rank), "reading the events of " + what);
  uint64_t count = 0;
  const OTF2_ErrorCode code = OTF2_Reader_ReadAllLocalEvents(a.get(), events, &count);
  if (rank.error) std::rethrow_exception(rank.error);
  a.check(code, "reading the events of " + what);
  rank.finish();
  a.check(OTF2_Reader_CloseEvtReader(a.get(), events), "closing the events of " + what);
}

// One location at a time, its events moved into the program at once: the
// peak memory is the program's and one rank's records.
Program read_program(Archive& a, Context& cx, uint64_t max_ops, CollectiveRule rule) {
  for (const OTF2_LocationRef loc : cx.location)
    a.check(OTF2_Reader_SelectLocation(a.get(), loc), "selecting location " + num(loc));
  const bool local_defs = a.optional(OTF2_Reader_OpenDefFiles(a.get()));  // optional in OTF2
  a.check(OTF2_Reader_OpenEvtFiles(a.get()), "opening the event files");
  const EventCallbacks cbs = event_callbacks();
  Program prog(cx.ranks, max_ops);
  std::vector<std::string> names(cx.comms.size());
  for (const auto& [ref, c] : cx.comms) {
    names[c.context] = c.name;
    if (c.self) continue;  // its collectives move nothing (left out)
    try {
      if (!c.world.empty()) prog.define_comm(c.context, c.world);
    } catch (const ConfigError& e) {
      throw ConfigError("communicator '" + c.name + "' (" + num(ref) + "): " + e.what());
    }
  }
  prog.set_comm_names(std::move(names));
  for (int r = 0; r < cx.ranks; ++r) {
    RankReader rank(cx, r);
    read_location(a, cbs.get(), rank, local_defs);
    rank.move_to(prog);
  }
  a.check(OTF2_Reader_CloseEvtFiles(a.get()), "closing the event files");
  if (local_defs) a.check(OTF2_Reader_CloseDefFiles(a.get()), "closing the definition files");
  prog.finish(max_ops, rule);
  return prog;
}

}  // namespace

Program read_otf2_trace(const std::string& anchor_path, const std::string& key, uint64_t max_ops,
                        CollectiveRule rule, NonblockingCollectives nbc) {
  if (!std::ifstream(anchor_path)) throw ConfigError(key + ": cannot read '" + anchor_path + "'");
  try {
    Archive archive(anchor_path);
    const Defs defs = read_defs(archive);
    Context cx = make_context(defs);
    cx.nbc = nbc;
    return read_program(archive, cx, max_ops, rule);
  } catch (const ConfigError& e) {
    throw ConfigError(key + " (" + anchor_path + "): " + e.what());
  }
}

}  // namespace nocsim
