#pragma once
// The routers' buffers as the configuration gives them: switching, VCs and
// flits per VC of each port class, the buffer model (static or DAMQ) and the
// reply VCs of request-reply traffic. Read from the Config here and nowhere
// else (docs/architecture.md, "Configuration"); in vc/ because VC policies
// and routings check their needs against it, and both sit below router/.
#include <string>

#include "core/port_class.h"

namespace nocsim {

class Config;

enum class Switching { Wormhole, Vct, Saf };

struct BufferConfig {
  Switching switching = Switching::Vct;  // router.switching
  bool damq = false;                     // router.buffer_model=damq
  int damq_reserve = 0;                  // router.damq.reserve, packets per VC
  // Per class: router.vcs / router.buffer_depth, with the injection and
  // global keys overriding them where set (0: the network-port value).
  int vcs = 0, global_vcs = 0, injection_vcs = 0;
  int depth = 0, global_depth = 0, injection_depth = 0;
  int reply_vcs = 0, reply_global_vcs = 0;  // 0: half of the class's VCs

  static BufferConfig from(const Config& cfg);
  int vcs_of(PortClass c) const;
  int depth_of(PortClass c) const;
  // Reply VCs of a class under traffic.request_reply (none on injection ports).
  int reply_vcs_of(PortClass c) const;
  bool wormhole() const { return switching == Switching::Wormhole; }
  const char* switching_name() const;     // the router.switching value
  const char* buffer_model_name() const;  // the router.buffer_model value
};

}  // namespace nocsim
