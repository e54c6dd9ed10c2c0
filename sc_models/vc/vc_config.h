#pragma once
// The VC component's configuration (vc.policy, vc.select, vc.mincred), read
// from the Config here and nowhere else (docs/architecture.md,
// "Configuration").
#include <string>

namespace nocsim {

class Config;

struct VcConfig {
  std::string policy;    // vc.policy: a VC policy's registry key
  std::string select;    // vc.select as given: a selection's registry key, or auto
  bool mincred = false;  // vc.mincred: minimally routed flits counted per output VC

  static VcConfig from(const Config& cfg);
  bool flexvc() const { return policy == "flexvc"; }
  // What auto stands for: FlexVC's JSQ under vc.policy=flexvc, else first.
  std::string resolved_select() const { return select != "auto" ? select : flexvc() ? "jsq" : "first"; }
  // The one-VC pick (jsq, highest or lowest: OneVc, the credit comparison
  // rtl_ref/flexvc_select.sv twins), or "" when the selection has none.
  std::string one_vc_pick() const {
    const std::string s = resolved_select();
    return s == "jsq" || s == "highest" || s == "lowest" ? s : "";
  }
};

}  // namespace nocsim
