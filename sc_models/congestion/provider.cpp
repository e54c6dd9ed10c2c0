#include "congestion/provider.h"

namespace nocsim {

CongestionRegistry& mutable_congestion_registry() {
  static CongestionRegistry reg("congestion provider", register_piggyback);
  return reg;
}

const CongestionRegistry& congestion_registry() { return mutable_congestion_registry(); }

}  // namespace nocsim
