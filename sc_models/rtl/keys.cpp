// The rtl.* keys (which blocks run on their verilog twins) of the configuration schema (sim/schema.cpp
// assembles the sections, in the order of docs/user-guide.md's table).
#include "alloc/sw_alloc_backend.h"
#include "core/config.h"
#include "rtl/block_modes.h"

namespace nocsim {
namespace {

// rtl.sa: auto or any switch allocator; the other blocks: auto or a mode this build has.
std::vector<std::string> sa_mode_keys() {
  std::vector<std::string> k{"auto"};
  for (const auto& a : sw_alloc_registry().keys()) k.push_back(a);
  return k;
}
std::vector<std::string> block_mode_keys() {
  std::vector<std::string> k{"auto"};
  for (const auto& a : sw_alloc_registry().keys())
    if (a == "cpp" || a == "rtl" || a == "lockstep") k.push_back(a);
  return k;
}

}  // namespace

void add_rtl_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"rtl.sa", K::Enum, "auto", 0, 0, {}, "the switch allocator's mode (cpp, rtl, lockstep); auto = router.alloc", sa_mode_keys},
      {"rtl.va", K::Enum, "auto", 0, 0, {}, "the VC allocator's mode (cpp, rtl, lockstep; rtl and lockstep need router.arbiter.va=rr); auto = router.alloc", block_mode_keys},
      {"rtl.contention", K::Enum, "auto", 0, 0, {}, "the contention counters' mode (cpp, rtl, lockstep; needs routing.trigger=contention, Base or Filtered counters; ECtN's group board has no twin); auto = router.alloc where the run has counters", block_mode_keys},
      {"rtl.mincred", K::Enum, "auto", 0, 0, {}, "the minCred counters' mode (cpp, rtl, lockstep; needs vc.mincred=true); auto = router.alloc where the run has them", block_mode_keys},
      {"rtl.vc_select", K::Enum, "auto", 0, 0, {}, "FlexVC's output-VC selection's mode (cpp, rtl, lockstep; needs vc.select jsq, highest or lowest); auto = router.alloc where the run has such a selection", block_mode_keys},
  });
}

}  // namespace nocsim
