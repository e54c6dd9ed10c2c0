#include "vc/request_reply.h"

#include <string>

#include "core/config.h"
#include "core/error.h"
#include "vc/vc_config.h"

namespace nocsim {

std::unique_ptr<VcPolicy> make_vc_policy(const Config& cfg, bool request_reply, const VcSequence& ref, const std::vector<int>& out_vcs,
                                         const std::vector<uint8_t>& global_port, const std::vector<int>& reply_vcs) {
  const VcPolicyFactory& f = vc_policy_registry().at(VcConfig::from(cfg).policy);
  if (!request_reply) return f.make(ref, out_vcs, global_port, cfg);
  std::vector<int> req(out_vcs), rep(out_vcs), offset(out_vcs.size(), 0);
  for (size_t p = 0; p < out_vcs.size(); ++p) {
    if (!reply_vcs[p]) continue;  // an unsplit port (ejection): both classes take all its VCs
    req[p] = out_vcs[p] - reply_vcs[p];
    if (f.shared_chain) continue;  // replies: the whole chain
    rep[p] = reply_vcs[p];
    offset[p] = req[p];
  }
  std::unique_ptr<VcPolicy> request;
  try {
    request = f.make(ref, req, global_port, cfg);
  } catch (const ConfigError& e) {  // the request VCs are what the reply VCs leave
    throw ConfigError(std::string("router.reply_vcs: the VCs left for requests are too few: ") + e.what());
  }
  return std::make_unique<RequestReplyPolicy>(std::move(request), f.make(ref, rep, global_port, cfg),
                                              std::move(offset));
}

}  // namespace nocsim
