#include "sim/sim_config.h"

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

SimConfig SimConfig::from(const Config& cfg) {
  SimConfig s;
  s.warmup = static_cast<Cycle>(cfg.get_int("sim.warmup"));
  s.cycles = static_cast<Cycle>(cfg.get_int("sim.cycles"));
  s.drain = cfg.get_int("sim.drain");
  s.stop_injection = cfg.get_bool("sim.stop_injection");
  s.seed = static_cast<uint64_t>(cfg.get_int("sim.seed"));
  s.per_stage = cfg.get_str("sim.mode") == "per-stage";
  s.reverse_stages = cfg.get_str("sim.stage_order") == "reverse";
  s.one_pass = cfg.get_str("sim.one_pass") == "auto";
  s.direct_st = cfg.get_str("sim.direct_st") == "auto";
  s.threads = static_cast<int>(cfg.get_int("sim.threads"));
  s.batch = static_cast<int>(cfg.get_int("sim.batch"));
  s.check = cfg.get_bool("sim.check");
  s.watchdog = static_cast<Cycle>(cfg.get_int("sim.watchdog"));
  s.progress = cfg.get_bool("sim.progress");
  s.memory_limit_mb = cfg.get_int("sim.memory_limit_mb");
  s.huge_pages = cfg.get_bool("sim.huge_pages");
  s.series_period = static_cast<Cycle>(cfg.get_int("stats.series_period"));
  s.per_router = cfg.get_bool("stats.per_router");
  return s;
}

void SimConfig::validate(ErrorList& errors) const {
  if (reverse_stages && per_stage)
    errors.add({"sim.stage_order: reverse needs sim.mode=per-router (per-stage processes run in kernel order)"});
  if (threads > 1 && per_stage)
    errors.add({"sim.threads: more than 1 needs sim.mode=per-router (per-stage processes run in the kernel, one at a time)"});
}

}  // namespace nocsim
