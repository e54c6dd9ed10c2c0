#include "topologies/slimfly.h"

#include <string>
#include <tuple>
#include <utility>

#include "core/error.h"

namespace nocsim {
namespace {

// q = p^m for a prime p; m = 0 when q is not a prime power.
std::pair<int, int> prime_power(int q) {
  for (int p = 2; p <= q; ++p) {
    if (q % p) continue;
    int m = 0;
    for (int x = q; x > 1; x /= p) {
      if (x % p) return {p, 0};
      ++m;
    }
    return {p, m};
  }
  return {q, 0};
}

int check_q(int q) {
  const int delta = q % 4 == 1 ? 1 : q % 4 == 3 ? -1 : 0;
  if (q < 3 || prime_power(q).second == 0)
    throw ConfigError("topology.q: SlimFly needs a prime power q >= 3 (3, 4, 5, 7, 8, 9, 11, 13, 16, ...), got " +
                      std::to_string(q));
  if (2LL * q * q > GraphTopology::kMaxRouters)
    throw ConfigError("topology.q: " + std::to_string(q) + " gives " + std::to_string(2 * q * q) +
                      " routers; at most " + std::to_string(GraphTopology::kMaxRouters) + " are supported");
  return delta;
}

// GF(q), q = p^m: an element is a polynomial of degree < m over GF(p),
// stored as the integer of its coefficients in base p. For m > 1 the field
// is GF(p)[x] modulo x^m + f(x), f tried in order until x has multiplicative
// order q - 1 (a reducible modulus cannot give that order), and x is the
// primitive element xi; for m = 1, xi is the first f of order q - 1, the
// smallest primitive root.
class GaloisField {
 public:
  explicit GaloisField(int q) : q_(q) {
    std::tie(p_, m_) = prime_power(q);
    for (int f = 0; f < q_; ++f)  // f's coefficients below x^m
      if (f % p_ != 0 && x_has_full_order(f)) return;
    throw ConfigError("topology.q: no primitive polynomial found for " + std::to_string(q));  // unreachable
  }
  int pow(int i) const { return pw_[static_cast<size_t>(i % (q_ - 1))]; }  // xi^i
  int sub(int a, int b) const {
    int r = 0;
    for (int d = 0, place = 1; d < m_; ++d, place *= p_) r += ((a / place % p_ - b / place % p_ + p_) % p_) * place;
    return r;
  }
  int mul(int a, int b) const {
    if (a == 0 || b == 0) return 0;
    return pow(log_[static_cast<size_t>(a)] + log_[static_cast<size_t>(b)]);
  }

 private:
  // x * a modulo x^m + f (coefficients of f negated as they wrap).
  int times_x(int a, int f) const {
    const int top = a / (q_ / p_);  // coefficient of x^(m-1)
    int r = (a % (q_ / p_)) * p_;   // shift up
    return sub(r, mul_scalar(f, top));
  }
  int mul_scalar(int a, int c) const {
    int r = 0;
    for (int d = 0, place = 1; d < m_; ++d, place *= p_) r += (a / place % p_ * c % p_) * place;
    return r;
  }
  bool x_has_full_order(int f) {
    pw_.assign(static_cast<size_t>(q_ - 1), 0);
    log_.assign(static_cast<size_t>(q_), -1);
    int a = 1;
    for (int i = 0; i < q_ - 1; ++i) {
      if (log_[static_cast<size_t>(a)] >= 0 || a == 0) return false;
      pw_[static_cast<size_t>(i)] = a;
      log_[static_cast<size_t>(a)] = i;
      a = m_ == 1 ? a * f % p_ : times_x(a, f);
    }
    return a == 1;
  }
  int q_, p_ = 0, m_ = 0;
  std::vector<int> pw_, log_;
};

}  // namespace

// Besta and Hoefler's generator sets from a primitive element xi of GF(q),
// q = 4w + delta: for delta = 1, X the even powers xi^0 .. xi^(q-3) and X'
// the odd ones; for delta = -1, where -1 = xi^(2w-1), the same sets closed
// under negation: X = {xi^0, xi^2, .., xi^(2w-2)} with {xi^(2w-1),
// xi^(2w+1), .., xi^(4w-3)} and X' = {xi^1, xi^3, .., xi^(2w-1)} with
// {xi^(2w), xi^(2w+2), .., xi^(4w-2)}; for delta = 0 (q a power of 2, where
// -a = a), X = {xi^0, xi^2, .., xi^(q-2)} and X' = {xi^1, xi^3, ..,
// xi^(q-1)}. Links: (0,x,y)-(0,x,y') when y - y' is in X, (1,m,c)-(1,m,c')
// when c - c' is in X', and (0,x,y)-(1,m,c) when y = m x + c.
std::vector<GraphEdge> slimfly_edges(int q) {
  const int delta = check_q(q);
  const GaloisField gf(q);
  std::vector<bool> in_x(static_cast<size_t>(q)), in_xp(static_cast<size_t>(q));
  auto add = [&](std::vector<bool>& set, int from, int to) {
    for (int i = from; i <= to; i += 2) set[static_cast<size_t>(gf.pow(i))] = true;
  };
  const int w = (q - delta) / 4;
  if (delta == 1) {
    add(in_x, 0, q - 3), add(in_xp, 1, q - 2);
  } else if (delta == -1) {
    add(in_x, 0, 2 * w - 2), add(in_x, 2 * w - 1, 4 * w - 3);
    add(in_xp, 1, 2 * w - 1), add(in_xp, 2 * w, 4 * w - 2);
  } else {
    add(in_x, 0, q - 2), add(in_xp, 1, q - 1);
  }
  auto id = [q](int s, int a, int b) { return (s * q + a) * q + b; };
  std::vector<GraphEdge> edges;
  for (int a = 0; a < q; ++a)
    for (int b = 0; b < q; ++b)
      for (int b2 = b + 1; b2 < q; ++b2) {
        const size_t diff = static_cast<size_t>(gf.sub(b2, b));
        if (in_x[diff]) edges.push_back({id(0, a, b), id(0, a, b2), 0});
        if (in_xp[diff]) edges.push_back({id(1, a, b), id(1, a, b2), 0});
      }
  for (int x = 0; x < q; ++x)
    for (int y = 0; y < q; ++y)
      for (int m = 0; m < q; ++m) edges.push_back({id(0, x, y), id(1, m, gf.sub(y, gf.mul(m, x))), 0});
  return edges;
}

TopologyShape slimfly_shape(int q, int p) {
  const int delta = check_q(q);
  if (p < 1) throw ConfigError("topology.concentration: must be >= 1");
  const int degree = (3 * q - delta) / 2;
  if (degree + p > 64)
    throw ConfigError("topology.q: SlimFly q=" + std::to_string(q) + " has routers of " + std::to_string(degree + p) +
                      " ports (degree + topology.concentration); the allocators support at most 64");
  TopologyShape s;
  s.describe = "slimfly q=" + std::to_string(q) + " p=" + std::to_string(p);
  s.routers = 2 * q * q, s.nodes = s.routers * p;
  s.network_ports = s.local_ports = degree, s.ports = degree + p;
  s.table_bytes = static_cast<uint64_t>(s.routers) * static_cast<uint64_t>(s.routers) * 3;
  return s;
}

std::unique_ptr<GraphTopology> make_slimfly(int q, int p) {
  const TopologyShape s = slimfly_shape(q, p);
  return std::make_unique<GraphTopology>("slimfly", s.describe, s.routers, slimfly_edges(q), p, "topology.q");
}

}  // namespace nocsim
