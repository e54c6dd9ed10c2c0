// RtlMinCredCounter: pimpl over Vmincred_counter_live.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"  // in verilated_types.h
#include <verilated.h>

#include "Vmincred_counter_live.h"
#pragma GCC diagnostic pop

#include "rtl/rtl_mincred_counter.h"
#include "rtl/verilated_ports.h"

namespace nocsim {

using namespace rtl;

namespace {
constexpr int kP = RtlMinCredCounter::kMaxPorts, kUw = 4, kCw = 12;
}

struct RtlMinCredCounter::Impl {
  Vmincred_counter_live m;
  Words count = words(kP * kCw);
  ~Impl() { m.final(); }
};

RtlMinCredCounter::RtlMinCredCounter() {
  init_verilator_once();
  impl_ = std::make_unique<Impl>();
  write_port(impl_->m.inc, words(kP * kUw));
  write_port(impl_->m.dec, words(kP * kUw));
  reset_model(impl_->m);
  read_port(impl_->m.count, impl_->count);
}
RtlMinCredCounter::~RtlMinCredCounter() = default;
RtlMinCredCounter::RtlMinCredCounter(RtlMinCredCounter&&) noexcept = default;
RtlMinCredCounter& RtlMinCredCounter::operator=(RtlMinCredCounter&&) noexcept = default;

void RtlMinCredCounter::cycle(const int* inc, const int* dec, int ports) {
  Words wi = words(kP * kUw), wd = words(kP * kUw);
  for (int p = 0; p < ports; ++p) {
    put_bits(wi, p * kUw, kUw, static_cast<uint32_t>(inc[p]));
    put_bits(wd, p * kUw, kUw, static_cast<uint32_t>(dec[p]));
  }
  write_port(impl_->m.inc, wi);
  write_port(impl_->m.dec, wd);
  impl_->m.eval();
  clock_model(impl_->m);
  read_port(impl_->m.count, impl_->count);
}

int RtlMinCredCounter::count(int port) const { return static_cast<int>(get_bits(impl_->count, port * kCw, kCw)); }

}  // namespace nocsim
