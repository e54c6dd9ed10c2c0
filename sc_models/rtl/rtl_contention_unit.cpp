// RtlContentionUnit: pimpl over Vcontention_unit_live_{base,filt}.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"  // in verilated_types.h
#include <verilated.h>

#include "Vcontention_unit_live_base.h"
#include "Vcontention_unit_live_filt128.h"
#pragma GCC diagnostic pop

#include "rtl/rtl_contention_unit.h"
#include "rtl/verilated_ports.h"

namespace nocsim {

using namespace rtl;

namespace {
constexpr int kP = RtlContentionUnit::kMaxPorts, kUw = 6, kCw = 8, kFw = kCw + 8;
}

struct RtlContentionUnit::Impl {
  virtual ~Impl() = default;
  virtual void cycle(const Words& inc, const Words& dec) = 0;
  Words count = words(kP * kCw), filtered = words(kP * kFw), over = words(kP);
};

namespace {

template <class M>
struct ModelImpl final : RtlContentionUnit::Impl {
  M m;
  explicit ModelImpl(int threshold) {
    write_port(m.inc, words(kP * kUw));
    write_port(m.dec, words(kP * kUw));
    m.threshold = static_cast<uint8_t>(threshold);
    reset_model(m);
    read();
  }
  ~ModelImpl() override { m.final(); }
  void read() {
    read_port(m.count, count);
    read_port(m.filtered, filtered);
    read_port(m.over, over);
  }
  void cycle(const Words& inc, const Words& dec) override {
    write_port(m.inc, inc);
    write_port(m.dec, dec);
    m.eval();
    clock_model(m);
    read();
  }
};

}  // namespace

RtlContentionUnit::RtlContentionUnit(bool filtered, int threshold) {
  init_verilator_once();
  const int thr = threshold < kMaxCount ? threshold : kMaxCount;
  if (filtered)
    impl_ = std::make_unique<ModelImpl<Vcontention_unit_live_filt128>>(thr);
  else
    impl_ = std::make_unique<ModelImpl<Vcontention_unit_live_base>>(thr);
}
RtlContentionUnit::~RtlContentionUnit() = default;
RtlContentionUnit::RtlContentionUnit(RtlContentionUnit&&) noexcept = default;
RtlContentionUnit& RtlContentionUnit::operator=(RtlContentionUnit&&) noexcept = default;

void RtlContentionUnit::cycle(const int* inc, const int* dec, int ports) {
  Words wi = words(kP * kUw), wd = words(kP * kUw);
  for (int p = 0; p < ports; ++p) {
    put_bits(wi, p * kUw, kUw, static_cast<uint32_t>(inc[p]));
    put_bits(wd, p * kUw, kUw, static_cast<uint32_t>(dec[p]));
  }
  impl_->cycle(wi, wd);
}

int RtlContentionUnit::count(int port) const { return static_cast<int>(get_bits(impl_->count, port * kCw, kCw)); }
int RtlContentionUnit::filtered_q8(int port) const {
  return static_cast<int>(get_bits(impl_->filtered, port * kFw, kFw));
}
bool RtlContentionUnit::over(int port) const { return get_bits(impl_->over, port, 1) != 0; }

}  // namespace nocsim
