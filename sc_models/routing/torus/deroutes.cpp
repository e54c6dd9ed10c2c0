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
}

}  // namespace nocsim
