#include "congestion/provider.h"

namespace nocsim {

CongestionRegistry& mutable_congestion_registry() {
  static CongestionRegistry reg = [] {
    CongestionRegistry r("congestion provider");
    register_piggyback(r);
    return r;
  }();
  return reg;
}

const CongestionRegistry& congestion_registry() { return mutable_congestion_registry(); }

}  // namespace nocsim
