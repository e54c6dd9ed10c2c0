#pragma once
// Latency histogram of bounded size, whatever the run length: every value
// below 2^kExactBits has its own bin; above, bins are log-linear (2^(kExactBits-1)
// per power of two), so a percentile is within 2^-(kExactBits-1) of the true
// value (0.2%). Count, sum and max are exact. A 6e7-cycle run used to keep
// every sample (hundreds of MB); this stays under 100 KB.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace nocsim {

class LatencyHistogram {
 public:
  static constexpr int kExactBits = 10;

  void add(uint32_t v) {
    const size_t b = bin(v);
    if (b >= bins_.size()) bins_.resize(b + 1, 0);
    ++bins_[b];
    ++count_;
    sum_ += v;
    max_ = std::max(max_, v);
  }
  uint64_t count() const { return count_; }
  uint64_t sum() const { return sum_; }
  uint32_t max() const { return max_; }
  double mean() const { return count_ ? static_cast<double>(sum_) / static_cast<double>(count_) : 0.0; }
  size_t bins() const { return bins_.size(); }

  // The value of rank ceil(q * count) (nearest rank); exact below 2^kExactBits,
  // else the highest value of its bin, never above the maximum seen.
  uint32_t percentile(double q) const {
    if (!count_) return 0;
    const uint64_t rank = std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(q * static_cast<double>(count_))));
    uint64_t seen = 0;
    for (size_t b = 0; b < bins_.size(); ++b) {
      seen += bins_[b];
      if (seen >= rank) return std::min(max_, highest(b));
    }
    return max_;
  }

  // Bin index of v and the highest value that falls in bin b.
  static size_t bin(uint32_t v) {
    constexpr uint32_t exact = 1u << kExactBits, half = exact >> 1;
    if (v < exact) return v;
    const int shift = 31 - __builtin_clz(v) - (kExactBits - 1);  // keeps kExactBits significant bits
    return exact + static_cast<size_t>(shift - 1) * half + ((v >> shift) - half);
  }
  static uint32_t highest(size_t b) {
    constexpr uint32_t exact = 1u << kExactBits, half = exact >> 1;
    if (b < exact) return static_cast<uint32_t>(b);
    const int shift = static_cast<int>((b - exact) / half) + 1;
    const uint64_t mant = half + (b - exact) % half;
    return static_cast<uint32_t>(std::min<uint64_t>(((mant + 1) << shift) - 1, UINT32_MAX));
  }

 private:
  std::vector<uint64_t> bins_;
  uint64_t count_ = 0, sum_ = 0;
  uint32_t max_ = 0;
};

}  // namespace nocsim
