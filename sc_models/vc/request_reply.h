#pragma once
// VCs of request-reply traffic (traffic.request_reply; docs/vc-flexvc.md,
// "Request-reply traffic"): a request and a reply policy side by side,
// chosen by the head's class (HeadAt::reply). Two layouts:
//   separate sets (distance-based baseline): requests take the lower VCs of
//     each port, replies the ones above them (`offset` = the port's request
//     VCs); each set follows the routing's sequence on its own.
//   one chain (FlexVC, Theorem 2): requests see only the request VCs, replies
//     every VC of the port, so a reply may sit in a request VC and its safe
//     (escape) hops, counted from the top, lie in the reply VCs.
// Either way no request waits on a reply's buffer, which is what keeps the
// protocol out of deadlock when a node must send a reply to take a request.
#include <memory>
#include <vector>

#include "vc/vc_policy.h"

namespace nocsim {

class RequestReplyPolicy final : public VcPolicy {
 public:
  RequestReplyPolicy(std::unique_ptr<VcPolicy> request, std::unique_ptr<VcPolicy> reply, std::vector<int> offset)
      : req_(std::move(request)), rep_(std::move(reply)), offset_(std::move(offset)) {}
  VcRange range(const RouteCandidate& c, HeadAt at) const override {
    if (!at.reply) return req_->range(c, at);
    VcRange r = rep_->range(c, at);
    const int off = offset_[static_cast<size_t>(c.out_port)];
    if (off && r.lo <= r.hi) {
      r.lo = static_cast<int8_t>(r.lo + off);
      r.hi = static_cast<int8_t>(r.hi + off);
    }
    return r;
  }
  bool needs_paths() const override { return req_->needs_paths() || rep_->needs_paths(); }

 private:
  std::unique_ptr<VcPolicy> req_, rep_;
  std::vector<int> offset_;  // per output port: where the reply VCs start (0: one chain)
};

// The run's VC policy: vc.policy's, or with request_reply
// (traffic.request_reply) the pair above, reply_vcs[port] VCs of each port being reply VCs (0: a port both
// classes share whole, e.g. ejection).
std::unique_ptr<VcPolicy> make_vc_policy(const Config& cfg, bool request_reply, const VcSequence& ref,
                                         const std::vector<int>& out_vcs, const std::vector<uint8_t>& global_port,
                                         const std::vector<int>& reply_vcs);

}  // namespace nocsim
