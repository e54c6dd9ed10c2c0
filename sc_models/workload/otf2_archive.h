#pragma once
// What the OTF2 trace reader (otf2_trace.cpp, whose opening comment states
// the rules) needs before it reads any event: the archive, opened with
// OTF2's errors kept for nocsim's one-line messages; its global
// definitions; and what the event callbacks need of them (ranks, each
// communicator's members as world ranks, MPI regions by kind).
#include <otf2/otf2.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/error.h"
#include "workload/otf2_trace.h"

#if OTF2_VERSION_MAJOR < 3
#error "the OTF2 reader needs OTF2 3.0 or later (the Comm and ClockProperties definitions changed in 3.0)"
#endif

namespace nocsim::otf2 {

// Context::region's kinds of MPI region.
constexpr uint8_t kMpiRegion = 1, kWaitRegion = 2, kSyncRegion = 4, kBufferedRegion = 8, kSendrecvRegion = 16;

inline std::string num(uint64_t v) { return std::to_string(v); }

// The callback is process-wide: installed for one read, then the previous
// one is back (its user data, which OTF2 does not return, becomes null).
class ErrorHook {
 public:
  ErrorHook();
  ~ErrorHook();
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

// The global definitions, as stored.
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

// Throws ConfigError for definitions without a clock.
Defs read_defs(Archive& a);

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

// Throws ConfigError for ranks or communicators nocsim cannot run.
Context make_context(const Defs& d);

}  // namespace nocsim::otf2
