// The small live blocks (rtl_blocks.h): pimpls over their Verilated models.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"  // in verilated_types.h
#include <verilated.h>

#include "Vcontention_unit_live_base.h"
#include "Vcontention_unit_live_filt128.h"
#include "Vflexvc_select_live_highest.h"
#include "Vflexvc_select_live_jsq.h"
#include "Vflexvc_select_live_lowest.h"
#include "Vmincred_counter_live.h"
#pragma GCC diagnostic pop

#include "rtl/rtl_blocks.h"
#include "rtl/verilated_ports.h"

namespace nocsim {

using namespace rtl;

// ---- RtlContentionUnit

namespace {
constexpr int kCuPorts = RtlContentionUnit::kMaxPorts, kCuUw = 8, kCuCw = 8, kCuFw = kCuCw + 8;
}

struct RtlContentionUnit::Impl {
  virtual ~Impl() = default;
  virtual void cycle(const Words& inc, const Words& dec) = 0;
  Words count = words(kCuPorts * kCuCw), filtered = words(kCuPorts * kCuFw), over = words(kCuPorts);
};

namespace {

template <class M>
struct CuModel final : RtlContentionUnit::Impl {
  M m;
  explicit CuModel(int threshold) {
    write_port(m.inc, words(kCuPorts * kCuUw));
    write_port(m.dec, words(kCuPorts * kCuUw));
    m.threshold = static_cast<uint8_t>(threshold);
    reset_model(m);
    read();
  }
  ~CuModel() override { m.final(); }
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
  threshold_ = thr;
  if (filtered)
    impl_ = std::make_unique<CuModel<Vcontention_unit_live_filt128>>(thr);
  else
    impl_ = std::make_unique<CuModel<Vcontention_unit_live_base>>(thr);
}
RtlContentionUnit::~RtlContentionUnit() = default;
RtlContentionUnit::RtlContentionUnit(RtlContentionUnit&&) noexcept = default;
RtlContentionUnit& RtlContentionUnit::operator=(RtlContentionUnit&&) noexcept = default;

void RtlContentionUnit::cycle(const int* inc, const int* dec, int ports) {
  Words wi = words(kCuPorts * kCuUw), wd = words(kCuPorts * kCuUw);
  for (int p = 0; p < ports; ++p) {
    put_bits(wi, p * kCuUw, kCuUw, static_cast<uint32_t>(inc[p]));
    put_bits(wd, p * kCuUw, kCuUw, static_cast<uint32_t>(dec[p]));
  }
  impl_->cycle(wi, wd);
  if (tap_ && tap_->recording) {
    Words thr = words(kCuCw);
    put_bits(thr, 0, kCuCw, static_cast<uint32_t>(threshold_));
    const Words* w[] = {&thr, &wi, &wd, &impl_->count, &impl_->filtered, &impl_->over};
    for (size_t k = 0; k < 6; ++k) tap_->record(k, *w[k]);
    ++tap_->evals;
  }
}

PortTap& RtlContentionUnit::tap() {
  if (!tap_) {
    tap_ = std::make_unique<PortTap>();
    tap_->declare("contention_unit", {{"threshold", kCuCw}, {"inc", kCuPorts * kCuUw}, {"dec", kCuPorts * kCuUw},
                                      {"count", kCuPorts * kCuCw}, {"filtered", kCuPorts * kCuFw}, {"over", kCuPorts}});
  }
  return *tap_;
}

int RtlContentionUnit::count(int port) const { return static_cast<int>(get_bits(impl_->count, port * kCuCw, kCuCw)); }
int RtlContentionUnit::filtered_q8(int port) const {
  return static_cast<int>(get_bits(impl_->filtered, port * kCuFw, kCuFw));
}
bool RtlContentionUnit::over(int port) const { return get_bits(impl_->over, port, 1) != 0; }


// ---- RtlMinCredCounter

namespace {
constexpr int kMcPorts = RtlMinCredCounter::kMaxPorts, kMcUw = 4, kMcCw = 12;
}

struct RtlMinCredCounter::Impl {
  Vmincred_counter_live m;
  Words count = words(kMcPorts * kMcCw);
  ~Impl() { m.final(); }
};

RtlMinCredCounter::RtlMinCredCounter() {
  init_verilator_once();
  impl_ = std::make_unique<Impl>();
  write_port(impl_->m.inc, words(kMcPorts * kMcUw));
  write_port(impl_->m.dec, words(kMcPorts * kMcUw));
  reset_model(impl_->m);
  read_port(impl_->m.count, impl_->count);
}
RtlMinCredCounter::~RtlMinCredCounter() = default;
RtlMinCredCounter::RtlMinCredCounter(RtlMinCredCounter&&) noexcept = default;
RtlMinCredCounter& RtlMinCredCounter::operator=(RtlMinCredCounter&&) noexcept = default;

void RtlMinCredCounter::cycle(const int* inc, const int* dec, int ports) {
  Words wi = words(kMcPorts * kMcUw), wd = words(kMcPorts * kMcUw);
  for (int p = 0; p < ports; ++p) {
    put_bits(wi, p * kMcUw, kMcUw, static_cast<uint32_t>(inc[p]));
    put_bits(wd, p * kMcUw, kMcUw, static_cast<uint32_t>(dec[p]));
  }
  write_port(impl_->m.inc, wi);
  write_port(impl_->m.dec, wd);
  impl_->m.eval();
  clock_model(impl_->m);
  read_port(impl_->m.count, impl_->count);
  if (tap_ && tap_->recording) {
    const Words* w[] = {&wi, &wd, &impl_->count};
    for (size_t k = 0; k < 3; ++k) tap_->record(k, *w[k]);
    ++tap_->evals;
  }
}

PortTap& RtlMinCredCounter::tap() {
  if (!tap_) {
    tap_ = std::make_unique<PortTap>();
    tap_->declare("mincred_counter", {{"inc", kMcPorts * kMcUw}, {"dec", kMcPorts * kMcUw}, {"count", kMcPorts * kMcCw}});
  }
  return *tap_;
}

int RtlMinCredCounter::count(int port) const { return static_cast<int>(get_bits(impl_->count, port * kMcCw, kMcCw)); }


// ---- RtlFlexVcSelect

namespace {
constexpr int kFsVcs = RtlFlexVcSelect::kMaxVcs, kFsCw = 12;
}

struct RtlFlexVcSelect::Impl {
  virtual ~Impl() = default;
  virtual Out eval(int lo, int k, bool k_valid, uint32_t free, const Words& credits, int need) = 0;
};

namespace {

template <class M>
struct FsModel final : RtlFlexVcSelect::Impl {
  M m;
  ~FsModel() override { m.final(); }
  RtlFlexVcSelect::Out eval(int lo, int k, bool k_valid, uint32_t free, const Words& credits, int need) override {
    m.lo = static_cast<uint8_t>(lo);
    m.k = static_cast<uint8_t>(k);
    m.k_valid = k_valid;
    m.free = static_cast<uint8_t>(free);
    write_port(m.credits, credits);
    m.need = static_cast<uint16_t>(need);
    m.eval();
    return {m.usable, m.valid ? static_cast<int>(m.vc) : -1};
  }
};

}  // namespace

RtlFlexVcSelect::RtlFlexVcSelect(Pick pick) {
  init_verilator_once();
  switch (pick) {
    case Pick::Highest: impl_ = std::make_unique<FsModel<Vflexvc_select_live_highest>>(); break;
    case Pick::Lowest: impl_ = std::make_unique<FsModel<Vflexvc_select_live_lowest>>(); break;
    case Pick::Jsq: impl_ = std::make_unique<FsModel<Vflexvc_select_live_jsq>>(); break;
  }
}
RtlFlexVcSelect::~RtlFlexVcSelect() = default;
RtlFlexVcSelect::RtlFlexVcSelect(RtlFlexVcSelect&&) noexcept = default;
RtlFlexVcSelect& RtlFlexVcSelect::operator=(RtlFlexVcSelect&&) noexcept = default;

RtlFlexVcSelect::Out RtlFlexVcSelect::select(int lo, int hi, uint64_t free, const int* credits, int need) {
  const bool allowed = hi >= 0 && hi >= lo && lo < kFsVcs;
  Words cr = words(kFsVcs * kFsCw);
  for (int j = 0; j < kFsVcs; ++j) put_bits(cr, j * kFsCw, kFsCw, static_cast<uint32_t>(credits[j]));
  const int l = lo < 0 ? 0 : lo, k = hi >= kFsVcs ? kFsVcs - 1 : hi;
  const uint32_t fr = static_cast<uint32_t>(free & 0xff);
  const Out out = impl_->eval(allowed ? l : 0, allowed ? k : 0, allowed, fr, cr, need);
  if (tap_ && tap_->recording) {
    const uint32_t in[] = {static_cast<uint32_t>(allowed ? l : 0), static_cast<uint32_t>(allowed ? k : 0), allowed, fr};
    for (size_t j = 0; j < 4; ++j) tap_->record(j, Words{in[j], 0});
    tap_->record(4, cr);
    const uint32_t rest[] = {static_cast<uint32_t>(need), static_cast<uint32_t>(out.usable), out.vc >= 0,
                             static_cast<uint32_t>(out.vc < 0 ? 0 : out.vc)};
    for (size_t j = 0; j < 4; ++j) tap_->record(5 + j, Words{rest[j], 0});
    ++tap_->evals;
  }
  return out;
}

PortTap& RtlFlexVcSelect::tap() {
  if (!tap_) {
    const int vw = clog2(kFsVcs);
    tap_ = std::make_unique<PortTap>();
    tap_->declare("flexvc_select", {{"lo", vw}, {"k", vw}, {"k_valid", 1}, {"free", kFsVcs}, {"credits", kFsVcs * kFsCw},
                                    {"need", kFsCw}, {"usable", kFsVcs}, {"valid", 1}, {"vc", vw}});
  }
  return *tap_;
}

}  // namespace nocsim
