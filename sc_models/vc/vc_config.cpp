#include "vc/vc_config.h"

#include "core/config.h"

namespace nocsim {

VcConfig VcConfig::from(const Config& cfg) {
  return {cfg.get_str("vc.policy"), cfg.get_str("vc.select"), cfg.get_bool("vc.mincred")};
}

}  // namespace nocsim
