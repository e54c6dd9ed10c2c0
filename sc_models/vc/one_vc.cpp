// OneVc apart from the registry: the C++ twin of rtl_ref/flexvc_select.sv,
// linked by its co-simulation test without the configuration code.
#include <string>

#include "vc/selection.h"

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

}  // namespace nocsim
