#include "core/batch_plan.h"

#include <algorithm>
#include <numeric>

namespace nocsim {
namespace {

// Union-find root of router r, with path halving.
int root_of(std::vector<int>& up, int r) {
  auto at = [&](int i) -> int& { return up[static_cast<size_t>(i)]; };
  while (at(r) != r) r = at(r) = at(at(r));
  return r;
}

// The starts of the components as ranges of router numbers, closed by
// `routers`; empty when some component is not one contiguous range.
std::vector<size_t> contiguous_ranges(std::vector<int>& up, int routers) {
  std::vector<size_t> starts;
  std::vector<char> left(static_cast<size_t>(routers), 0);  // [root] its range has ended
  int current = -1;
  for (int r = 0; r < routers; ++r) {
    const int c = root_of(up, r);
    if (c == current) continue;
    if (left[static_cast<size_t>(c)]) return {};
    if (current >= 0) left[static_cast<size_t>(current)] = 1;
    current = c;
    starts.push_back(static_cast<size_t>(r));
  }
  starts.push_back(static_cast<size_t>(routers));
  return starts;
}

}  // namespace

BatchPlan plan_batches(int routers, const std::vector<RouterLink>& links, int cap) {
  BatchPlan plan;
  plan.clusters = {0, static_cast<size_t>(std::max(routers, 0))};
  // No link between routers (a single switch): the cap alone.
  plan.inner = plan.outer = std::max(cap, 1);
  if (links.empty() || cap <= 1) return plan;
  int shortest = cap;
  for (const RouterLink& l : links) {
    shortest = std::min(shortest, l.latency);
    plan.longest = std::max(plan.longest, l.latency);
  }
  plan.inner = plan.outer = std::max(shortest, 1);
  // The next shorter latency: every link between clusters takes that.
  int next = 0;
  for (const RouterLink& l : links)
    if (l.latency > shortest && (next == 0 || l.latency < next)) next = l.latency;
  if (plan.inner == 1 || next == 0 || shortest >= cap) return plan;
  std::vector<int> up(static_cast<size_t>(routers));
  std::iota(up.begin(), up.end(), 0);
  for (const RouterLink& l : links)
    if (l.latency == shortest) up[static_cast<size_t>(root_of(up, l.from))] = root_of(up, l.to);
  std::vector<size_t> ranges = contiguous_ranges(up, routers);
  if (ranges.size() < 3) return plan;  // one cluster, or not ranges
  plan.outer = std::min(next, cap);
  plan.clusters = std::move(ranges);
  return plan;
}

}  // namespace nocsim
