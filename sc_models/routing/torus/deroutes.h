#pragma once
// The torus routings' deroute statistics: a routing that sends a packet on
// a longer path at injection (OFR toward an IDN, POR's non-minimal orthant,
// smart DOR's first hop) marks the head's routing header; the sink reports
// the marked measured heads here, and the JSON gives the fraction of
// measured packets derouted ("derouted": widn, oidn, total).
#include <memory>

#include "routing/routing.h"

namespace nocsim {

// RoutingHeader::flags bits of a derouted packet.
constexpr uint8_t kDerouteWidn = 2;   // OFR: toward an orthant midpoint (WIDN)
constexpr uint8_t kDerouteOidn = 4;   // OFR: toward an outflanking IDN (OIDN)
constexpr uint8_t kDerouteOther = 8;  // POR's non-minimal orthant, smart DOR's first hop
constexpr uint8_t kDerouted = kDerouteWidn | kDerouteOidn | kDerouteOther;

class TorusDeroutes : public RoutingStats {
 public:
  uint8_t head_flags() const override { return kDerouted; }
  void delivered(const Flit& head) override {
    widn_ += (head.rh.flags & kDerouteWidn) != 0;
    oidn_ += (head.rh.flags & kDerouteOidn) != 0;
    ++total_;
  }
  void write(JsonWriter& j, const RoutingReport& r) const override;

 private:
  uint64_t widn_ = 0, oidn_ = 0, total_ = 0;
};

}  // namespace nocsim
