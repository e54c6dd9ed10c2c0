#pragma once
// The global links between the groups of a dragonfly (topologies/dragonfly.h)
// or a Dragonfly+ (topologies/dragonfly_plus.h): g groups of L global link
// ends each, link k of group i reaching group t on its link k'; links
// 0 .. g-2 of each group are wired, one per pair of groups, the rest (when
// g < L + 1) unwired. Arrangements (docs/routing-dragonfly-plus.md):
//   palmtree    t = (i - k - 1) mod g, k' = g - 2 - k  (Fuentes)
//   consecutive t = k if k < i else k + 1, k' = i if i < t else i - 1 (Pisani)
//   prisacari   t = (i + k + 1) mod g, k' = g - 2 - k  (Prisacari et al., with
//               the +1 that avoids the printed self-loop)
#include <cstddef>
#include <vector>

namespace nocsim {

enum class GroupArrangement { Palmtree, Consecutive, Prisacari };

class GroupWiring {
 public:
  GroupWiring() = default;
  GroupWiring(int groups, int links_per_group, GroupArrangement arr)
      : g_(groups), L_(links_per_group), target_(static_cast<size_t>(groups) * links_per_group, -1),
        back_(target_.size(), -1), link_(static_cast<size_t>(groups) * groups, -1) {
    for (int i = 0; i < g_; ++i)
      for (int k = 0; k < g_ - 1; ++k) {
        int t, kb;
        switch (arr) {
          case GroupArrangement::Palmtree:
            t = ((i - k - 1) % g_ + g_) % g_;
            kb = g_ - 2 - k;
            break;
          case GroupArrangement::Prisacari:
            t = (i + k + 1) % g_;
            kb = g_ - 2 - k;
            break;
          default:
            t = k < i ? k : k + 1;
            kb = i < t ? i : i - 1;
            break;
        }
        target_[at(i, k)] = t;
        back_[at(i, k)] = kb;
        link_[static_cast<size_t>(i) * g_ + t] = k;
      }
  }
  // Group reached by link k of group i, -1 when unwired; the link index it
  // arrives on there; the link of group `from` that reaches group `to`.
  int target(int i, int k) const { return target_[at(i, k)]; }
  int back(int i, int k) const { return back_[at(i, k)]; }
  int link(int from, int to) const { return link_[static_cast<size_t>(from) * g_ + to]; }
  // Bytes of the tables, for the memory estimate.
  static size_t bytes(int groups, int links_per_group) {
    return (2 * static_cast<size_t>(groups) * links_per_group + static_cast<size_t>(groups) * groups) * sizeof(int);
  }

 private:
  size_t at(int i, int k) const { return static_cast<size_t>(i) * L_ + k; }
  int g_ = 0, L_ = 0;
  std::vector<int> target_, back_, link_;
};

}  // namespace nocsim
