#include "workload/otf2_archive.h"

#include <algorithm>
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <new>
#include <unordered_set>

#include "core/error.h"
#include "workload/text_trace.h"  // the input limits

namespace nocsim::otf2 {
namespace {

constexpr size_t kMaxComms = size_t{1} << 16;  // numbered in Event::comm's 16 bits

// OTF2 prints its errors on stderr unless a callback takes them; nocsim
// reports one line per error, so the last one is kept for our message.
OTF2_ErrorCode keep_error(void* user, const char*, uint64_t, const char*, OTF2_ErrorCode code, const char* fmt,
                          va_list va) {
  char text[512] = "";
  if (fmt) std::vsnprintf(text, sizeof text, fmt, va);
  *static_cast<std::string*>(user) = text;
  return code;
}

}  // namespace

ErrorHook::ErrorHook() : previous_(OTF2_Error_RegisterCallback(&keep_error, &last_)) {}
ErrorHook::~ErrorHook() { OTF2_Error_RegisterCallback(previous_, nullptr); }

namespace {

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

}  // namespace

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

namespace {

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

}  // namespace

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

}  // namespace nocsim::otf2
