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

#include <exception>
#include <fstream>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "workload/otf2_archive.h"
#include "workload/otf2_rank.h"

namespace nocsim {
namespace {

using otf2::Archive;
using otf2::Context;
using otf2::num;
using otf2::RankReader;

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
    const otf2::Defs defs = otf2::read_defs(archive);
    Context cx = otf2::make_context(defs);
    cx.nbc = nbc;
    return read_program(archive, cx, max_ops, rule);
  } catch (const ConfigError& e) {
    throw ConfigError(key + " (" + anchor_path + "): " + e.what());
  }
}

}  // namespace nocsim
