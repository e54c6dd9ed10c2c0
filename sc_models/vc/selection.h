#pragma once
// Selection function of VA: among a head's candidates (best first) and the
// output VCs each may take this cycle, which candidate requests which VCs.
// The VC allocator then arbitrates among the requested VCs and requesters.
// One instance per router (a selection may keep state, e.g. a pointer).
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>

#include "core/registry.h"
#include "core/rng.h"
#include "core/route.h"
#include "core/vc_sequence.h"

namespace nocsim {

struct VcConfig;

// What VA (and rtl_ref/flexvc_select.sv) computes before selecting: the
// VCs lo..hi of a port whose free VCs are `free` (no bit past its VCs), and
// of those, the ones with at least `need` credits (credits(o): VC o's).
inline uint64_t vcs_in_range(uint64_t free, int lo, int hi) {
  if (lo < 0) lo = 0;
  if (hi < lo || lo > 63) return 0;
  return free & (hi >= 63 ? ~0ull : (2ull << hi) - 1) & (~0ull << lo);
}
template <class Credits>
uint64_t with_credits(uint64_t mask, int need, Credits credits) {
  for (uint64_t m = mask; m; m &= m - 1) {
    const int o = __builtin_ctzll(m);
    if (credits(o) < need) mask &= ~(1ull << o);
  }
  return mask;
}

// Credits an output VC needs to take candidate c's packet of `size` flits:
// the whole packet under VCT and SAF (`whole`), for an opportunistic hop or
// a range that says so; two packets for a hop entering a bubble escape ring
// (docs/routing-torus.md, "Bubble flow control and ABR"); else one flit
// (wormhole). On a bubble ring under packets of several sizes a packet
// counts as `slot` flits, the largest packet's (0: one size).
inline int credits_needed(const RouteCandidate& c, VcRange vcs, int size, bool whole, int slot = 0) {
  if (c.hop & kHopSlot) size = std::max(size, slot);
  if (c.hop & kHopBubble) return 2 * size;
  return whole || c.opportunistic() || vcs.whole ? size : 1;
}

// The credits of a router's output VCs, for selections that weigh them.
class CreditView {
 public:
  virtual ~CreditView() = default;
  virtual int credits(int port, int vc) const = 0;
};

class Selection {
 public:
  virtual ~Selection() = default;
  // usable[k]: output VCs of candidate k's port it may take now (bit o: VC o;
  // free, in its range, with the credits the switching needs). Returns the
  // candidate to request with, or -1, and sets `mask` (a subset of its usable
  // VCs) to the VCs requested.
  virtual int select(const RouteCandidate* cands, const uint64_t* usable, int n, uint64_t& mask,
                     const CreditView& credits) = 0;
};

// `first`: the first candidate with a usable VC requests all its usable VCs
// (the allocator's round-robin picks among them).
// The first of n candidates with a usable VC: its index and, in `mask`,
// its usable VCs (usable_of(k), asked only up to that candidate, so that VA
// computes no mask FirstUsable would not look at); -1 when none has one.
template <class UsableOf>
int first_usable(int n, UsableOf&& usable_of, uint64_t& mask) {
  for (int k = 0; k < n; ++k)
    if ((mask = usable_of(k))) return k;
  return -1;
}

class FirstUsable final : public Selection {
 public:
  int select(const RouteCandidate*, const uint64_t* usable, int n, uint64_t& mask, const CreditView&) override {
    return first_usable(n, [usable](int k) { return usable[k]; }, mask);
  }
};

// FlexVC's VC selection functions (Fuentes §5.2; docs/vc-flexvc.md,
// "Selection functions"): the first candidate with a usable VC, and one of
// its usable VCs: `jsq` the one with the most credits (ties to the highest
// index, as FOGSim scans from the top), `highest`, `lowest`,
// `random` (stream "vc.selection.<router>").
class OneVc final : public Selection {
 public:
  enum class Pick { Jsq, Highest, Lowest, Random };
  OneVc(Pick pick, uint64_t seed, int router);
  int select(const RouteCandidate* cands, const uint64_t* usable, int n, uint64_t& mask,
             const CreditView& credits) override;

 private:
  Pick pick_;
  Rng rng_;
};

struct SelectionFactory {
  // `seed`: the run's (sim.seed), for the random picks' streams.
  std::function<std::unique_ptr<Selection>(const VcConfig& vc, uint64_t seed, int router)> make;
};
using SelectionRegistry = Registry<SelectionFactory>;

void register_selections(SelectionRegistry& reg);
const SelectionRegistry& selection_registry();
SelectionRegistry& mutable_selection_registry();

}  // namespace nocsim
