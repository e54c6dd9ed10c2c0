#pragma once
// The blocks of a router that have a Verilog twin in rtl_ref/ besides the
// switch allocator (alloc/sw_alloc_backend.h): the VC allocator, the
// contention counters, the minCred counters and FlexVC's output-VC selection. Each runs as its C++
// logic alone (cpp: no twin object at all), on the Verilated block (rtl: its
// outputs decide) or both (lockstep: compared on every use; the first
// disagreement throws InvariantError with the cycle, router, block, inputs
// and both outputs, which ends the run with exit 4). No Verilator header
// here; the twins exist only in builds with NOCSIM_RTL_COSIM (elsewhere the
// factories throw ConfigError, and config validation never gets there).
#include <cstdint>
#include <memory>
#include <string>

#include "alloc/vc_allocator.h"
#include "congestion/contention.h"
#include "core/cycle.h"
#include "routing/routing.h"
#include "core/port_tap.h"
#include "vc/selection.h"

namespace nocsim {

class Config;

enum class BlockMode : uint8_t { Cpp, Rtl, Lockstep };
// The mode of block `rtl.<block>`: its own key, or router.alloc's when auto.
BlockMode block_mode(const Config& cfg, const std::string& block);

// VA: replaces VcAllocator::allocate().
class VaTwin : public TapSource {
 public:
  virtual void allocate(VcAllocator& a, int router, Cycle now) = 0;
};
std::unique_ptr<VaTwin> make_va_twin(BlockMode mode, int ports, int vcs);
// (ports, vcs) verilated? Throws ConfigError naming `key` if not.
void check_va_twin(const std::string& key, int ports, int vcs);

// Contention counters: the commits' events and the comparator's reads.
class ContentionTwin : public TapSource {
 public:
  virtual void up(int port, Cycle now) = 0;
  virtual void down(int port, Cycle now) = 0;
  // What the routing reads in cycle `now`; `cpp` is the C++ unit (already
  // brought up to date by the same events).
  virtual bool over(int port, Cycle now, const ContentionUnit& cpp) = 0;
};
std::unique_ptr<ContentionTwin> make_contention_twin(BlockMode mode, int router, int ports, const ContentionParams& p);

// minCred counters (vc.mincred): per output port, downstream slots held by
// minimally routed flits; the C++ side is the sum of its VCs' min_flits.
class MinCredTwin : public TapSource {
 public:
  virtual void taken(int port, Cycle now) = 0;     // a minimally routed flit took a credit
  virtual void returned(int port, Cycle now) = 0;  // a credit flagged minimal came back
  // What the routing reads in cycle `now`; `cpp` is the model's value.
  virtual int occupancy(int port, Cycle now, int cpp) = 0;
};
std::unique_ptr<MinCredTwin> make_mincred_twin(BlockMode mode, int router, int ports);

// FlexVC's selection: per candidate its usable VCs and one-VC pick, from
// what VA reads (SelectView) and each candidate's credit need.
class SelectView : public CreditView {
 public:
  virtual int vcs(int port) const = 0;
  virtual uint64_t free_vcs(int port) const = 0;
  virtual bool sink(int port) const = 0;  // ejection: no credits to check
};
class SelectTwin : public TapSource {
 public:
  // In: the candidates, their VC ranges and needs, the usable VCs VA
  // computed and the C++ selection's choice (`c`, `mask`). Out: the RTL's
  // choice (rtl: it may differ, and `usable` becomes the RTL's), or the
  // same after comparing (lockstep).
  virtual int select(const RouteCandidate* cands, const VcRange* vcs, const int* need, int n, uint64_t* usable,
                     int c, uint64_t& mask, const SelectView& view, int router, Cycle now) = 0;
};
// pick: "jsq", "highest" or "lowest".
std::unique_ptr<SelectTwin> make_select_twin(BlockMode mode, const std::string& pick);

}  // namespace nocsim
