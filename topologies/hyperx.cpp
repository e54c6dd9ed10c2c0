#include "topologies/hyperx.h"

#include <string>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

TopologyShape HyperX::shape_of(const std::vector<int>& s, int t) {
  if (t < 1) throw ConfigError("topology.concentration: must be >= 1");
  // RoutingHeader::flags keeps one bit per dimension (DAL's deroutes).
  if (s.size() > 8) throw ConfigError("topology.n: a hyperx has at most 8 dimensions");
  long long r = 1;
  int links = 0;
  std::string dims;
  for (int sd : s) {
    if (sd < 2) throw ConfigError("topology.k: every S must be >= 2, got " + std::to_string(sd));
    r *= sd;
    links += sd - 1;
    if (r * t > (1 << 24)) throw ConfigError("topology.k: more than 2^24 nodes is not supported");
    dims += (dims.empty() ? "" : "x") + std::to_string(sd);
  }
  TopologyShape sh;
  sh.describe = "hyperx " + dims + " T=" + std::to_string(t);
  sh.routers = static_cast<int>(r), sh.nodes = static_cast<int>(r) * t;
  sh.network_ports = sh.local_ports = links, sh.ports = links + t;
  sh.table_bytes = static_cast<uint64_t>(r) * s.size() * sizeof(int);
  return sh;
}

namespace {

std::vector<int> checked(std::vector<int> s, int t) {
  HyperX::shape_of(s, t);  // throws on an impossible shape
  return s;
}

}  // namespace

HyperX::HyperX(std::vector<int> s, int t) : Grid(checked(std::move(s), t), t) {
  for (int d = 0; d < n_; ++d) {
    base_.push_back(network_ports_);
    network_ports_ += k_[d] - 1;
  }
}

PortPeer HyperX::peer(int router, int port) const {
  if (port < 0 || port >= network_ports_) return {};
  const int d = dim_of(port), own = coord(router, d);
  int x = port - base_[d];
  if (x >= own) ++x;
  const int other = with_coord(router, d, x);
  return {other, port_to(other, d, own)};
}

int HyperX::minimal_port(int router, int dst) const {
  const int p = dor_port(router, node_router(dst));
  return p < 0 ? node_port(dst) : p;
}

// Cutting dimension d in halves of a and b coordinates leaves a*b links
// across on each line (all-to-all); the narrowest cut decides
// (cut_saturation_load): S (N - 1) / (N T), about S/T.
double HyperX::bisection_load() const {
  double best = 0;
  for (int d = 0; d < n_; ++d) {
    const double a = k_[d] / 2, b = k_[d] - k_[d] / 2;
    const double load = cut_saturation_load(a * b, k_[d], nodes(), c_);
    if (d == 0 || load < best) best = load;
  }
  return best;
}

void register_hyperx_topology(TopologyRegistry& reg) {
  auto make = [](const Config& cfg) -> std::unique_ptr<Topology> {
    return std::make_unique<HyperX>(grid_radices(cfg), grid_concentration(cfg));
  };
  auto shape = [](const Config& cfg) {
    return HyperX::shape_of(grid_radices(cfg), grid_concentration(cfg));
  };
  reg.add("hyperx", {make, shape});
}

}  // namespace nocsim
