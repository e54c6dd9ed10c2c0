#pragma once
// OutFlank Routing's arithmetic (Versaci §3; rules and choices in
// docs/routing-torus.md, "OutFlank"): the intermediate destination nodes
// (IDNs) a source s may pick for destination t, their dilation, and the
// profit rule that picks one. Plain functions over the k-ary n-cube, shared
// with POR.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "routing/torus/deroutes.h"
#include "topologies/kary_ncube.h"

namespace nocsim {

struct Idn {
  int router = -1;
  bool oidn = false;  // an outflanking IDN (else a WIDN, an orthant midpoint)
  int dilation = 0;   // delta(q) = d(s,q) + d(q,t) - d(s,t)
};

// d(s,q) + d(q,t) over minimal paths.
int idn_path_length(const KAryNCube& t, int s, int q, int dst);

// WIDNs: q_i = floor((s_i + t_i + beta_i k_i) / 2) mod k_i for beta in {0,1}^n,
// in increasing beta (bit i = beta_i); those on a minimal path (dilation 0,
// the minimal orthant) left out, and each router once.
std::vector<Idn> widns(const KAryNCube& t, int s, int dst);

// OIDN lambda vectors (entries -1, 0, +1) in the canonical frame where every
// minimal (mu) link of s is the + one: lambda_i = -1 leaves s on a nu link
// in dimension i, +1 reaches t over a nu link. Dimensions with s_i != t_i
// (class M) and s_i = t_i (class N). For n = 3 Versaci's sets; other n:
// each N dimension alone at +-1, and each ordered pair of M dimensions (i at
// -1, j at +1), which gives Versaci's 3-D non-coplanar and coplanar sets.
std::vector<std::vector<int>> oidn_lambdas(const KAryNCube& t, int s, int dst);

// The OIDN a canonical lambda vector names, Delta hops out:
// M, lambda -1: s_i - mu_i Delta; M, +1: t_i + mu_i Delta; M, 0: the
// midpoint of the minimal arc, s_i + mu_i floor(d_i / 2); N: s_i + lambda_i Delta.
int oidn_router(const KAryNCube& t, int s, int dst, const std::vector<int>& lambda, int delta);

// Every OIDN of s -> t (oidn_lambdas order, each router once, none on a minimal path).
std::vector<Idn> oidns(const KAryNCube& t, int s, int dst, int delta);

// pi = u_star / u + eta * d_st / d_path, the first term 1 when u = 0
// (then u_star = 0 too): the profit of a path of length d_path whose first
// hops see u used slots on average, u_star the least used output of s.
inline double idn_profit(double u_star, double u, double eta, int d_st, int d_path) {
  return (u > 0 ? u_star / u : 1.0) + eta * d_st / d_path;
}

// What a path of length d_path loses to the minimal one in the length term,
// eta (1 - d_st / d_path): the gain in the occupancy term it needs to win.
inline double length_penalty(double eta, int d_st, int d_path) { return eta - eta * d_st / d_path; }

// The profit rule's view at one decision (deroutes.h's kDecision bits):
// see() each longer candidate path (its length penalty and u_q), then
// flags() with u* and u0. The occupancy term gains at most 1 (u_q = u*,
// u*/u0 -> 0), and at this decision at most 1 - u*/u0.
class ProfitView {
 public:
  void see(double penalty, double u) {
    least_penalty_ = std::min(least_penalty_, penalty);
    least_u_ = std::min(least_u_, u);
  }
  uint8_t flags(double u_star, double u0) const {
    uint8_t f = 0;
    if (u_star <= 0) f |= kLeastIdle;
    if (u0 <= 0) f |= kMinimalIdle;
    if (least_penalty_ < 1) f |= kDetourInRange;
    if (u0 > 0 && least_penalty_ < 1 - u_star / u0) f |= kDetourWithinReach;
    if (least_u_ < u0) f |= kDetourLessUsed;
    return f;
  }
  // The least mean u over the longer paths seen, -1 when none was.
  double least_detour_u() const { return least_u_ == std::numeric_limits<double>::infinity() ? -1 : least_u_; }

 private:
  double least_penalty_ = std::numeric_limits<double>::infinity();
  double least_u_ = std::numeric_limits<double>::infinity();
};

}  // namespace nocsim
