#include "link/link_config.h"

#include "core/config.h"

namespace nocsim {

LinkConfig LinkConfig::from(const Config& cfg) {
  return {static_cast<int>(cfg.get_int("link.latency")), static_cast<int>(cfg.get_int("link.global_latency")),
          static_cast<int>(cfg.get_int("link.nic_latency"))};
}

}  // namespace nocsim
