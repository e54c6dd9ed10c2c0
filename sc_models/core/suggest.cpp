#include "core/suggest.h"

#include <algorithm>
#include <cstdlib>

namespace nocsim {

int edit_distance_within(const std::string& a, const std::string& b, int bound) {
  const int la = static_cast<int>(a.size()), lb = static_cast<int>(b.size());
  if (std::abs(la - lb) > bound) return bound + 1;  // every length difference is an edit
  // Rows i-2, i-1 and i of d, where d[i][j] is the distance between the first
  // i characters of a and the first j of b. A row's minimum never falls
  // (every cell is at least the least cell of the row above: the swap's
  // d[i-2][j-2] + 1 is no less than d[i-1][j-1]), so once it exceeds the
  // bound the distance does too.
  std::vector<int> rows(3 * static_cast<size_t>(lb + 1));
  int* prev2 = rows.data();
  int* prev = prev2 + lb + 1;
  int* cur = prev + lb + 1;
  for (int j = 0; j <= lb; ++j) prev[j] = j;
  for (int i = 1; i <= la; ++i) {
    cur[0] = i;
    int row_min = i;
    for (int j = 1; j <= lb; ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) cur[j] = std::min(cur[j], prev2[j - 2] + 1);
      row_min = std::min(row_min, cur[j]);
    }
    if (row_min > bound) return bound + 1;
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return std::min(prev[lb], bound + 1);
}

int edit_distance(const std::string& a, const std::string& b) {
  return edit_distance_within(a, b, static_cast<int>(std::max(a.size(), b.size())));
}

std::string closest_match(const std::string& word, const std::vector<std::string>& candidates) {
  const int limit = std::min(2, std::max(1, static_cast<int>(word.size()) / 3));
  int best = limit + 1;
  const std::string* best_candidate = nullptr;
  bool tie = false;
  for (const auto& c : candidates) {
    const int d = edit_distance_within(word, c, limit);  // farther than the limit: never chosen
    if (d < best) {
      best = d;
      best_candidate = &c;
      tie = false;
    } else if (d == best && best_candidate && *best_candidate != c) {
      tie = true;
    }
  }
  return best_candidate && !tie ? *best_candidate : "";
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  std::string m = closest_match(word, candidates);
  return m.empty() ? "" : "; did you mean '" + m + "'?";
}

}  // namespace nocsim
