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
  // Over the measured packets' decisions (delivered or not): used slots in flits.
  const ProfitTotals& t = totals_;
  const double d = static_cast<double>(t.decisions);
  j.num("decisions", t.decisions);
  j.num("mean_u_star", d ? t.u_star / d : 0);
  j.num("mean_u0", d ? t.u0 / d : 0);
  j.num("mean_least_detour_u", t.with_detour ? t.detour_u / static_cast<double>(t.with_detour) : 0);
  j.num("idle_minimal", d ? t.idle_minimal / d : 0);
  j.num("idle_opposite", d ? t.idle_opposite / d : 0);
  j.num("idle_unneeded", d ? t.idle_unneeded / d : 0);
  j.close();
}

}  // namespace nocsim
