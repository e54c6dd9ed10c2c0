#pragma once
// Fairness of per-router (or per-node) injected load (Fuentes §1.5.1):
// minimum, max/min ratio, coefficient of variation sigma/mu, Jain's index
// (sum x)^2 / (n sum x^2): 1 when all are equal, 1/n when one gets all.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace nocsim {

struct Fairness {
  double min = 0, max_min_ratio = 0, cov = 0, jain = 0;
};

inline Fairness fairness(const std::vector<double>& x) {
  Fairness f;
  if (x.empty()) return f;
  double sum = 0, sum2 = 0;
  for (double v : x) {
    sum += v;
    sum2 += v * v;
  }
  const double n = static_cast<double>(x.size()), mean = sum / n;
  auto [lo, hi] = std::minmax_element(x.begin(), x.end());
  f.min = *lo;
  f.max_min_ratio = *lo > 0 ? *hi / *lo : std::numeric_limits<double>::infinity();
  f.cov = mean > 0 ? std::sqrt(std::max(0.0, sum2 / n - mean * mean)) / mean : 0;
  f.jain = sum2 > 0 ? sum * sum / (n * sum2) : 1;
  return f;
}

}  // namespace nocsim
