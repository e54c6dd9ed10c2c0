#pragma once
// FlexVC's VC arithmetic (Fuentes ch. 5; spec/flexvc.md; the rule and its
// derivation: docs/vc-flexvc.md). One VC id space over both port classes,
// ordered as a sequence of positions, each local (L) or global (G); a port
// class's VC v is its v-th position in the sequence. A hop may take any VC
// up to the highest k from which the rest of a path still fits in strictly
// increasing positions: deadlock freedom needs such an escape path from
// every buffer a packet can hold, not that the packet's own VCs increase.
//  - safe hop: the rest of the packet's intended path (this hop included) fits;
//  - opportunistic hop: only this hop plus a minimal path from the next
//    router fits; taken only with room for the whole packet downstream;
//  - otherwise the hop is not allowed.
#include <cstdint>
#include <string>

namespace nocsim {

// The port classes of a path, first hop first: bit i set when hop i is
// global. At most 16 hops.
struct PathShape {
  uint8_t len = 0;
  uint16_t global = 0;
  static PathShape of(const std::string& classes);  // e.g. "LGL"
  bool is_global(int i) const { return (global >> i) & 1; }
  // `head` followed by `rest`.
  static PathShape join(PathShape head, PathShape rest);
};

enum class HopKind : uint8_t { Safe, Opportunistic, NotAllowed };

struct FlexVcHop {
  HopKind kind = HopKind::NotAllowed;
  int highest = -1;  // highest VC of the first hop's class it may take (-1: none)
};

class FlexVcSequence {
 public:
  // The canonical sequence for these VC counts (global_vcs = 0: one port
  // class, all L): G between groups; one L per group from the destination
  // back, a second one per group from the one before the destination back
  // (an in-transit path's most in a group), the VCs beyond those at the
  // start. 2/1 LGL, 3/2 LGLGL, 4/2 LGLLGL, 5/2 LLGLLGL (the
  // distance-based sequences of MIN, OLM, VAL and PAR), 2/2 GLGL.
  FlexVcSequence(int local_vcs, int global_vcs);
  const std::string& text() const { return seq_; }
  // The highest VC of its first hop's class from which `p` fits in
  // strictly increasing positions, -1 when it does not fit.
  int highest(PathShape p) const;
  // The first hop of `path` (the intended rest of the path), with `escape`
  // (that hop followed by a minimal path from the router it reaches).
  FlexVcHop classify(PathShape path, PathShape escape) const;

 private:
  std::string seq_;
};

}  // namespace nocsim
