#include "topologies/dragonfly.h"

#include <string>
#include <utility>
#include <vector>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

namespace {
const std::pair<const char*, Dragonfly::Arrangement> kArrangements[] = {
    {"palmtree", Dragonfly::Arrangement::Palmtree},
    {"consecutive", Dragonfly::Arrangement::Consecutive},
    {"prisacari", Dragonfly::Arrangement::Prisacari}};
}  // namespace

std::vector<std::string> Dragonfly::arrangements() {
  std::vector<std::string> names;
  for (const auto& a : kArrangements) names.push_back(a.first);
  return names;
}

Dragonfly::Arrangement Dragonfly::arrangement_from(const std::string& name) {
  std::string valid;
  for (const auto& a : kArrangements) {
    if (name == a.first) return a.second;
    valid += (valid.empty() ? "" : ", ") + std::string(a.first);
  }
  throw ConfigError("topology.arrangement: unknown '" + name + "' (valid: " + valid + ")");
}

Dragonfly::Dragonfly(int p, int a, int h, int groups, Arrangement arr)
    : p_(p), a_(a), h_(h), g_(groups == 0 ? a * h + 1 : groups), arr_(arr) {
  if (p < 1 || a < 1 || h < 1) throw ConfigError("topology.p/a/h: each must be >= 1");
  if (g_ < 2 || g_ > a * h + 1)
    throw ConfigError("topology.groups: must be in [2, a*h+1 = " + std::to_string(a * h + 1) + "], got " +
                      std::to_string(g_));
  if (static_cast<long long>(a) * g_ * p > (1 << 24)) throw ConfigError("topology: more than 2^24 nodes");
  const int L = a_ * h_;
  target_.assign(static_cast<size_t>(g_) * L, -1);
  back_.assign(static_cast<size_t>(g_) * L, -1);
  link_.assign(static_cast<size_t>(g_) * g_, -1);
  for (int i = 0; i < g_; ++i)
    for (int k = 0; k < g_ - 1; ++k) {
      int t, kb;
      switch (arr_) {
        case Arrangement::Palmtree:
          t = ((i - k - 1) % g_ + g_) % g_;
          kb = g_ - 2 - k;
          break;
        case Arrangement::Prisacari:
          t = (i + k + 1) % g_;
          kb = g_ - 2 - k;
          break;
        default:
          t = k < i ? k : k + 1;
          kb = i < t ? i : i - 1;
          break;
      }
      target_[i * L + k] = t;
      back_[i * L + k] = kb;
      link_[i * g_ + t] = k;
    }
}

std::string Dragonfly::describe() const {
  static const char* arr[] = {"palmtree", "consecutive", "prisacari"};
  return "dragonfly p=" + std::to_string(p_) + " a=" + std::to_string(a_) + " h=" + std::to_string(h_) +
         " g=" + std::to_string(g_) + " " + arr[static_cast<int>(arr_)];
}

int Dragonfly::global_target(int router, int port) const {
  int k = index(router) * h_ + port - (a_ - 1);
  return target_[group(router) * a_ * h_ + k];
}

PortPeer Dragonfly::peer(int router, int port) const {
  const int gi = group(router), r = index(router);
  if (port < a_ - 1) {
    int to = port < r ? port : port + 1;
    return {gi * a_ + to, local_port(to, r)};
  }
  if (port >= network_ports()) return {};
  int k = r * h_ + port - (a_ - 1);
  int t = target_[gi * a_ * h_ + k];
  if (t < 0) return {};
  int kb = back_[gi * a_ * h_ + k];
  return {t * a_ + kb / h_, a_ - 1 + kb % h_};
}

int Dragonfly::min_hops(int s, int d) const {
  if (s == d) return 0;
  const int gs = group(s), gd = group(d);
  if (gs == gd) return 1;
  const int out = gateway(gs, gd), in = gateway(gd, gs);
  return (index(s) != out) + 1 + (index(d) != in);
}

void register_dragonfly_topologies(TopologyRegistry& reg) {
  reg.add("dragonfly", {[](const Config& cfg) -> std::unique_ptr<Topology> {
            return std::make_unique<Dragonfly>(
                static_cast<int>(cfg.get_int("topology.p")), static_cast<int>(cfg.get_int("topology.a")),
                static_cast<int>(cfg.get_int("topology.h")), static_cast<int>(cfg.get_int("topology.groups")),
                Dragonfly::arrangement_from(cfg.get_str("topology.arrangement")));
          }});
}

}  // namespace nocsim
