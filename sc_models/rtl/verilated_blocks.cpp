// The Verilated sides of the built-in blocks at their ports (blocks/ports.h)
// and the limits each Verilated block has. Built only with NOCSIM_RTL_COSIM.
#include "rtl/verilated_blocks.h"

#include <sstream>
#include <vector>

#include "blocks/ports.h"
#include "routing/contention_config.h"
#include "core/config.h"
#include "core/error.h"
#include "rtl/rtl_blocks.h"
#include "rtl/rtl_sw_allocator.h"
#include "rtl/rtl_vc_allocator.h"
#include "router/router_config.h"
#include "vc/vc_config.h"

namespace nocsim {
namespace {

using namespace ports;
static_assert(kSelectVcs == RtlFlexVcSelect::kMaxVcs, "flexvc_select.sv's VC count");

class SaBlock final : public Block {
 public:
  SaBlock(int ports, int vcs, const std::string& algorithm) : a_(ports, vcs, algorithm), P_(ports), V_(vcs) {}
  void eval(const int64_t* in, int64_t* out) override {
    const int64_t* req = in;
    const int64_t* op = in + P_;
    for (int ip = 0; ip < P_; ++ip)
      for (uint64_t r = static_cast<uint64_t>(req[ip]); r; r &= r - 1) {
        const int i = ip * V_ + __builtin_ctzll(r);
        a_.req_ip_ivc[i] = 1;
        a_.req_op_ip_ivc[i] = static_cast<int>(op[i]);
      }
    a_.eval();
    for (int ip = 0; ip < P_; ++ip) {
      out[ip] = a_.gnt_ip[ip] ? a_.gnt_ivc_ip[ip] : -1;
      out[P_ + ip] = a_.gnt_ip[ip] ? a_.gnt_op_ip[ip] : -1;
    }
    a_.clear_requests();
    a_.tick();
  }
  PortTap* tap(uint64_t) override { return &a_.tap(); }

 private:
  RtlSwAllocator a_;
  int P_, V_;
};

class VaBlock final : public Block {
 public:
  VaBlock(int ports, int vcs, const std::string& algorithm)
      : a_(ports, vcs, algorithm), op_(ports * vcs), mask_(ports * vcs), gnt_(ports * vcs) {}
  void eval(const int64_t* in, int64_t* out) override {
    const size_t n = op_.size();
    for (size_t i = 0; i < n; ++i) {
      op_[i] = static_cast<int>(in[i]);
      mask_[i] = static_cast<uint64_t>(in[n + i]);
    }
    a_.allocate(op_.data(), mask_.data(), gnt_.data());
    for (size_t i = 0; i < n; ++i) out[i] = gnt_[i];
  }
  PortTap* tap(uint64_t) override { return &a_.tap(); }

 private:
  RtlVcAllocator a_;
  std::vector<int> op_;
  std::vector<uint64_t> mask_;
  std::vector<int> gnt_;
};

// inc[p], dec[p] in; the counters' registers out (count, then what Rtl has).
template <class Rtl>
class CounterBlock : public Block {
 public:
  template <class... Args>
  CounterBlock(int ports, Args&&... args) : rtl_(std::forward<Args>(args)...), P_(ports), inc_(ports), dec_(ports) {}
  void eval(const int64_t* in, int64_t* out) override {
    for (int p = 0; p < P_; ++p) {
      inc_[p] = static_cast<int>(in[p]);
      dec_[p] = static_cast<int>(in[P_ + p]);
    }
    rtl_.cycle(inc_.data(), dec_.data(), P_);
    for (int p = 0; p < P_; ++p) out[p] = rtl_.count(p);
  }
  PortTap* tap(uint64_t) override { return &rtl_.tap(); }
  int max_events() const override { return Rtl::kMaxEvents; }

 protected:
  Rtl rtl_;
  int P_;
  std::vector<int> inc_, dec_;
};

class ContentionBlock final : public CounterBlock<RtlContentionUnit> {
 public:
  ContentionBlock(int ports, bool filtered, int threshold)
      : CounterBlock(ports, filtered, threshold), filtered_(filtered) {}
  void eval(const int64_t* in, int64_t* out) override {
    CounterBlock::eval(in, out);
    for (int p = 0; p < P_; ++p) {
      out[P_ + p] = filtered_ ? rtl_.filtered_q8(p) : 0;
      out[2 * P_ + p] = rtl_.over(p);
    }
  }
  bool idle_moves() const override { return filtered_; }

 private:
  bool filtered_;
};

class SelectBlock final : public Block {
 public:
  explicit SelectBlock(RtlFlexVcSelect::Pick pick) : rtl_(pick) {}
  void eval(const int64_t* in, int64_t* out) override {
    constexpr int K = kMaxCandidates;
    const int n = static_cast<int>(in[0]);
    const int64_t *lo = in + 1, *hi = lo + K, *free = hi + K, *credits = free + K, *need = credits + K * kSelectVcs;
    int64_t& choice = out[K];
    int64_t& mask = out[K + 1];
    choice = -1;
    mask = 0;
    for (int k = 0; k < n; ++k) {
      int cr[kSelectVcs];
      for (int j = 0; j < kSelectVcs; ++j) cr[j] = static_cast<int>(credits[k * kSelectVcs + j]);
      const RtlFlexVcSelect::Out o = rtl_.select(static_cast<int>(lo[k]), static_cast<int>(hi[k]),
                                                 static_cast<uint64_t>(free[k]), cr, static_cast<int>(need[k]));
      out[k] = static_cast<int64_t>(o.usable);
      if (choice < 0 && o.vc >= 0) choice = k, mask = int64_t{1} << o.vc;
    }
    for (int k = n; k < K; ++k) out[k] = 0;
  }
  PortTap* tap(uint64_t) override { return &rtl_.tap(); }

 private:
  RtlFlexVcSelect rtl_;
};

RtlFlexVcSelect::Pick pick_of(const Config& cfg) {
  const std::string sel = VcConfig::from(cfg).one_vc_pick();
  return sel == "highest" ? RtlFlexVcSelect::Pick::Highest
         : sel == "lowest" ? RtlFlexVcSelect::Pick::Lowest
                           : RtlFlexVcSelect::Pick::Jsq;
}

// Only the (ports, vcs) pairs of NOCSIM_RTL_PV were verilated.
void check_pv(const std::string& key, const std::string& what, const std::string& module, int ports, int vcs,
              const std::vector<std::pair<int, int>>& verilated, const char* other) {
  for (auto [p, v] : verilated)
    if (p == ports && v == vcs) return;
  std::ostringstream o;
  o << key << ": " << what << "needs a verilated " << module << " with " << ports << " ports and " << vcs
    << " VCs; verilated (ports, vcs):";
  for (auto [p, v] : verilated) o << " (" << p << "," << v << ")";
  o << " (add the pair to NOCSIM_RTL_PV, or set " << other << "=cpp)";
  throw ConfigError(o.str());
}

// sa_missing (rtl/blocks.cpp) has already made sure the algorithm has a
// block. The architect's block (user) may be held to a reference with any
// arbiters.
void check_sa(const std::string& key, const std::string& mode, const Config& cfg, const BlockShape& s) {
  const RouterConfig rc = RouterConfig::from(cfg);
  if (rc.allocator_sa != "user" && !rc.sa_arbiters.round_robin())
    throw ConfigError(key + ": the switch allocator's " + mode + " needs router.arbiter.sa_in=rr and "
                      "router.arbiter.sa_out=rr (the verilated switch allocators have round-robin arbiters only), "
                      "or set rtl.sa=cpp");
  if (rc.allocator_sa != "user" && rc.sa_arbiters.in_on_grant)
    throw ConfigError(key + ": the switch allocator's " + mode + " needs router.arbiter.sa_in_update=request "
                      "(the verilated allocator moves its input arbiters on every request), or set rtl.sa=cpp");
  check_pv(key, "the switch allocator's " + mode + " ", RtlSwAllocator::module_of(rc.allocator_sa), s.ports, s.vcs,
           RtlSwAllocator::supported(rc.allocator_sa), "rtl.sa");
}

// The architect's block (user) may be held to a reference with any arbiter.
void check_va(const std::string& key, const std::string& mode, const Config& cfg, const BlockShape& s) {
  const RouterConfig rc = RouterConfig::from(cfg);
  if (rc.allocator_va != "user" && rc.va_arbiter != ArbiterKind::Rr)
    throw ConfigError(key + ": the VC allocator's " + mode + " needs router.arbiter.va=rr (the verilated "
                      "allocator has round-robin arbiters only), or set rtl.va=cpp");
  check_pv(key, "", RtlVcAllocator::module_of(rc.allocator_va), s.ports, s.vcs,
           RtlVcAllocator::supported(rc.allocator_va), "rtl.va");
}

void check_contention(const std::string& key, const std::string&, const Config& cfg, const BlockShape& s) {
  const ContentionConfig c = ContentionConfig::from(cfg);
  if (c.variant == ContentionVariant::Filtered && c.alpha256 != RtlContentionUnit::kAlpha) {
    std::ostringstream alpha;
    alpha << c.alpha;
    throw ConfigError(key + ": the verilated Filtered unit has alpha = 0.5 built in (a constant weight, as "
                      "hardware would have it); got routing.contention.alpha=" +
                      alpha.str() + " (add a model in rtl_ref/CMakeLists.txt, or set rtl.contention=cpp)");
  }
  if (s.ports > RtlContentionUnit::kMaxPorts || s.ports * s.vcs > RtlContentionUnit::kMaxCount)
    throw ConfigError(key + ": the verilated contention unit has 32 ports and 8-bit counters (at most 255 input "
                      "VCs); got " + std::to_string(s.ports) + " ports x " + std::to_string(s.vcs) + " VCs");
}

void check_mincred(const std::string& key, const std::string&, const Config&, const BlockShape& s) {
  if (s.ports > RtlMinCredCounter::kMaxPorts || s.most_port_slots > RtlMinCredCounter::kMaxCount ||
      s.speedup > RtlMinCredCounter::kMaxEvents)
    throw ConfigError(key + ": the verilated minCred counters take 32 ports, 12-bit counts (4095 downstream "
                      "slots per port) and 15 events per port and cycle (router.speedup); got " +
                      std::to_string(s.ports) + " ports, " + std::to_string(s.most_port_slots) + " slots, speedup " +
                      std::to_string(s.speedup));
}

void check_select(const std::string& key, const std::string&, const Config&, const BlockShape& s) {
  if (s.most_port_vcs > RtlFlexVcSelect::kMaxVcs || s.most_credits > RtlFlexVcSelect::kMaxCredits ||
      s.most_packet > RtlFlexVcSelect::kMaxCredits)
    throw ConfigError(key + ": the verilated FlexVC selection takes ports of at most 8 VCs and 12-bit credits "
                      "(buffers and packets up to 4095 flits); got " + std::to_string(s.most_port_vcs) + " VCs, " +
                      std::to_string(s.most_credits) + "-flit buffers, " + std::to_string(s.most_packet) +
                      "-flit packets");
}

}  // namespace

bool verilated_allocator(const std::string& kind, const std::string& algorithm) {
  return !(kind == "sa" ? RtlSwAllocator::supported(algorithm) : RtlVcAllocator::supported(algorithm)).empty();
}

void add_verilated_side(const std::string& name, BlockSpec& s) {
  using Ctx = const BlockContext&;
  if (name == "sa") {
    s.rtl = [](Ctx c) -> std::unique_ptr<Block> {
      return std::make_unique<SaBlock>(c.ports, c.vcs, RouterConfig::from(c.cfg).allocator_sa);
    };
    s.check = check_sa;
  } else if (name == "va") {
    s.rtl = [](Ctx c) -> std::unique_ptr<Block> {
      return std::make_unique<VaBlock>(c.ports, c.vcs, RouterConfig::from(c.cfg).allocator_va);
    };
    s.check = check_va;
  } else if (name == "contention") {
    s.rtl = [](Ctx c) -> std::unique_ptr<Block> {
      const ContentionConfig cc = ContentionConfig::from(c.cfg);
      return std::make_unique<ContentionBlock>(c.ports, cc.variant == ContentionVariant::Filtered, cc.threshold);
    };
    s.check = check_contention;
  } else if (name == "mincred") {
    s.rtl = [](Ctx c) -> std::unique_ptr<Block> { return std::make_unique<CounterBlock<RtlMinCredCounter>>(c.ports); };
    s.check = check_mincred;
  } else if (name == "vc_select") {
    s.rtl = [](Ctx c) -> std::unique_ptr<Block> { return std::make_unique<SelectBlock>(pick_of(c.cfg)); };
    s.check = check_select;
  }
}

}  // namespace nocsim
