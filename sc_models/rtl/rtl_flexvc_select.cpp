// RtlFlexVcSelect: pimpl over Vflexvc_select_live_{highest,lowest,jsq}.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"  // in verilated_types.h
#include <verilated.h>

#include "Vflexvc_select_live_highest.h"
#include "Vflexvc_select_live_jsq.h"
#include "Vflexvc_select_live_lowest.h"
#pragma GCC diagnostic pop

#include "rtl/rtl_flexvc_select.h"
#include "rtl/verilated_ports.h"

namespace nocsim {

using namespace rtl;

namespace {
constexpr int kV = RtlFlexVcSelect::kMaxVcs, kCw = 12;
}

struct RtlFlexVcSelect::Impl {
  virtual ~Impl() = default;
  virtual Out eval(int lo, int k, bool k_valid, uint32_t free, const Words& credits, int need) = 0;
};

namespace {

template <class M>
struct ModelImpl final : RtlFlexVcSelect::Impl {
  M m;
  ~ModelImpl() override { m.final(); }
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
    case Pick::Highest: impl_ = std::make_unique<ModelImpl<Vflexvc_select_live_highest>>(); break;
    case Pick::Lowest: impl_ = std::make_unique<ModelImpl<Vflexvc_select_live_lowest>>(); break;
    case Pick::Jsq: impl_ = std::make_unique<ModelImpl<Vflexvc_select_live_jsq>>(); break;
  }
}
RtlFlexVcSelect::~RtlFlexVcSelect() = default;
RtlFlexVcSelect::RtlFlexVcSelect(RtlFlexVcSelect&&) noexcept = default;
RtlFlexVcSelect& RtlFlexVcSelect::operator=(RtlFlexVcSelect&&) noexcept = default;

RtlFlexVcSelect::Out RtlFlexVcSelect::select(int lo, int hi, uint64_t free, const int* credits, int need) {
  const bool allowed = hi >= 0 && hi >= lo && lo < kV;
  Words cr = words(kV * kCw);
  for (int j = 0; j < kV; ++j) put_bits(cr, j * kCw, kCw, static_cast<uint32_t>(credits[j]));
  const int l = lo < 0 ? 0 : lo, k = hi >= kV ? kV - 1 : hi;
  return impl_->eval(allowed ? l : 0, allowed ? k : 0, allowed, static_cast<uint32_t>(free & 0xff), cr, need);
}

}  // namespace nocsim
