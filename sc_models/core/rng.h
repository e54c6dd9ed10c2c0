#pragma once
// One seeded stream per component: seed = mix(global seed, component name).
// The generators are written out here so that every platform draws the same
// numbers for the same seed.
#include <cmath>
#include <cstdint>
#include <string_view>

namespace nocsim {

inline uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

inline uint64_t fnv1a(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : s) h = (h ^ static_cast<uint8_t>(c)) * 0x100000001b3ull;
  return h;
}

// xoshiro256** seeded through splitmix64.
class Rng {
 public:
  Rng(uint64_t seed, std::string_view component) {
    uint64_t x = seed ^ fnv1a(component);
    for (auto& w : s_) w = splitmix64(x);
  }
  uint64_t next() {
    const uint64_t r = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return r;
  }
  // Uniform in [0, 1).
  double uniform() { return (next() >> 11) * 0x1.0p-53; }
  // Uniform integer in [0, n).
  uint64_t below(uint64_t n) { return static_cast<uint64_t>(uniform() * n); }
  // A standard normal draw (Box-Muller; two uniforms per draw).
  double normal() {
    const double u = 1.0 - uniform(), v = uniform();  // u in (0, 1]
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * 3.14159265358979323846 * v);
  }
  // Cycles until the next success of a Bernoulli(p) trial per cycle, >= 1:
  // the same distribution as drawing once per cycle, without waking every cycle.
  // A gap past kMaxGap (a vanishing p, e.g. traffic.load=1e-100) is returned
  // as kMaxGap: no run is that long, and casting a larger double would be
  // undefined. p <= 0 gives kMaxGap too (never).
  static constexpr uint64_t kMaxGap = uint64_t{1} << 62;
  uint64_t geometric(double p) {
    if (p >= 1.0) return 1;
    double u = 1.0 - uniform();  // (0, 1]
    const double gap = std::floor(std::log(u) / std::log1p(-p));
    if (!(gap < static_cast<double>(kMaxGap - 1))) return kMaxGap;
    return 1 + static_cast<uint64_t>(gap);
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace nocsim
