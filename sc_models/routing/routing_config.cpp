#include "routing/routing_config.h"

#include "core/config.h"

namespace nocsim {

RoutingConfig RoutingConfig::from(const Config& cfg) {
  RoutingConfig r;
  r.algorithm = cfg.get_str("routing.algorithm");
  const std::string& t = cfg.get_str("routing.trigger");
  r.trigger = t == "credits" ? MisrouteTrigger::Credits : t == "contention" ? MisrouteTrigger::Contention : MisrouteTrigger::Ugal;
  r.reevaluate = cfg.get_bool("routing.reevaluate");
  r.ugal_threshold = static_cast<int>(cfg.get_int("routing.ugal_threshold"));
  return r;
}

}  // namespace nocsim
