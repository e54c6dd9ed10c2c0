#include "sim/memory.h"

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>
#include <sys/resource.h>

#include "core/arrival_log.h"
#include "core/error.h"
#include "core/flit.h"
#include "core/packet_times.h"
#include "core/ring.h"
#include "nic/injector.h"
#include "router/output_unit.h"
#include "router/slot_pads.h"
#include "routing/routing.h"
#include "sim/params.h"
#include "sim/network.h"

namespace nocsim {
namespace {

// Bytes per part, fitted to peak RSS of 1-cycle runs (docs/reliability.md):
// meshes of 1,024 to 4,096 routers with 2-32 VCs and 1-4 nodes per router,
// dragonflies of 15 to 31 ports. Refitted after session 27's sockets (one
// per item type and router, issue 35), after session 36's link groups,
// after session 37's one socket per link and one sender per 16 NICs, and
// in session 51 (idle h = 8 from 290 to 243 MiB since session 37; a term
// per port pair, kept until then for the allocators' state, fitted below
// zero and was dropped).
constexpr uint64_t kPerRouter = 9'190, kPerPort = 1'961, kPerVc = 239, kPerNode = 3'912;
constexpr uint64_t kProcess = 12ull << 20;  // the binary, SystemC's kernel, the config
// A phase's source at each node (traffic.phases); a packet waiting in a
// source queue takes Injector::kQueuedPacketBytes.
constexpr uint64_t kPerPhaseNode = 256;
// A traced signal's probe state and names (measured: 250-370 bytes), with
// about 3 signals per port and 7 per input VC (a 31-port dragonfly router
// has 663). An FST file adds its writer's value-change buffer, 128 MiB plus
// 4 MiB of slack, one more 128 MiB per further million signals, and about
// 12 MiB of tables (docs/reliability.md, "Recording").
constexpr uint64_t kPerTracedSignal = 400, kFstBuffer = 132ull << 20, kFstTables = 12ull << 20;
constexpr uint64_t kFstSignalsPerBuffer = 1'000'000;
// A series interval's bin (stats/stats.h SeriesBin), a contention sample per
// router; both vectors grow by doubling, so up to twice what they hold.
constexpr uint64_t kPerSeriesBin = 40, kPerContentionSample = 8, kGrowth = 2;

uint64_t trace_bytes(const TraceConfig& tc, uint64_t ports, uint64_t vcs) {
  if (tc.file.empty()) return 0;
  const uint64_t signals = static_cast<uint64_t>(tc.routers.size()) * (3 * ports + 7 * vcs);
  uint64_t bytes = signals * kPerTracedSignal;
  const std::string& f = tc.file;
  if (f.size() >= 4 && f.compare(f.size() - 4, 4, ".fst") == 0)
    bytes += kFstTables + kFstBuffer + (signals / kFstSignalsPerBuffer) * (128ull << 20);
  return bytes;
}

uint64_t series_bytes(const RunConfig& rc, uint64_t routers) {
  const Cycle period = rc.sim.series_period;
  if (!period) return 0;
  const double intervals = static_cast<double>(rc.sim.drain_limit() / period + 1);
  const double per_interval = static_cast<double>(kPerSeriesBin + (rc.contention.on ? routers * kPerContentionSample : 0));
  // In double: a 10^12-cycle run with a 1-cycle period overflows 64 bits.
  return static_cast<uint64_t>(std::min(static_cast<double>(kGrowth) * intervals * per_interval, 0x1p62));
}

uint64_t meminfo_available() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  uint64_t kb;
  std::string unit;
  while (in >> key >> kb) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return kb << 10;
  }
  return 0;
}

// A number at the start of a file's text, 0 if there is none.
uint64_t leading_number(const std::string& text) {
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  return end != text.c_str() ? v : 0;
}

// The cgroup's limit less what its processes hold that the kernel cannot
// reclaim (anonymous memory; page cache is reclaimed before a limit bites).
uint64_t cgroup_room() {
  std::ifstream max("/sys/fs/cgroup/memory.max"), stat("/sys/fs/cgroup/memory.stat");
  std::string m;
  if (!(max >> m)) return 0;
  const uint64_t limit = leading_number(m);
  if (!limit) return 0;  // "max": no limit
  uint64_t anon = 0;
  for (std::string key, value; stat >> key >> value;)
    if (key == "anon") anon = leading_number(value);
  return limit > anon ? limit - anon : 1;
}

std::string gib(uint64_t bytes) {
  char s[32];
  std::snprintf(s, sizeof s, "%.2f GiB", static_cast<double>(bytes) / (1ull << 30));
  return s;
}

// Bubble routings under packets of several sizes keep an entry per credit
// of each output VC (router/slot_pads.h).
bool slot_pads(const RunConfig& rc) {
  const RoutingFactory* f = routing_registry().find(rc.routing.algorithm);
  return f && f->slot && smallest_packet(rc) != rc.traffic.max_packet();
}

}  // namespace

MemoryEstimate estimate_memory(const TopologyShape& t, const RunConfig& rc) {
  // Per router: input VCs, their buffers' slots, flits in flight on its
  // outgoing links (one a cycle, at most a latency's worth).
  uint64_t vcs = 0, slots = 0, flits = 0, on_links = 0;
  for (int p = 0; p < t.ports; ++p) {
    const ClassParams c = class_params(rc, t.port_class(p));
    vcs += static_cast<uint64_t>(c.vcs);
    slots += static_cast<uint64_t>(c.vcs) * Ring<Flit>::slots_for(static_cast<uint64_t>(c.depth));
    flits += static_cast<uint64_t>(c.vcs) * static_cast<uint64_t>(c.depth);
    on_links += static_cast<uint64_t>(c.latency);
  }
  const uint64_t routers = static_cast<uint64_t>(t.routers), ports = static_cast<uint64_t>(t.ports);
  MemoryEstimate e;
  e.structure = kProcess + t.table_bytes +
                routers * (kPerRouter + ports * kPerPort + vcs * kPerVc) +
                static_cast<uint64_t>(t.nodes) * (kPerNode + rc.traffic.phases.size() * kPerPhaseNode);
  if (slot_pads(rc)) e.structure += routers * flits * SlotPads::kBytesPerCredit;
  e.trace = trace_bytes(rc.trace, ports, vcs);
  e.series = series_bytes(rc, routers);
  e.buffers_full = routers * slots * sizeof(Flit);
  const RouterConfig& r = rc.router;
  const auto st_flits = static_cast<uint64_t>(st_queue_capacity(r.lat_sa, r.lat_st, r.speedup, r.output_buffer_depth));
  e.st_full = routers * ports * Ring<StFlit>::slots_for(st_flits) * sizeof(StFlit);
  e.links_full = routers * on_links * (sizeof(LoggedFlit) + sizeof(LoggedCredit));
  // A packet holds at least a flit of its smallest size; its record's ring
  // per source doubles when full, so up to twice the records.
  const uint64_t held = routers * (flits + ports * st_flits + on_links);
  e.packets_full = held / static_cast<uint64_t>(smallest_packet(rc)) * sizeof(PacketTimes::Times) * kGrowth;
  e.queues_full =
      static_cast<uint64_t>(t.nodes) * static_cast<uint64_t>(rc.traffic.source_queue) * Injector::kQueuedPacketBytes;
  return e;
}

namespace {
// The least non-zero of a and b (0: neither known).
uint64_t least(uint64_t a, uint64_t b) { return !a || (b && b < a) ? b : a; }

// What the process may still take: MemAvailable and the cgroup's room
// shrink as it allocates.
uint64_t memory_left() { return least(meminfo_available(), cgroup_room()); }

// What its address space may reach in all (ulimit -v, -d).
uint64_t address_limit() {
  uint64_t room = 0;
  for (int res : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit r;
    if (!getrlimit(res, &r) && r.rlim_cur != RLIM_INFINITY) room = least(room, static_cast<uint64_t>(r.rlim_cur));
  }
  return room;
}
}  // namespace

uint64_t available_memory() { return least(memory_left(), address_limit()); }

namespace {
// The room the run may take (0: unknown), and how to name it.
uint64_t room_for(const RunConfig& rc, std::string& where) {
  const int64_t limit_mb = rc.sim.memory_limit_mb;
  where = limit_mb > 0 ? "sim.memory_limit_mb=" + std::to_string(limit_mb) : "the memory available";
  return limit_mb > 0 ? static_cast<uint64_t>(limit_mb) << 20 : available_memory();
}
std::string sizes_of(const TopologyShape& t) {
  return t.describe + ": " + std::to_string(t.routers) + " routers of " + std::to_string(t.ports) + " ports, " +
         std::to_string(t.nodes) + " nodes";
}
}  // namespace

void check_memory(const TopologyShape& t, const RunConfig& rc) {
  std::string where;
  const uint64_t room = room_for(rc, where);
  if (!room) return;
  const MemoryEstimate e = estimate_memory(t, rc);
  const std::string sizes = sizes_of(t);
  if (e.structure > room)
    throw ConfigError("topology: " + sizes + " need about " + gib(e.structure) + " to build, more than " + where +
                      " (" + gib(room) + "); use a smaller network");
  if (e.certain() > room) {
    const bool series = e.series >= e.trace;
    throw ConfigError(std::string(series ? "stats.series_period" : "trace.file") + ": recording " +
                      (series ? "the series needs about " + gib(e.series) : "the waveform needs about " + gib(e.trace)) +
                      " beside the " + gib(e.structure) + " of the network, more than " + where + " (" + gib(room) +
                      "); " + (series ? "use a longer period or a shorter run" : "trace fewer routers, or a .vcd"));
  }
}

void check_application_memory(const TopologyShape& t, const RunConfig& rc, uint64_t bytes, const std::string& key) {
  std::string where;
  const uint64_t room = room_for(rc, where);
  const uint64_t network = estimate_memory(t, rc).certain();
  // A limit counts the program with the network; the memory left, measured
  // now, already lacks what the program holds.
  const bool set = rc.sim.memory_limit_mb > 0;
  const uint64_t limit = set ? room : address_limit(), left = set ? 0 : memory_left();
  if ((!limit || network + bytes <= limit) && (!left || network <= left)) return;
  throw ConfigError(key + ": the application's program needs about " + gib(bytes) + " beside the " + gib(network) +
                    " of the network, more than " + where + " (" + gib(room) +
                    "); use a shorter trace, fewer ranks or a smaller network");
}

std::string memory_warning(const TopologyShape& t, const RunConfig& rc) {
  std::string where;
  const uint64_t room = room_for(rc, where);
  const MemoryEstimate e = estimate_memory(t, rc);
  if (!room || e.certain() + e.network_full() + e.queues_full <= room) return "";
  return sizes_of(t) + " need " + gib(e.certain()) + " to build and run and up to " + gib(e.network_full()) +
         " more if every input buffer, ST queue and link fills and " + gib(e.queues_full) +
         " if every source queue does (traffic.source_queue), beyond " + where + " (" + gib(room) + ")";
}

}  // namespace nocsim
