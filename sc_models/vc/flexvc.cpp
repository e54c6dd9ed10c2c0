#include "vc/flexvc.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"

namespace nocsim {

namespace {
// The canonical sequence (flexvc.h). Local VCs per group, the destination
// group last: one each from the destination back, then a second one each
// from the group before it back, then the rest at the start.
std::string canonical(int local_vcs, int global_vcs) {
  if (local_vcs < 1 || global_vcs < 0) throw ConfigError("vc.policy: flexvc needs at least one VC per port class");
  if (global_vcs == 0) return std::string(static_cast<size_t>(local_vcs), 'L');
  std::vector<int> group(static_cast<size_t>(global_vcs) + 1, 0);
  int left = local_vcs;
  for (int g = global_vcs; g >= 0 && left > 0; --g, --left) group[static_cast<size_t>(g)] = 1;
  for (int g = global_vcs - 1; g >= 0 && left > 0; --g, --left) ++group[static_cast<size_t>(g)];
  group[0] += left;
  std::string seq;
  for (int g = 0; g <= global_vcs; ++g) {
    if (g) seq += 'G';
    seq.append(static_cast<size_t>(group[static_cast<size_t>(g)]), 'L');
  }
  return seq;
}
}  // namespace

FlexVcSequence::FlexVcSequence(int local_vcs, int global_vcs) : seq_(canonical(local_vcs, global_vcs)) {
  // At most 64 + 64 positions (router.vcs, router.global_vcs): int8_t holds them.
  for (size_t pos = 0; pos < seq_.size(); ++pos)
    rank_.push_back(static_cast<int8_t>(std::count(seq_.begin(), seq_.begin() + static_cast<long>(pos), seq_[pos])));
  for (unsigned len = 0; len <= PathShape::kMaxHops; ++len)
    for (unsigned global = 0; global < (1u << len); ++global)
      highest_[(1u << len) | global] =
          static_cast<int8_t>(walk_highest_position({static_cast<uint8_t>(len), static_cast<uint8_t>(global)}));
}

// Greedy from the last hop: each hop takes the latest position of its class
// before the next hop's; the first hop's position is then the highest it can
// hold. Its VC is its rank among the positions of its class.
int FlexVcSequence::walk_highest_position(PathShape p) const {
  if (p.len == 0) return -1;
  int pos = static_cast<int>(seq_.size());
  for (int i = p.len - 1; i >= 0; --i) {
    const char c = p.is_global(i) ? 'G' : 'L';
    do --pos;
    while (pos >= 0 && seq_[static_cast<size_t>(pos)] != c);
    if (pos < 0) return -1;
  }
  return pos;
}

int FlexVcSequence::position(int vc, bool global) const {
  const char c = global ? 'G' : 'L';
  for (size_t pos = 0; pos < seq_.size() && vc >= 0; ++pos)
    if (seq_[pos] == c && vc-- == 0) return static_cast<int>(pos);
  return vc < 0 ? -1 : static_cast<int>(seq_.size());  // past the sequence: no path climbs from there
}

FlexVcHop FlexVcSequence::classify(PathShape path, PathShape escape, int from) const {
  FlexVcHop h;
  int pos = highest_position(path);
  if (pos > from) {
    h.kind = HopKind::Safe;
  } else if ((pos = highest_position(escape)) > from) {
    h.kind = HopKind::Opportunistic;
  } else {
    return h;
  }
  h.highest = rank(pos);
  return h;
}

FlexVcSequence FlexVcPolicy::sequence_for(const std::vector<int>& out_vcs, const std::vector<uint8_t>& global_port) {
  int local = 0, global = 0;
  for (size_t p = 0; p < global_port.size(); ++p) {
    if (global_port[p] && !global) global = out_vcs[p];
    if (!global_port[p] && !local) local = out_vcs[p];
  }
  if (global ? local < 2 : local < 1)
    throw ConfigError("router.vcs: flexvc needs the VCs of a minimal path (dragonfly: 2 local and 1 global); got " +
                      std::to_string(local) + " local and " + std::to_string(global) + " global");
  return FlexVcSequence(local, global);
}

FlexVcPolicy::FlexVcPolicy(const std::vector<int>& out_vcs, const std::vector<uint8_t>& global_port)
    : out_vcs_(out_vcs), seq_(sequence_for(out_vcs, global_port)) {}

VcRange FlexVcPolicy::range(const RouteCandidate& c, HeadAt at) const {
  const int n = out_vcs_[static_cast<size_t>(c.out_port)];
  if (c.path.len == 0) return {0, static_cast<int8_t>(n - 1)};
  const FlexVcHop h = seq_.classify(c.path, c.escape, seq_.position(at.vc, at.global));
  if (h.kind == HopKind::NotAllowed) return {0, -1};
  return {0, static_cast<int8_t>(h.highest < n ? h.highest : n - 1),
          static_cast<uint8_t>(h.kind == HopKind::Opportunistic)};
}

}  // namespace nocsim
