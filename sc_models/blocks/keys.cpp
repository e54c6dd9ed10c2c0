// The rtl.* keys of the configuration schema (sim/schema.cpp assembles the
// sections, in the order of docs/user-guide.md's table): one per registered
// block, so a block's registration is its key too.
#include "blocks/block.h"
#include "core/config.h"

namespace nocsim {
namespace {

std::vector<std::string> rtl_values() {
  std::vector<std::string> k{"auto"};
  for (const auto& m : block_modes_built()) k.push_back(m);
  return k;
}

}  // namespace

std::vector<std::string> block_modes_built() {
#ifdef NOCSIM_HAVE_RTL
  return {"cpp", "rtl", "lockstep"};
#else
  return {"cpp"};
#endif
}

void add_rtl_keys(std::vector<KeySpec>& s) {
  for (const std::string& name : block_registry().keys())
    s.push_back({"rtl." + name, KeyType::Enum, "auto", 0, 0, {}, block_registry().at(name).help, rtl_values});
}

}  // namespace nocsim
