#include "vc/selection.h"

namespace nocsim {

void register_selections(SelectionRegistry& reg) {
  reg.add("first", {[](const Config&) { return std::unique_ptr<Selection>(std::make_unique<FirstUsable>()); }});
}

SelectionRegistry& mutable_selection_registry() {
  static SelectionRegistry reg("vc.selection", register_selections);
  return reg;
}

const SelectionRegistry& selection_registry() { return mutable_selection_registry(); }

}  // namespace nocsim
