#pragma once
// Routing in three parts (docs/architecture.md, "Routing, VC policy,
// selection"): the routing function returns candidates (output port, hop
// class, the reference position the hop takes and the head's routing header
// after it) and nothing about VCs; a VC policy (vc/vc_policy.h) maps each
// candidate to the output VCs it may use; a selection function in VA
// (vc/selection.h) chooses among candidates and VCs. One routing instance per
// router; no singletons.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/flit.h"
#include "core/registry.h"
#include "core/route.h"
#include "core/vc_sequence.h"

namespace nocsim {

class Topology;
class Config;
class VcPolicy;
class JsonWriter;
class TrafficPattern;
class RoutingStats;

// Read-only congestion state of the network, as committed at the last clock
// edge (adaptive routings read it in RC; reading it cannot depend on process
// order). Reads go by port or by a range of VCs, the range a VC policy gives
// a candidate: a routing never picks "the" VC of a candidate itself.
class CongestionView {
 public:
  virtual ~CongestionView() = default;
  // Flits queued toward the least occupied VC of `vcs` at output `port` of
  // `router`: its downstream buffer occupancy (depth - credits) plus the
  // port's own output queue. With a one-VC range, that VC's occupancy.
  virtual int occupancy(int router, int port, VcRange vcs) const = 0;
  // Credits of the VC of `vcs` that holds the most (free downstream slots).
  virtual int credits(int router, int port, VcRange vcs) const = 0;
  // Flits granted to `port` at `router` that have not left on its link yet
  // (the crossbar pipeline and output buffer).
  virtual int output_queue(int router, int port) const = 0;
  // Downstream occupancy over all VCs of the port plus its output queue.
  virtual int port_occupancy(int router, int port) const = 0;
  // Flits of the packets at `router` that hold an output VC of `port` and
  // have not crossed its switch yet (flits still arriving included): in an
  // input-queued router, the queue before the link (routing.occupancy=queued).
  virtual int port_queued(int /*router*/, int /*port*/) const { return 0; }
  // vc.mincred: downstream slots of `port` (all VCs) held by flits routed
  // minimally over it (FlexVC's minCred, docs/vc-flexvc.md, "minCred").
  virtual int min_occupancy(int /*router*/, int /*port*/) const { return 0; }
  // Downstream flits per VC of `port`: the credit ceiling.
  virtual int depth(int router, int port) const = 0;
  // PiggyBack: is this global port flagged saturated in its router's group?
  virtual bool saturated(int /*router*/, int /*port*/) const { return false; }
  // Contention counters (congestion/contention.h), as registered at the last
  // edge: is the counter of output `port` of `router` above its threshold?
  virtual bool contended(int /*router*/, int /*port*/) const { return false; }
  // ECtN: is the combined counter of destination group `group` known at `router` above its threshold?
  virtual bool group_contended(int /*router*/, int /*group*/) const { return false; }
};

struct RouteContext {
  int router;
  int in_port;
  int in_vc;
  const Flit& head;
  const CongestionView* view = nullptr;
  // The router's VC policy: adaptive routings read congestion over the VCs
  // a candidate would be allowed (VcPolicy::range).
  const VcPolicy* vcs = nullptr;
  HeadAt at{};  // the head's input VC (VC policies that depend on it: FlexVC)
  bool paths = false;  // vcs->needs_paths(): fill RouteCandidate::path and escape
  // The random stream a routing draws from: 0 for RC, 1 for VA's own calls
  // (re-evaluation, lookahead). One stream per stage keeps the draws
  // independent of the order the kernel runs a router's stages in.
  int stream = 0;
};

class Routing {
 public:
  virtual ~Routing() = default;
  // Called by RC once per packet per router, and by VA again for lookahead
  // routing and re-evaluation; may draw random numbers (from the stream
  // ctx.stream names, per router), hence not const. At most kMaxCandidates
  // candidates, best first.
  virtual void route(const RouteContext& ctx, std::vector<RouteCandidate>& out) = 0;
  // Decides by congestion: with routing.reevaluate, VA asks again at every
  // allocation attempt after the first.
  virtual bool adaptive() const { return false; }
  // One path per source and destination, drawing no random number: a copy
  // of the routing can walk a packet's path ahead of it (link power's awake).
  virtual bool deterministic() const { return false; }
  // Reads, through the view, the state of routers other than the one it
  // routes at (UGAL-G's remote queues). Such reads must see every router's
  // state as the cycle's commits left it, which rules out committing each
  // router's stages right after its evaluate (Router::set_one_pass).
  // Conservative unless a routing says otherwise.
  virtual bool reads_other_routers() const { return true; }
  // VA granted candidate c, marked kHopReport, to the head it was computed
  // for (once per packet and router): per-hop statistics attach here. Only
  // marked candidates are reported, so routings without statistics cost
  // nothing per grant.
  virtual void granted(const RouteCandidate& /*c*/) {}
  // The reference sequence whose positions candidates name (RouteCandidate::pos).
  virtual const VcSequence& reference() const = 0;
  // The network's statistics object of this routing family (RoutingStats,
  // null without one), handed to every router's routing once built: for
  // figures only the deciding router knows (the torus profit rule's view).
  virtual void attach_stats(RoutingStats* /*stats*/) {}
  // A routing that writes it while routers run (RC or VA) defers the write
  // on a worker thread of sim.threads (Outbox::later, parallel/outbox.h).
  // Congestion providers the routing reads besides the view's buffers (e.g.
  // "pb", the PiggyBack saturation board); network assembly builds them.
  virtual std::vector<std::string> congestion_providers() const { return {}; }
};

// What a routing's statistics may read when the run's JSON is written.
struct RoutingReport {
  const Topology& topology;
  // The one pattern the measured window's traffic follows; null when there
  // is none (a closed-loop workload, traffic.phases of several patterns):
  // no pattern's figures then describe the run.
  const TrafficPattern* pattern;
  double measured_delivered;  // measured packets delivered: the denominator of per-packet fractions
};

// A routing family's own statistics of a run, one object per network: it
// sees the measured heads whose routing header carries one of its flags as
// they are delivered, and writes its fields into the run's JSON (torus
// deroutes, the dragonfly's channel-load bound). Routings without one cost
// nothing per packet.
class RoutingStats {
 public:
  virtual ~RoutingStats() = default;
  // RoutingHeader::flags bits of the delivered measured heads to report (0: none).
  virtual uint8_t head_flags() const { return 0; }
  virtual void delivered(const Flit& /*head*/) {}
  virtual void write(JsonWriter& j, const RoutingReport& r) const = 0;
};

struct RoutingFactory {
  // `cfg` for the family's own keys; `seed`: the run's (sim.seed).
  std::function<std::unique_ptr<Routing>(const Topology&, const Config& cfg, uint64_t seed, int router)> make;
  // Start-up checks shared by every router (VC counts, topology kind); throws ConfigError.
  std::function<void(const Topology&, const Config&)> validate;
  // The family's statistics, or none (may be empty, or return null).
  std::function<std::unique_ptr<RoutingStats>(const Topology&, const Config&)> stats;
  // RouterParams::slot: the flits a packet on one of its kHopSlot hops holds
  // downstream under these packet sizes (their least and most), 0 for none;
  // empty for a routing that never marks one (sim/memory.cpp then counts
  // no slot pads).
  std::function<int(const Topology&, int least_packet, int most_packet)> slot;
};
using RoutingRegistry = Registry<RoutingFactory>;

// Flits queued toward the VCs the router's policy allows candidate c (the
// view's occupancy over ctx.vcs's range; the first VC without a policy),
// 0 without a view: what the adaptive routings weigh candidates by.
long candidate_queue(const RouteContext& ctx, const RouteCandidate& c);

// Open routing families: registers `f` as routing.algorithm `name` for the
// topologies `family` names (topology.type) and `mine` accepts; on any other
// topology the factory registered under `name` before answers (so "dor" is
// the torus's on a torus and HyperX's on a HyperX). Register in an order;
// the last family asked first.
void add_family_routing(RoutingRegistry& reg, const std::string& name, const std::string& family,
                        std::function<bool(const Topology&)> mine, RoutingFactory f);

// Explicit registration (static self-registration is dropped by the linker).
void register_torus_routings(RoutingRegistry& reg);
void register_dragonfly_routings(RoutingRegistry& reg);
void register_hyperx_routings(RoutingRegistry& reg);
void register_fat_tree_routings(RoutingRegistry& reg);
void register_graph_routings(RoutingRegistry& reg);
void register_dragonfly_plus_routings(RoutingRegistry& reg);
// Every routing of the build; a test may add its own (mutable_routing_registry).
const RoutingRegistry& routing_registry();
RoutingRegistry& mutable_routing_registry();

struct KeySpec;
// The routing.* keys of the configuration schema (sim/schema.cpp).
void add_routing_keys(std::vector<KeySpec>& schema);

}  // namespace nocsim
