#include "link/link_config.h"

#include <cmath>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {
namespace {

// cycles per flit -> thousandths; 0 stays 0 where `zero_ok` (global: "as local").
uint64_t milli_per_flit(const Config& cfg, const char* key, bool zero_ok) {
  const double b = cfg.get_double(key);
  if (zero_ok && b == 0) return 0;
  const double milli = b * 1000;
  if (!(b >= 1) || std::fabs(milli - std::round(milli)) > 1e-6)
    throw ConfigError(std::string(key) + ": cycles per flit must be " + (zero_ok ? "0 (as link.cycles_per_flit) or " : "") +
                      ">= 1 with at most 3 decimals (e.g. 3.2), got " + cfg.get_str(key));
  return static_cast<uint64_t>(std::llround(milli));
}

}  // namespace

LinkConfig LinkConfig::from(const Config& cfg) {
  LinkConfig c;
  c.latency = static_cast<int>(cfg.get_int("link.latency"));
  c.global_latency = static_cast<int>(cfg.get_int("link.global_latency"));
  c.nic_latency = static_cast<int>(cfg.get_int("link.nic_latency"));
  c.pace = milli_per_flit(cfg, "link.cycles_per_flit", false);
  c.global_pace = milli_per_flit(cfg, "link.global_cycles_per_flit", true);
  c.nic_pace = milli_per_flit(cfg, "link.nic_cycles_per_flit", false);
  return c;
}

}  // namespace nocsim
