#include "topologies/grid.h"

#include <string>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

std::vector<int> grid_radices(const Config& cfg) {
  const int n = static_cast<int>(cfg.get_int("topology.n"));
  if (n < 1) throw ConfigError("topology.n: must be >= 1");
  const auto kl = cfg.get_int_list("topology.k");
  if (kl.size() != 1 && static_cast<int>(kl.size()) != n)
    throw ConfigError("topology.k: give one value or a list of topology.n=" + std::to_string(n) + " values, got " +
                      std::to_string(kl.size()));
  std::vector<int> k(n);
  for (int d = 0; d < n; ++d) k[d] = static_cast<int>(kl.size() == 1 ? kl[0] : kl[d]);
  return k;
}

int grid_concentration(const Config& cfg) { return static_cast<int>(cfg.get_int("topology.concentration")); }

}  // namespace nocsim
