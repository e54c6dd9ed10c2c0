#pragma once
// Routing function interface: route(context) -> candidates (output port and the
// range of output VCs allowed there). A separate selection picks among several
// candidates; dimension-order routing returns exactly one. One instance per
// router; no singletons.
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/flit.h"

namespace nocsim {

class Topology;
class Config;

// Read-only congestion state of the network, as committed at the last clock
// edge (adaptive routings read it in RC; reading it cannot depend on process order).
class CongestionView {
 public:
  virtual ~CongestionView() = default;
  // Flits queued toward output VC `vc` of `port` at `router`: downstream
  // buffer occupancy (depth - credits) plus the port's own output queue.
  virtual int occupancy(int router, int port, int vc) const = 0;
  // Flits granted to `port` at `router` that have not left on its link yet
  // (the crossbar pipeline and output buffer).
  virtual int output_queue(int router, int port) const = 0;
  // The same over all VCs of the port (the output queue counted once).
  virtual int port_occupancy(int router, int port) const = 0;
  // Credits held for output VC `vc` of `port` (free downstream slots).
  virtual int credits(int router, int port, int vc) const = 0;
  // Downstream flits per VC of `port`: the credit ceiling.
  virtual int depth(int router, int port) const = 0;
  // PiggyBack: is this global port flagged saturated in its router's group?
  virtual bool saturated(int /*router*/, int /*port*/) const { return false; }
};

struct RouteContext {
  int router;
  int in_port;
  int in_vc;
  const Flit& head;
  const CongestionView* view = nullptr;
  // The random stream a routing draws from: 0 for RC, 1 for VA's own calls
  // (re-evaluation, lookahead). One stream per stage keeps the draws
  // independent of the order the kernel runs a router's stages in.
  int stream = 0;
};

struct RouteCandidate {
  int out_port;
  int vc_lo;           // inclusive
  int vc_hi;           // inclusive
  RoutingHeader next;  // the head's routing header after this hop
  bool whole_packet = false;  // opportunistic hop: only with room for the whole packet
};

// RC may offer several candidates, best first; VA takes the first one that has
// a usable output VC this cycle, so an opportunistic hop falls back to the next.
constexpr int kMaxCandidates = 4;

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
};

using RoutingFactory = std::function<std::unique_ptr<Routing>(const Topology&, const Config&, int router)>;

class RoutingRegistry {
 public:
  void add(const std::string& key, RoutingFactory f) { map_[key] = std::move(f); }
  // Throws ConfigError listing the valid keys.
  std::unique_ptr<Routing> make(const std::string& key, const Topology& topo, const Config& cfg, int router) const;
  // Start-up checks shared by every router (VC counts, topology kind).
  using Validator = std::function<void(const Topology&, const Config&)>;
  void add_validator(const std::string& key, Validator v) { validators_[key] = std::move(v); }
  void validate(const std::string& key, const Topology& topo, const Config& cfg) const;

 private:
  std::map<std::string, RoutingFactory> map_;
  std::map<std::string, Validator> validators_;
};

// Explicit registration (static self-registration is dropped by the linker).
void register_torus_routings(RoutingRegistry& reg);
void register_dragonfly_routings(RoutingRegistry& reg);
const RoutingRegistry& routing_registry();

}  // namespace nocsim
