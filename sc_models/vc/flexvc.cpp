#include "vc/flexvc.h"

#include <algorithm>
#include <vector>

#include "core/error.h"

namespace nocsim {

PathShape PathShape::of(const std::string& classes) {
  if (classes.size() > 16) throw std::logic_error("PathShape: more than 16 hops");
  PathShape p;
  p.len = static_cast<uint8_t>(classes.size());
  for (size_t i = 0; i < classes.size(); ++i)
    if (classes[i] == 'G') p.global = static_cast<uint16_t>(p.global | (1u << i));
  return p;
}

PathShape PathShape::join(PathShape head, PathShape rest) {
  if (head.len + rest.len > 16) throw std::logic_error("PathShape: more than 16 hops");
  PathShape p;
  p.len = static_cast<uint8_t>(head.len + rest.len);
  p.global = static_cast<uint16_t>(head.global | (rest.global << head.len));
  return p;
}

FlexVcSequence::FlexVcSequence(int local_vcs, int global_vcs) {
  if (local_vcs < 1 || global_vcs < 0) throw ConfigError("vc.policy: flexvc needs at least one VC per port class");
  if (global_vcs == 0) {
    seq_.assign(static_cast<size_t>(local_vcs), 'L');
    return;
  }
  // Local VCs per group, the destination group last: one each from the
  // destination back, then a second one each from the group before it back,
  // then the rest at the start.
  std::vector<int> group(static_cast<size_t>(global_vcs) + 1, 0);
  int left = local_vcs;
  for (int g = global_vcs; g >= 0 && left > 0; --g, --left) group[static_cast<size_t>(g)] = 1;
  for (int g = global_vcs - 1; g >= 0 && left > 0; --g, --left) ++group[static_cast<size_t>(g)];
  group[0] += left;
  for (int g = 0; g <= global_vcs; ++g) {
    if (g) seq_ += 'G';
    seq_.append(static_cast<size_t>(group[static_cast<size_t>(g)]), 'L');
  }
}

// Greedy from the last hop: each hop takes the latest position of its class
// before the next hop's; the first hop's position is then the highest it can
// hold. Its VC is its rank among the positions of its class.
int FlexVcSequence::highest(PathShape p) const {
  if (p.len == 0) return -1;
  int pos = static_cast<int>(seq_.size());
  for (int i = p.len - 1; i >= 0; --i) {
    const char c = p.is_global(i) ? 'G' : 'L';
    do --pos;
    while (pos >= 0 && seq_[static_cast<size_t>(pos)] != c);
    if (pos < 0) return -1;
  }
  return static_cast<int>(std::count(seq_.begin(), seq_.begin() + pos, seq_[static_cast<size_t>(pos)]));
}

FlexVcHop FlexVcSequence::classify(PathShape path, PathShape escape) const {
  FlexVcHop h;
  if ((h.highest = highest(path)) >= 0) {
    h.kind = HopKind::Safe;
  } else if ((h.highest = highest(escape)) >= 0) {
    h.kind = HopKind::Opportunistic;
  }
  return h;
}

}  // namespace nocsim
