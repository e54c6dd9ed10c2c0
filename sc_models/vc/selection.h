#pragma once
// Selection function of VA: among a head's candidates (best first) and the
// output VCs each may take this cycle, which candidate requests which VCs.
// The VC allocator then arbitrates among the requested VCs and requesters.
// One instance per router (a selection may keep state, e.g. a pointer).
#include <cstdint>
#include <functional>
#include <memory>

#include "core/registry.h"
#include "routing/routing.h"

namespace nocsim {

class Selection {
 public:
  virtual ~Selection() = default;
  // usable[k]: output VCs of candidate k's port it may take now (bit o: VC o;
  // free, in its range, with the credits the switching needs). Returns the
  // candidate to request with, or -1, and sets `mask` (a subset of its usable
  // VCs) to the VCs requested.
  virtual int select(const RouteCandidate* cands, const uint64_t* usable, int n, uint64_t& mask) = 0;
};

// `first`: the first candidate with a usable VC requests all its usable VCs
// (the allocator's round-robin picks among them).
class FirstUsable final : public Selection {
 public:
  int select(const RouteCandidate*, const uint64_t* usable, int n, uint64_t& mask) override {
    for (int k = 0; k < n; ++k)
      if (usable[k]) {
        mask = usable[k];
        return k;
      }
    return -1;
  }
};

struct SelectionFactory {
  std::function<std::unique_ptr<Selection>(const Config& cfg)> make;
};
using SelectionRegistry = Registry<SelectionFactory>;

void register_selections(SelectionRegistry& reg);
const SelectionRegistry& selection_registry();
SelectionRegistry& mutable_selection_registry();

}  // namespace nocsim
