#include "congestion/piggyback.h"

#include "core/config.h"
#include "core/error.h"
#include "link/link.h"
#include "link/link_config.h"
#include "vc/vc_config.h"

namespace nocsim {

PiggybackBoard::PiggybackBoard(sc_core::sc_module_name name, const Dragonfly& t, const CongestionView& view,
                               const Params& p, Cycle period_ps)
    : sc_module(name), t_(t), view_(view), p_(p), period_ps_(period_ps),
      visible_(static_cast<size_t>(t.routers()) * t.h(), 0) {
  SC_HAS_PROCESS(PiggybackBoard);
  SC_METHOD(tick);
}

// Runs at the start of a cycle, in the first delta, before the rising edge's
// processes: it sees exactly what the previous cycle committed and what the
// falling-edge pulls added, and nothing else runs then. Publishes samples whose
// delay has passed, samples at multiples of the period, then sleeps until the
// next of the two.
void PiggybackBoard::tick() {
  const Cycle now = static_cast<Cycle>(sc_core::sc_time_stamp().value()) / period_ps_;
  while (!pending_.empty() && pending_.front().first <= now) {
    visible_.swap(pending_.front().second);
    pending_.pop_front();
  }
  if (now >= next_sample_) {
    std::vector<uint8_t> flags(visible_.size(), 0);
    const int H = t_.h(), first_global = t_.a() - 1;
    for (int r = 0; r < t_.routers(); ++r) {
      long sum = 0;
      for (int m = 0; m < H; ++m) sum += occupancy(r, first_global + m);
      for (int m = 0; m < H; ++m) {
        const long q = occupancy(r, first_global + m);
        // q > coef% * mean + threshold, in integers: 100*H*q > coef*sum + 100*H*threshold
        flags[r * H + m] = 100L * H * q > static_cast<long>(p_.coef_percent) * sum + 100L * H * p_.threshold;
      }
    }
    // Sampled state is the end of cycle now-1; the group sees it `delay` cycles on.
    pending_.emplace_back(now + static_cast<Cycle>(p_.delay), std::move(flags));
    next_sample_ = now + static_cast<Cycle>(p_.period);
  }
  Cycle wake = next_sample_;
  if (!pending_.empty() && pending_.front().first < wake) wake = pending_.front().first;
  next_trigger(sc_core::sc_time(static_cast<double>(wake * period_ps_), sc_core::SC_PS) - sc_core::sc_time_stamp());
}

void register_piggyback(CongestionRegistry& reg) {
  CongestionProviderFactory pb;
  pb.make = [](const Topology& t, const CongestionView& buffers, const Config& cfg) {
    const auto* d = dynamic_cast<const Dragonfly*>(&t);
    if (!d) throw ConfigError("routing.algorithm: the PiggyBack board needs topology.type dragonfly");
    PiggybackBoard::Params pp;
    pp.period = static_cast<int>(cfg.get_int("routing.pb_period"));
    pp.delay = LinkConfig::from(cfg).latency_of(PortClass::Local);  // flags ride on local links
    pp.coef_percent = static_cast<int>(cfg.get_int("routing.pb_coef"));
    pp.threshold = static_cast<int>(cfg.get_int("routing.pb_threshold"));
    pp.mincred = VcConfig::from(cfg).mincred;
    return std::unique_ptr<CongestionProvider>(std::make_unique<PiggybackBoard>("pb", *d, buffers, pp, kClockPeriodPs));
  };
  reg.add("pb", pb);
}

}  // namespace nocsim
