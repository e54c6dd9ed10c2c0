#include "core/suggest.h"

#include <algorithm>

namespace nocsim {

int edit_distance(const std::string& a, const std::string& b) {
  // d[i][j]: distance between the first i characters of a and the first j of b.
  std::vector<std::vector<int>> d(a.size() + 1, std::vector<int>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string closest_match(const std::string& word, const std::vector<std::string>& candidates) {
  const int limit = std::min(2, std::max(1, static_cast<int>(word.size()) / 3));
  int best = limit + 1;
  const std::string* best_candidate = nullptr;
  bool tie = false;
  for (const auto& c : candidates) {
    int d = edit_distance(word, c);
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
