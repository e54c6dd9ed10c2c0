#pragma once
// The torus adaptive routings (star, smart-dor, abr, por, ofr; rules and
// the choices the sources leave open: docs/routing-torus.md) over one base:
// VC classes are positions of a reference sequence the distance policy
// splits evenly (VcSequence::Share::Split), and the head's routing header
// names the class of the VC it sits in (RoutingHeader::seqpos), so a
// routing can tell a head that stays in its escape ring from one entering it.
// Header use: dateline bit d (crossed dimension d's wrap link), inter (OFR:
// intermediate router; POR: orthant, bit d = the - direction), phase (0 not
// decided yet, 1 toward the intermediate, 2 toward the destination), flags
// (routing/torus/deroutes.h: kDeroute* and the profit rule's kDecision
// bits, counted at delivery).
#include <string>

#include "routing/routing.h"
#include "routing/torus/deroutes.h"
#include "topologies/kary_ncube.h"

namespace nocsim {

class TorusRouting : public Routing {
 public:
  // Decided once per router, at RC (routing.reevaluate does not apply): VA
  // checks every candidate's VCs again at each attempt, in RC's order.
  const VcSequence& reference() const override { return ref_; }
  bool reads_other_routers() const override { return false; }  // its own ports' credits and queues
  // routing.occupancy=queued: u also counts the flits waiting at the head's
  // router for the output (docs/routing-torus.md, "Used slots").
  void count_queued(bool on) { queued_ = on; }

 protected:
  TorusRouting(const KAryNCube& t, const char* classes) : t_(t), ref_(classes, VcSequence::Share::Split) {}
  bool injected(const RouteContext& ctx) const { return ctx.in_port >= t_.network_ports(); }
  // The ejection candidate, when the head is at its destination's router.
  bool eject(const RouteContext& ctx, const RoutingHeader& next, std::vector<RouteCandidate>& out) const;
  // A candidate through `port` on VC class `pos` (dateline bit set when it
  // crosses the wrap link).
  RouteCandidate hop(const RouteContext& ctx, int port, int pos, RoutingHeader next) const;
  // Adaptive candidates on the ports of `mask`, class `pos`: the port whose
  // class VCs hold the most credits first (ties: lower port), at most `room`.
  void add_adaptive(const RouteContext& ctx, uint64_t mask, int pos, const RoutingHeader& next, int room,
                    std::vector<RouteCandidate>& out) const;
  // The escape candidate: the lowest port of `mask` (dimension order) on
  // class `pos`; with `bubble`, the bubble rule: a head that does not stay
  // in the ring it came along on that class needs two packets of room.
  void add_escape(const RouteContext& ctx, uint64_t mask, int pos, bool bubble, const RoutingHeader& next,
                  std::vector<RouteCandidate>& out) const;
  // Used slots at output `port` of the head's router: every VC downstream
  // plus the output queue, and with count_queued the packets held for it.
  int used(const RouteContext& ctx, int port) const {
    if (!ctx.view) return 0;
    const int u = ctx.view->port_occupancy(ctx.router, port);
    return queued_ ? u + ctx.view->port_queued(ctx.router, port) : u;
  }
  // Mean used slots over the ports of `mask`, and the least over every network port.
  double mean_used(const RouteContext& ctx, uint64_t mask) const;
  int least_used(const RouteContext& ctx) const;

  const KAryNCube& t_;
  VcSequence ref_;
  bool queued_ = false;
};

}  // namespace nocsim
