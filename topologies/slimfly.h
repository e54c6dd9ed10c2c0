#pragma once
// SlimFly (Besta and Hoefler, SC'14): the McKay-Miller-Siran graphs of
// diameter 2, for a prime power q = 4w + delta (delta = 1, -1 or 0). 2 q^2
// routers (s, x, y), s in {0, 1}, x and y in GF(q), of network degree
// (3q - delta)/2,
// with `p` nodes each. docs/routing-graph.md.
#include <memory>
#include <vector>

#include "topologies/graph.h"

namespace nocsim {

class Config;

// The links of the MMS graph of q; throws ConfigError (topology.q) when q
// is not a prime power of at least 3.
std::vector<GraphEdge> slimfly_edges(int q);
TopologyShape slimfly_shape(int q, int p);
std::unique_ptr<GraphTopology> make_slimfly(int q, int p);

}  // namespace nocsim
