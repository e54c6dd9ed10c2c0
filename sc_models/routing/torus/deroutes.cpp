#include "routing/torus/deroutes.h"

#include "core/json_writer.h"

namespace nocsim {

void TorusDeroutes::write(JsonWriter& j, const RoutingReport& r) const {
  const double n = r.measured_delivered;
  j.open("derouted");
  j.num("widn", n ? widn_ / n : 0);
  j.num("oidn", n ? oidn_ / n : 0);
  j.num("total", n ? total_ / n : 0);
  j.close();
  if (!profit_) return;
  j.open("profit_rule");
  j.num("least_idle", n ? least_idle_ / n : 0);
  j.num("minimal_idle", n ? idle_ / n : 0);
  j.num("detour_in_range", n ? in_range_ / n : 0);
  j.num("detour_within_reach", n ? reach_ / n : 0);
  j.num("detour_less_used", n ? less_used_ / n : 0);
  j.close();
}

}  // namespace nocsim
