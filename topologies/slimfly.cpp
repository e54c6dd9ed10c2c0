#include "topologies/slimfly.h"

#include <string>

#include "core/error.h"

namespace nocsim {
namespace {

bool prime(int q) {
  if (q < 2) return false;
  for (int d = 2; d * d <= q; ++d)
    if (q % d == 0) return false;
  return true;
}

int check_q(int q) {
  if (!prime(q) || q % 4 == 0 || q % 4 == 2)
    throw ConfigError("topology.q: SlimFly needs a prime q with q mod 4 = 1 or 3 (5, 7, 11, 13, 17, 19, ...), got " +
                      std::to_string(q) + "; prime powers are not built");
  if (2LL * q * q > GraphTopology::kMaxRouters)
    throw ConfigError("topology.q: " + std::to_string(q) + " gives " + std::to_string(2 * q * q) +
                      " routers; at most " + std::to_string(GraphTopology::kMaxRouters) + " are supported");
  return q % 4 == 1 ? 1 : -1;
}

// The smallest primitive element of GF(q): its powers give every nonzero element.
int primitive(int q) {
  for (int g = 2; g < q; ++g) {
    int x = 1, order = 0;
    do {
      x = x * g % q;
      ++order;
    } while (x != 1);
    if (order == q - 1) return g;
  }
  return 1;  // q = 2
}

}  // namespace

// Besta and Hoefler's generator sets from a primitive element xi: for
// delta = 1, X the even powers xi^0 .. xi^(q-3) and X' the odd ones; for
// delta = -1 (q = 4w - 1), where -1 = xi^(2w-1), the same sets closed under
// negation: X = {xi^0, xi^2, .., xi^(2w-2)} with {xi^(2w-1), xi^(2w+1), ..,
// xi^(4w-3)} and X' = {xi^1, xi^3, .., xi^(2w-1)} with {xi^(2w), xi^(2w+2),
// .., xi^(4w-2)}. Links: (0,x,y)-(0,x,y') when
// y - y' is in X, (1,m,c)-(1,m,c') when c - c' is in X', and (0,x,y)-(1,m,c)
// when y = m x + c.
std::vector<GraphEdge> slimfly_edges(int q) {
  const int delta = check_q(q), xi = primitive(q);
  std::vector<int> pw(static_cast<size_t>(q));
  for (int i = 0, x = 1; i < q; ++i, x = x * xi % q) pw[static_cast<size_t>(i)] = x;
  std::vector<bool> in_x(static_cast<size_t>(q)), in_xp(static_cast<size_t>(q));
  if (delta == 1) {
    for (int i = 0; i <= q - 2; ++i) (i % 2 ? in_xp : in_x)[static_cast<size_t>(pw[static_cast<size_t>(i)])] = true;
  } else {
    const int w = (q + 1) / 4;
    for (int i = 0; i <= 2 * w - 2; i += 2) in_x[static_cast<size_t>(pw[static_cast<size_t>(i)])] = true;
    for (int i = 2 * w - 1; i <= 4 * w - 3; i += 2) in_x[static_cast<size_t>(pw[static_cast<size_t>(i)])] = true;
    for (int i = 1; i <= 2 * w - 1; i += 2) in_xp[static_cast<size_t>(pw[static_cast<size_t>(i)])] = true;
    for (int i = 2 * w; i <= 4 * w - 2; i += 2) in_xp[static_cast<size_t>(pw[static_cast<size_t>(i)])] = true;
  }
  auto id = [q](int s, int a, int b) { return (s * q + a) * q + b; };
  std::vector<GraphEdge> edges;
  for (int a = 0; a < q; ++a)
    for (int b = 0; b < q; ++b)
      for (int b2 = b + 1; b2 < q; ++b2) {
        const size_t diff = static_cast<size_t>((b2 - b) % q);
        if (in_x[diff]) edges.push_back({id(0, a, b), id(0, a, b2), 0});
        if (in_xp[diff]) edges.push_back({id(1, a, b), id(1, a, b2), 0});
      }
  for (int x = 0; x < q; ++x)
    for (int y = 0; y < q; ++y)
      for (int m = 0; m < q; ++m) edges.push_back({id(0, x, y), id(1, m, ((y - m * x) % q + q) % q), 0});
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
