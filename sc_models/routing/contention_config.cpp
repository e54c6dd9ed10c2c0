#include "routing/contention_config.h"

#include <string>

#include "core/config.h"
#include "core/error.h"
#include "routing/routing_config.h"

namespace nocsim {

ContentionConfig ContentionConfig::from(const Config& cfg) {
  ContentionConfig c;
  c.on = RoutingConfig::from(cfg).trigger == MisrouteTrigger::Contention;
  const std::string& v = cfg.get_str("routing.contention.variant");
  c.variant = v == "filtered" ? ContentionVariant::Filtered
              : v == "hybrid" ? ContentionVariant::Hybrid
              : v == "ectn"   ? ContentionVariant::Ectn
                              : ContentionVariant::Base;
  c.threshold = static_cast<int>(cfg.get_int("routing.contention.threshold"));
  c.alpha = cfg.get_double("routing.contention.alpha");
  c.alpha256 = static_cast<int>(c.alpha * 256 + 0.5);
  c.credit_percent = static_cast<int>(cfg.get_int("routing.contention.credit_threshold"));
  c.ectn_period = static_cast<int>(cfg.get_int("routing.contention.ectn_period"));
  c.ectn_threshold = static_cast<int>(cfg.get_int("routing.contention.ectn_threshold"));
  c.ectn_messages = cfg.get_str("routing.contention.ectn_exchange") == "messages";
  return c;
}

void ContentionConfig::validate(int local_latency, ErrorList& errors) const {
  const int delay = ectn_delay(local_latency);
  if (on && variant == ContentionVariant::Ectn && delay >= ectn_period)
    errors.add({"routing.contention.ectn_exchange: messages over the local links arrive " + std::to_string(delay) +
                " cycles after each exchange; routing.contention.ectn_period must be above that, got " +
                std::to_string(ectn_period)});
}

}  // namespace nocsim
