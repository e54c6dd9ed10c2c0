#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "router/router_state.h"
#include "router/switch_alloc.h"

using namespace nocsim;

namespace {

// A router state of `ports` ports with `vcs` VCs of 16 flits each, credits
// for 16 flits per output VC and output queues of 2 (Router's constructor
// in small).
void build(RouterState& st, int ports, int vcs, bool saf) {
  st.p.ports = st.p.network_ports = ports;
  st.p.vcs = vcs;
  st.p.saf = saf;
  st.in.resize(static_cast<size_t>(ports * vcs));
  for (auto& v : st.in) v.buf = FlitFifo(16);
  st.routing = st.vcalloc = IndexSet(ports * vcs);
  st.queued_ports = IndexSet(ports);
  st.out.resize(static_cast<size_t>(ports));
  st.ovc.assign(static_cast<size_t>(ports * vcs), OutputVc{16, 0});
  for (int o = 0; o < ports; ++o) {
    st.out[o].vcs = OutputVcs(&st.ovc[static_cast<size_t>(o * vcs)], vcs);
    st.out[o].free_vcs = (1ull << vcs) - 1;
    st.out[o].depth = 16;
    st.out[o].queue_capacity = 2;
    st.out[o].network = 1;
  }
}

Flit flit(int seq, int size, int vc) {
  Flit f;
  f.seq = static_cast<uint16_t>(seq);
  f.size = static_cast<uint16_t>(size);
  f.vc = static_cast<uint8_t>(vc);
  return f;
}

bool routable(const RouterState& st, int i) {
  bool in = false;
  st.routing.for_each([&](int k) { in |= k == i; });
  return in;
}

// Input VC (ip, v) holds output VC `ovc` of port `out`.
void grant(RouterState& st, int ip, int v, int out, int ovc) {
  RouteCandidate c{};
  c.out_port = static_cast<int16_t>(out);
  VcRange r{0, static_cast<int8_t>(st.p.vcs - 1)};
  st.routed(ip, v, &c, &r, 1, 0);
  st.vc_granted(ip, v, 0, ovc, 0);
}

}  // namespace

// Store-and-forward: RC sees a head only once its tail is in, whether the
// head reached an idle VC or came to the front behind a departing packet;
// under VCT a head is routable at once.
TEST(RouterState, StoreAndForwardRoutesAHeadOnlyOnceItsTailIsIn) {
  RouterState st;
  build(st, 2, 2, true);
  const int i = 0 * 2 + 1;  // input port 0, VC 1
  st.arrived<false>(0, flit(0, 3, 1), 1);
  EXPECT_FALSE(routable(st, i));
  EXPECT_EQ(st.vc(0, 1).state, InputVc::State::Routing);
  st.arrived<false>(0, flit(1, 3, 1), 2);
  EXPECT_FALSE(routable(st, i));
  st.arrived<false>(0, flit(2, 3, 1), 3);
  EXPECT_TRUE(routable(st, i));
  grant(st, 0, 1, 1, 0);
  EXPECT_FALSE(routable(st, i));
  // The next packet's head and body arrive while the first leaves.
  st.arrived<false>(0, flit(0, 2, 1), 4);
  for (int k = 0; k < 3; ++k) st.departed<false>(0, 1, 5 + k, 7 + k);
  EXPECT_EQ(st.vc(0, 1).state, InputVc::State::Routing);
  EXPECT_FALSE(routable(st, i));
  st.arrived<false>(0, flit(1, 2, 1), 8);
  EXPECT_TRUE(routable(st, i));
  // A one-flit packet is whole on arrival; the next, whole behind it while
  // the first holds an output VC, is routable only once it reaches the front.
  st.arrived<false>(1, flit(0, 1, 0), 9);
  EXPECT_TRUE(routable(st, 1 * 2 + 0));
  grant(st, 1, 0, 0, 1);
  st.arrived<false>(1, flit(0, 1, 0), 10);
  EXPECT_FALSE(routable(st, 1 * 2 + 0));
  st.departed<false>(1, 0, 11, 13);
  EXPECT_TRUE(routable(st, 1 * 2 + 0));

  RouterState vct;
  build(vct, 2, 2, false);
  vct.arrived<false>(0, flit(0, 3, 1), 1);
  EXPECT_TRUE(routable(vct, i));
}

// The outputs the active input VCs hold follow VA's grants and the tails'
// departures, and SA's parked-output test reads them: work remains while an
// active VC's output is not parked or has room in its queue.
TEST(RouterState, WantedOutputsFollowGrantsAndTails) {
  RouterState st;
  build(st, 3, 2, false);
  for (int ip : {0, 1}) {
    st.arrived<false>(ip, flit(0, 1, 0), 1);
    grant(st, ip, 0, 2, ip);
  }
  EXPECT_EQ(st.wanted, 1ull << 2);
  EXPECT_EQ(st.active_to[2], 2);
  EXPECT_TRUE(SwitchAlloc::unparked_work(st));
  st.parked = 1ull << 2;
  EXPECT_TRUE(SwitchAlloc::unparked_work(st));  // parked, but its queue has room
  st.out[2].queue.push_back(StFlit{100, flit(0, 1, 0)});
  st.out[2].queue.push_back(StFlit{101, flit(0, 1, 1)});
  EXPECT_FALSE(SwitchAlloc::unparked_work(st));
  st.parked = 0;
  st.departed<false>(0, 0, 2, 4);  // a one-flit packet: its tail
  EXPECT_EQ(st.active_to[2], 1);
  EXPECT_EQ(st.wanted, 1ull << 2);
  st.departed<false>(1, 0, 3, 5);
  EXPECT_EQ(st.wanted, 0u);
  EXPECT_EQ(st.n_active, 0);
}

// A direct ST (docs/architecture.md, "Direct ST"): a grant's flit leaves
// the router at once, as the queue's would at `leaves`, and the queue's
// length as readers see it counts the flits it would still hold.
TEST(RouterState, DirectGrantsLeaveTheQueueEmptyButCountInItsLength) {
  RouterState st;
  build(st, 2, 2, false);
  st.p.lat_sa = 1, st.p.lat_st = 2;  // a flit granted at g leaves at g + 3
  st.direct_st = true;
  st.direct_sends.assign(2, DirectSends{});
  st.arrived<false>(0, flit(0, 3, 0), 1);
  grant(st, 0, 0, 1, 0);
  for (int k = 0; k < 2; ++k) st.arrived<false>(0, flit(k + 1, 3, 0), 2 + k);
  StFlit sent;
  for (Cycle g : {10, 11}) {
    st.departed<false, true>(0, 0, g, g + 3, &sent);
    EXPECT_EQ(sent.ready, g + 3);
    EXPECT_EQ(sent.flit.hops, 1);
  }
  EXPECT_TRUE(st.out[1].queue.empty());
  EXPECT_EQ(st.st_queued, 0);
  // After cycle c commits, the queue would hold the flits leaving after c.
  EXPECT_EQ(st.st_queue(1, 9), 2);
  EXPECT_EQ(st.st_queue(1, 13), 1);
  EXPECT_EQ(st.st_queue(1, 14), 0);
  EXPECT_EQ(st.st_queue(0, 12), 0);
  st.departed<false, true>(0, 0, 13, 16, &sent);  // the tail
  EXPECT_EQ(st.st_queue(1, 13), 2);
  EXPECT_EQ(st.n_active, 0);
  EXPECT_TRUE(st.out[1].free_vcs & 1);
}

// Credits come back in the order an output VC's flits left: each packet's
// pad comes back with the credit of its last flit, none before.
TEST(SlotPads, APadComesBackWithItsPacketsLastCredit) {
  SlotPads pads;
  pads.resize({0, 16});
  pads.sent(1, 3, 5);  // a 3-flit packet holding an 8-flit slot
  pads.sent(1, 8, 0);
  pads.sent(1, 1, 7);
  EXPECT_EQ(pads.returned(0), -1);  // nothing was sent on VC 0
  const int expect[] = {0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 7};
  for (int e : expect) EXPECT_EQ(pads.returned(1), e);
  EXPECT_EQ(pads.owed(1), 0u);
  EXPECT_EQ(pads.returned(1), -1);  // one credit too many
  // Each packet owed a credit holds one: never more of them than credits.
  pads.sent(1, 1, 7);
  for (int k = 1; k < 16; ++k) pads.sent(1, 1, 0);
  EXPECT_THROW(pads.sent(1, 1, 0), std::logic_error);
  EXPECT_EQ(pads.returned(1), 7);  // the ring wraps around
  pads.sent(1, 2, 0);
  EXPECT_EQ(pads.owed(1), 16u);
}

// The grants' record keeps 64 cycles: a grant after a longer gap starts
// afresh, and one within it shifts the earlier ones along.
TEST(DirectSends, CountsTheGrantsLeavingAfterACycle) {
  DirectSends d;
  EXPECT_EQ(d.after(0, 2), 0);
  d.granted(0);
  EXPECT_EQ(d.after(0, 2), 1);
  EXPECT_EQ(d.after(1, 2), 1);
  EXPECT_EQ(d.after(2, 2), 0);
  for (Cycle g : {100, 101, 103}) d.granted(g);
  EXPECT_EQ(d.after(99, 5), 3);
  EXPECT_EQ(d.after(105, 5), 2);  // 101 and 103 leave at 106 and 108
  EXPECT_EQ(d.after(107, 5), 1);
  EXPECT_EQ(d.after(108, 5), 0);
  d.granted(103 + 64);  // the earlier grants fall out of the record
  EXPECT_EQ(d.after(0, 63), 1);
  d.granted(103 + 64 + 62);
  EXPECT_EQ(d.after(103 + 64, 63), 2);
}
