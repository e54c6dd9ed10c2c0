#pragma once
// FlexVC's VC arithmetic (Fuentes ch. 5; the rule and its derivation:
// docs/vc-flexvc.md, "The rule"). One VC id space over both port classes,
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
#include <vector>

#include "core/path_shape.h"
#include "vc/vc_policy.h"

namespace nocsim {

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
  int highest(PathShape p) const { return rank(highest_position(p)); }
  // The first hop of `path` (the intended rest of the path), with `escape`
  // (that hop followed by a minimal path from the router it reaches), for a
  // packet at position `from` (-1: not in the network yet): a path fits
  // when its first hop can take a position after `from`, so that the rest
  // of the packet's way climbs from where it is (the escape path of
  // docs/vc-flexvc.md); the VCs below are open to it as well.
  FlexVcHop classify(PathShape path, PathShape escape, int from = -1) const;
  // Position of VC `vc` of a class (-1 for vc -1).
  int position(int vc, bool global) const;

 private:
  // -1: does not fit. A lookup: a path shape has at most 511 values.
  int highest_position(PathShape p) const { return highest_[(1u << p.len) | p.global]; }
  int rank(int pos) const { return pos < 0 ? -1 : rank_[static_cast<size_t>(pos)]; }  // VC of the class at pos
  int walk_highest_position(PathShape p) const;  // what highest_ holds
  std::string seq_;
  // The routings classify every candidate at every VA attempt
  // (docs/performance.md, "Session 44"): the answers per shape and
  // position are computed once.
  int8_t highest_[512] = {};
  std::vector<int8_t> rank_;
};

// vc.policy=flexvc: a candidate may take VCs 0..k of its port, k from
// FlexVcSequence::classify on the candidate's path and escape shapes (the
// routing fills them); an opportunistic hop needs room for the whole packet
// (VcRange::whole), a hop not allowed gets no VC. Candidates without a path
// (ejection) may take every VC.
class FlexVcPolicy final : public VcPolicy {
 public:
  // Local and global VC counts from the ports' (the first local and the
  // first global network port; no global port: one class).
  FlexVcPolicy(const std::vector<int>& out_vcs, const std::vector<uint8_t>& global_port);
  VcRange range(const RouteCandidate& c, HeadAt at) const override;
  bool needs_paths() const override { return true; }
  const FlexVcSequence& sequence() const { return seq_; }

 private:
  static FlexVcSequence sequence_for(const std::vector<int>& out_vcs, const std::vector<uint8_t>& global_port);
  std::vector<int> out_vcs_;
  FlexVcSequence seq_;
};

}  // namespace nocsim
