// VC sets of request-reply traffic (vc/request_reply.h): separate sets under
// the distance-based policy, FlexVC's one chain (Theorem 2) where replies may
// also take request VCs but their safe hops stay in the reply VCs.
#include <gtest/gtest.h>

#include "core/path_shape.h"
#include "vc/distance.h"
#include "vc/flexvc.h"
#include "vc/request_reply.h"

using namespace nocsim;

namespace {

// Ports 0, 1 local, 2 global (dragonfly-like); VCs per port.
const std::vector<uint8_t> kGlobal{0, 0, 1};

RouteCandidate hop(int port, int pos, const std::string& path = "", const std::string& escape = "") {
  RouteCandidate c;
  c.out_port = static_cast<int16_t>(port);
  c.pos = static_cast<int8_t>(pos);
  c.path = PathShape::of(path);
  c.escape = PathShape::of(escape.empty() ? path : escape);
  return c;
}

HeadAt fresh(bool reply) { return {-1, false, reply}; }

}  // namespace

// MIN's sequence L G L with 2/1 VCs per set: requests take VCs 0-1 (local)
// and 0 (global), replies the same ranks above them.
TEST(RequestReplyPolicy, DistanceSetsAreSeparate) {
  const VcSequence ref("LGL");
  const std::vector<int> total{4, 4, 2}, req{2, 2, 1}, rep{2, 2, 1};
  RequestReplyPolicy p(std::make_unique<DistancePolicy>(ref, req), std::make_unique<DistancePolicy>(ref, rep),
                       std::vector<int>{2, 2, 1});
  for (int pos : {0, 2}) {
    const VcRange q = p.range(hop(0, pos), fresh(false)), r = p.range(hop(0, pos), fresh(true));
    EXPECT_EQ(q.lo, pos / 2);
    EXPECT_EQ(q.hi, pos / 2);
    EXPECT_EQ(r.lo, 2 + pos / 2) << "reply VCs sit above the request VCs";
    EXPECT_EQ(r.hi, 2 + pos / 2);
  }
  EXPECT_EQ(p.range(hop(2, 1), fresh(false)).hi, 0);
  EXPECT_EQ(p.range(hop(2, 1), fresh(true)).lo, 1);
  const VcRange any = p.range(hop(0, -1), fresh(true));
  EXPECT_EQ(any.lo, 2) << "an unconstrained reply hop: every reply VC";
  EXPECT_EQ(any.hi, 3);
  EXPECT_FALSE(p.needs_paths());
}

// FlexVC 3/2 requests + 2/1 replies = 5/3 (Fuentes' Theorem 2;
// docs/vc-flexvc.md, "Request-reply traffic").
TEST(RequestReplyPolicy, FlexVcChainLetsRepliesUseRequestVcs) {
  const std::vector<int> req{3, 3, 2}, all{5, 5, 3};
  RequestReplyPolicy p(std::make_unique<FlexVcPolicy>(req, kGlobal), std::make_unique<FlexVcPolicy>(all, kGlobal),
                       std::vector<int>(3, 0));
  EXPECT_TRUE(p.needs_paths());
  // MIN's first local hop, L G L ahead: safe highest = VCs - remaining local hops.
  const VcRange q = p.range(hop(0, -1, "LGL"), fresh(false)), r = p.range(hop(0, -1, "LGL"), fresh(true));
  EXPECT_EQ(q.lo, 0);
  EXPECT_EQ(q.hi, 1) << "a request stays within the 3 request VCs, one left for its last hop";
  EXPECT_EQ(r.lo, 0) << "a reply may take request VCs";
  EXPECT_EQ(r.hi, 3) << "its highest is reply VC 3; VC 4 kept for its last hop";
  // The global hop and the last local hop of a reply: the reply VCs at the top.
  EXPECT_EQ(p.range(hop(2, -1, "GL"), fresh(true)).hi, 2);
  EXPECT_EQ(p.range(hop(0, -1, "L"), fresh(true)).hi, 4);
  EXPECT_EQ(p.range(hop(2, -1, "GL"), fresh(false)).hi, 1);
  // A Valiant path L G L L G L: too long to be safe in the requests' 3/2, it
  // is opportunistic at best there; the replies' 5/3 hold it whole.
  const VcRange vq = p.range(hop(0, -1, "LGLLGL", "LGL"), fresh(false));
  const VcRange vr = p.range(hop(0, -1, "LGLLGL", "LGL"), fresh(true));
  EXPECT_TRUE(vq.lo > vq.hi || vq.whole) << "request: opportunistic or not allowed";
  EXPECT_FALSE(vr.lo > vr.hi) << "reply: allowed";
}
