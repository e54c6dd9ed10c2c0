#include "vc/selection.h"

#include <string>

#include "core/config.h"

namespace nocsim {

OneVc::OneVc(Pick pick, uint64_t seed, int router) : pick_(pick), rng_(seed, "vc.selection." + std::to_string(router)) {}

int OneVc::select(const RouteCandidate* cands, const uint64_t* usable, int n, uint64_t& mask,
                  const CreditView& credits) {
  int c = 0;
  while (c < n && !usable[c]) ++c;
  if (c == n) return -1;
  const uint64_t u = usable[c];
  int vc = 0;
  switch (pick_) {
    case Pick::Lowest: vc = __builtin_ctzll(u); break;
    case Pick::Highest: vc = 63 - __builtin_clzll(u); break;
    case Pick::Random: {
      uint64_t k = rng_.below(static_cast<uint64_t>(__builtin_popcountll(u)));
      uint64_t m = u;
      for (; k; --k) m &= m - 1;
      vc = __builtin_ctzll(m);
      break;
    }
    case Pick::Jsq: {
      int best = -1;
      for (uint64_t m = u; m; m &= m - 1) {  // lowest first: ties go to the later, higher VC
        const int o = __builtin_ctzll(m), cr = credits.credits(cands[c].out_port, o);
        if (cr >= best) best = cr, vc = o;
      }
      break;
    }
  }
  mask = 1ull << vc;
  return c;
}

void register_selections(SelectionRegistry& reg) {
  reg.add("first", {[](const Config&, int) { return std::unique_ptr<Selection>(std::make_unique<FirstUsable>()); }});
  // The default: FlexVC's JSQ where the policy opens several VCs per hop,
  // else `first` (one VC per hop under the distance-based policy).
  reg.add("auto", {[](const Config& cfg, int router) -> std::unique_ptr<Selection> {
            if (cfg.get_str("vc.policy") == "flexvc")
              return std::make_unique<OneVc>(OneVc::Pick::Jsq, static_cast<uint64_t>(cfg.get_int("sim.seed")), router);
            return std::make_unique<FirstUsable>();
          }});
  const std::pair<const char*, OneVc::Pick> picks[] = {{"jsq", OneVc::Pick::Jsq},
                                                       {"highest", OneVc::Pick::Highest},
                                                       {"lowest", OneVc::Pick::Lowest},
                                                       {"random", OneVc::Pick::Random}};
  for (const auto& [name, pick] : picks) {
    const OneVc::Pick p = pick;
    reg.add(name, {[p](const Config& cfg, int router) {
              return std::unique_ptr<Selection>(
                  std::make_unique<OneVc>(p, static_cast<uint64_t>(cfg.get_int("sim.seed")), router));
            }});
  }
}

SelectionRegistry& mutable_selection_registry() {
  static SelectionRegistry reg("vc.select", register_selections);
  return reg;
}

const SelectionRegistry& selection_registry() { return mutable_selection_registry(); }

}  // namespace nocsim
