#include "routing/torus/outflank.h"

#include <algorithm>

namespace nocsim {
namespace {

int wrap(int x, int k) { return ((x % k) + k) % k; }

bool has_router(const std::vector<Idn>& v, int r) {
  return std::any_of(v.begin(), v.end(), [r](const Idn& q) { return q.router == r; });
}

}  // namespace

int idn_path_length(const KAryNCube& t, int s, int q, int dst) { return t.min_hops(s, q) + t.min_hops(q, dst); }

std::vector<Idn> widns(const KAryNCube& t, int s, int dst) {
  std::vector<Idn> out;
  const int n = t.n(), d_st = t.min_hops(s, dst);
  std::vector<int> x(n);
  for (uint32_t beta = 0; beta < (1u << n); ++beta) {
    for (int i = 0; i < n; ++i)
      x[i] = wrap((t.coord(s, i) + t.coord(dst, i) + static_cast<int>(beta >> i & 1u) * t.k(i)) / 2, t.k(i));
    const int q = t.router_at(x), dil = idn_path_length(t, s, q, dst) - d_st;
    if (dil > 0 && !has_router(out, q)) out.push_back({q, false, dil});
  }
  return out;
}

std::vector<std::vector<int>> oidn_lambdas(const KAryNCube& t, int s, int dst) {
  std::vector<int> m_dims, n_dims;
  for (int i = 0; i < t.n(); ++i) (t.coord(s, i) != t.coord(dst, i) ? m_dims : n_dims).push_back(i);
  std::vector<std::vector<int>> out;
  auto add = [&](std::initializer_list<std::pair<int, int>> set) {
    std::vector<int> l(t.n(), 0);
    for (const auto& [dim, v] : set) l[dim] = v;
    out.push_back(l);
  };
  if (t.n() == 3 && n_dims.size() == 2) {  // collinear: Versaci's set, N dimensions in increasing order
    const int a = n_dims[0], b = n_dims[1], m = m_dims[0];
    add({{a, 1}, {m, 1}});
    add({{a, -1}});
    add({{b, 1}, {m, -1}});
    add({{b, -1}});
    return out;
  }
  for (int i : n_dims) {
    add({{i, 1}});
    add({{i, -1}});
  }
  for (int i : m_dims)
    for (int j : m_dims)
      if (i != j) add({{i, -1}, {j, 1}});
  return out;
}

int oidn_router(const KAryNCube& t, int s, int dst, const std::vector<int>& lambda, int delta) {
  std::vector<int> x(t.n());
  for (int i = 0; i < t.n(); ++i) {
    const int si = t.coord(s, i), ti = t.coord(dst, i), k = t.k(i);
    if (si == ti) {
      x[i] = wrap(si + lambda[i] * delta, k);
      continue;
    }
    const int off = t.min_offset(si, ti, i), mu = off > 0 ? 1 : -1, d = off * mu;
    x[i] = lambda[i] < 0 ? wrap(si - mu * delta, k) : lambda[i] > 0 ? wrap(ti + mu * delta, k) : wrap(si + mu * (d / 2), k);
  }
  return t.router_at(x);
}

std::vector<Idn> oidns(const KAryNCube& t, int s, int dst, int delta) {
  std::vector<Idn> out;
  const int d_st = t.min_hops(s, dst);
  for (const auto& l : oidn_lambdas(t, s, dst)) {
    const int q = oidn_router(t, s, dst, l, delta), dil = idn_path_length(t, s, q, dst) - d_st;
    if (dil > 0 && !has_router(out, q)) out.push_back({q, true, dil});
  }
  return out;
}

}  // namespace nocsim
