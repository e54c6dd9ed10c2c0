#include "nic/nic_clock.h"

#include "core/cycle.h"
#include "core/flag_scan.h"
#include "nic/nic.h"

namespace nocsim {

NicClock::NicClock(sc_core::sc_module_name name, Cycle period_ps, const std::vector<Nic*>& nics)
    : sc_module(name), clk("clk"), period_ps_(period_ps), nics_(nics), awake_((nics.size() + 7) & ~size_t{7}, 0) {
  // Every NIC runs at the first edge, as its process did.
  for (size_t n = 0; n < nics_.size(); ++n) {
    awake_[n] = 1;
    nics_[n]->set_clock_flag(&awake_[n]);
  }
  SC_HAS_PROCESS(NicClock);
  SC_METHOD(run);
  sensitive << clk.pos();
  dont_initialize();
}

void NicClock::run() {
  const Cycle now = cycle_now(period_ps_);
  for_flagged(awake_.data(), 0, awake_.size(), false, [&](size_t n) { nics_[n]->run(now); });
}

}  // namespace nocsim
