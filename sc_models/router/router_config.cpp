#include "router/router_config.h"

#include <algorithm>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {
namespace {

ArbiterKind arbiter(const Config& cfg, const char* key) {
  const auto& names = arbiter_kind_names();
  return static_cast<ArbiterKind>(std::find(names.begin(), names.end(), cfg.get_str(key)) - names.begin());
}

int as_int(const Config& cfg, const char* key) { return static_cast<int>(cfg.get_int(key)); }

}  // namespace

RouterConfig RouterConfig::from(const Config& cfg) {
  RouterConfig r;
  r.buffers = BufferConfig::from(cfg);
  r.output_buffer_depth = as_int(cfg, "router.output_buffer_depth");
  r.speedup = as_int(cfg, "router.speedup");
  r.in_transit_priority = cfg.get_bool("router.in_transit_priority");
  r.va_arbiter = arbiter(cfg, "router.arbiter.va");
  r.sa_arbiters = {arbiter(cfg, "router.arbiter.sa_in"), arbiter(cfg, "router.arbiter.sa_out")};
  r.lat_rc = as_int(cfg, "router.stage_latency.rc");
  r.lat_va = as_int(cfg, "router.stage_latency.va");
  r.lat_sa = as_int(cfg, "router.stage_latency.sa");
  r.lat_st = as_int(cfg, "router.stage_latency.st");
  r.allocator_sa = cfg.get_str("router.allocator.sa");
  r.allocator_va = cfg.get_str("router.allocator.va");
  return r;
}

void RouterConfig::validate(ErrorList& errors) const {
  if (speedup > 1 && output_buffer_depth == 0)
    errors.add({"router.output_buffer_depth: router.speedup > 1 needs output buffers (set it >= 1)"});
}

}  // namespace nocsim
