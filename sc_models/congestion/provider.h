#pragma once
// Congestion information beyond a router's own buffers that a routing reads
// through the CongestionView (e.g. PiggyBack's saturation flags). A routing
// names the providers it needs (Routing::congestion_providers()); network
// assembly builds each named one once, from this registry.
#include <functional>
#include <memory>

#include "core/registry.h"
#include "routing/routing.h"

namespace nocsim {

class CongestionProvider {
 public:
  virtual ~CongestionProvider() = default;
  // Is global port `port` of `router` flagged saturated (PiggyBack)?
  virtual bool saturated(int /*router*/, int /*port*/) const { return false; }
};

struct CongestionProviderFactory {
  // buffers: the network's view of its buffers, which a provider may sample.
  std::function<std::unique_ptr<CongestionProvider>(const Topology&, const CongestionView& buffers, const Config&)>
      make;
};
using CongestionRegistry = Registry<CongestionProviderFactory>;

// Explicit registration (static self-registration is dropped by the linker).
void register_piggyback(CongestionRegistry& reg);
// Every provider of the build, by the name routings give; a test may add its own.
const CongestionRegistry& congestion_registry();
CongestionRegistry& mutable_congestion_registry();

}  // namespace nocsim
