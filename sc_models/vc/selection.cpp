#include "vc/selection.h"

#include <string>

#include "vc/vc_config.h"

namespace nocsim {

void register_selections(SelectionRegistry& reg) {
  reg.add("first", {[](const VcConfig&, uint64_t, int) { return std::unique_ptr<Selection>(std::make_unique<FirstUsable>()); }});
  // The default: FlexVC's JSQ where the policy opens several VCs per hop,
  // else `first` (one VC per hop under the distance-based policy).
  reg.add("auto", {[](const VcConfig& vc, uint64_t seed, int router) -> std::unique_ptr<Selection> {
            if (vc.flexvc()) return std::make_unique<OneVc>(OneVc::Pick::Jsq, seed, router);
            return std::make_unique<FirstUsable>();
          }});
  const std::pair<const char*, OneVc::Pick> picks[] = {{"jsq", OneVc::Pick::Jsq},
                                                       {"highest", OneVc::Pick::Highest},
                                                       {"lowest", OneVc::Pick::Lowest},
                                                       {"random", OneVc::Pick::Random}};
  for (const auto& [name, pick] : picks) {
    const OneVc::Pick p = pick;
    reg.add(name, {[p](const VcConfig&, uint64_t seed, int router) {
              return std::unique_ptr<Selection>(std::make_unique<OneVc>(p, seed, router));
            }});
  }
}

SelectionRegistry& mutable_selection_registry() {
  static SelectionRegistry reg("vc.select", register_selections);
  return reg;
}

const SelectionRegistry& selection_registry() { return mutable_selection_registry(); }

}  // namespace nocsim
