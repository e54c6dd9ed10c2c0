// The VA, contention-counter and FlexVC-selection twins (block_twins.h).
// With NOCSIM_HAVE_RTL they wrap the Verilated blocks; without, the
// factories refuse (config validation keeps rtl and lockstep out first).
#include "rtl/block_twins.h"

#include <algorithm>
#include <sstream>
#include <utility>
#include <vector>

#include "core/config.h"
#include "core/error.h"
#ifdef NOCSIM_HAVE_RTL
#include "rtl/rtl_blocks.h"
#include "rtl/rtl_vc_allocator.h"
#endif

namespace nocsim {

BlockMode block_mode(const Config& cfg, const std::string& block) {
  std::string m = cfg.get_str("rtl." + block);
  if (m == "auto") m = cfg.get_str("router.alloc");
  if (m == "rtl") return BlockMode::Rtl;
  if (m == "lockstep") return BlockMode::Lockstep;
  return BlockMode::Cpp;
}

namespace {

[[maybe_unused]] std::string mismatch(Cycle now, int router, const char* block) {
  std::ostringstream o;
  o << "lockstep mismatch: cycle " << now << " router " << router << " " << block << "; ";
  return o.str();
}

[[maybe_unused]] std::string vcs_text(uint64_t mask) {
  std::ostringstream o;
  o << '{';
  for (uint64_t m = mask; m; m &= m - 1) o << __builtin_ctzll(m) << (m & (m - 1) ? "," : "");
  o << '}';
  return o.str();
}

#ifdef NOCSIM_HAVE_RTL

class VaRtl final : public VaTwin {
 public:
  VaRtl(BlockMode mode, int ports, int vcs)
      : rtl_(ports, vcs), lockstep_(mode == BlockMode::Lockstep), op_(ports * vcs, 0), mask_(ports * vcs, 0),
        gnt_(ports * vcs, -1), V_(vcs) {}
  void allocate(VcAllocator& a, int router, Cycle now) override {
    for (const auto& r : a.requests()) {
      op_[r.i] = r.op;
      mask_[r.i] = r.mask;
    }
    rtl_.allocate(op_.data(), mask_.data(), gnt_.data());
    if (lockstep_) {
      a.allocate();
      for (const auto& r : a.requests())
        if (a.grant_ovc(r.i) != gnt_[r.i]) throw InvariantError(report(a, router, now));
    } else {
      for (const auto& r : a.requests()) a.set_grant(r.i, gnt_[r.i]);
    }
    for (const auto& r : a.requests()) mask_[r.i] = 0;
  }
  PortTap* tap(uint64_t) override { return &rtl_.tap(); }

 private:
  std::string report(const VcAllocator& a, int router, Cycle now) const {
    std::ostringstream o;
    o << mismatch(now, router, "VC allocator") << "requests:";
    for (const auto& r : a.requests())
      o << " in" << r.i / V_ << ":vc" << r.i % V_ << "->out" << r.op << vcs_text(r.mask);
    auto grants = [&](auto ovc_of) {
      std::ostringstream g;
      for (const auto& r : a.requests())
        if (ovc_of(r.i) >= 0) g << " in" << r.i / V_ << ":vc" << r.i % V_ << "->vc" << ovc_of(r.i);
      return g.str().empty() ? std::string(" none") : g.str();
    };
    o << "; cpp grants:" << grants([&](int i) { return a.grant_ovc(i); })
      << "; rtl grants:" << grants([&](int i) { return gnt_[static_cast<size_t>(i)]; });
    return o.str();
  }
  RtlVcAllocator rtl_;
  bool lockstep_;
  std::vector<int> op_;
  std::vector<uint64_t> mask_;
  std::vector<int> gnt_;
  int V_;
};

// A clocked per-port up/down block (Rtl: cycle(inc, dec, ports)) fed by the
// model's events. The RTL registers the events of cycle t (the commits of t
// and the link deliveries pulled before t + 1) at the edge that ends t;
// reads in cycle t see the edges before it. Events of the current cycle wait
// in inc_ / dec_ until a later event or read clocks them in.
template <class Rtl>
class LazyClock {
 public:
  template <class... Args>
  LazyClock(int ports, int max_events, bool idle_moves, Args&&... rtl_args)
      : rtl(std::forward<Args>(rtl_args)...), ports_(ports), max_(max_events), idle_moves_(idle_moves),
        inc_(ports, 0), dec_(ports, 0), zero_(ports, 0) {}
  Rtl rtl;
  // False when the port's events of this cycle pass what the RTL can take.
  bool event(bool up, int port, Cycle now) {
    advance(now);
    pending_ = true;
    return ++(up ? inc_ : dec_)[static_cast<size_t>(port)] <= max_;
  }
  // Clocks the cycles before `now`: the one holding the pending events, then
  // idle ones when the block moves without events (else skipped).
  void advance(Cycle now) {
    if (at_ >= now) return;
    if (pending_) {
      rtl.cycle(inc_.data(), dec_.data(), ports_);
      std::fill(inc_.begin(), inc_.end(), 0);
      std::fill(dec_.begin(), dec_.end(), 0);
      pending_ = false;
      ++at_;
    }
    if (idle_moves_)
      for (; at_ < now; ++at_) rtl.cycle(zero_.data(), zero_.data(), ports_);
    at_ = now;
  }

 private:
  int ports_, max_;
  bool idle_moves_;
  std::vector<int> inc_, dec_, zero_;
  bool pending_ = false;
  Cycle at_ = 0;  // the RTL holds the events of the cycles before at_
};

std::string too_many(Cycle now, int router, const char* block, int max, int port) {
  return "verilated " + std::string(block) + " overflow: cycle " + std::to_string(now) + " router " +
         std::to_string(router) + ": more than " + std::to_string(max) + " events at port " + std::to_string(port) +
         " in one cycle (the block's event width)";
}

class ContentionRtl final : public ContentionTwin {
 public:
  ContentionRtl(BlockMode mode, int router, int ports, const ContentionParams& p)
      : c_(ports, RtlContentionUnit::kMaxEvents, p.variant == ContentionVariant::Filtered,
           p.variant == ContentionVariant::Filtered, p.threshold),
        lockstep_(mode == BlockMode::Lockstep), filtered_(p.variant == ContentionVariant::Filtered),
        router_(router) {}
  void up(int port, Cycle now) override { event(true, port, now); }
  void down(int port, Cycle now) override { event(false, port, now); }
  PortTap* tap(uint64_t now) override {
    c_.advance(now);
    return &c_.rtl.tap();
  }
  bool over(int port, Cycle now, const ContentionUnit& cpp) override {
    c_.advance(now);
    const RtlContentionUnit& rtl = c_.rtl;
    const bool o = rtl.over(port);
    if (lockstep_) {
      const bool co = cpp.over(port, now);
      const int cf = filtered_ ? cpp.filtered_q8(port, now) : 0, rf = filtered_ ? rtl.filtered_q8(port) : 0;
      if (co != o || cpp.count(port) != rtl.count(port) || cf != rf) {
        std::ostringstream m;
        m << mismatch(now, router_, "contention counters") << "port " << port << "; cpp count " << cpp.count(port)
          << " filtered_q8 " << cf << " over " << co << "; rtl count " << rtl.count(port) << " filtered_q8 " << rf
          << " over " << o;
        throw InvariantError(m.str());
      }
    }
    return o;
  }

 private:
  void event(bool up, int port, Cycle now) {
    if (!c_.event(up, port, now))
      throw InvariantError(too_many(now, router_, "contention counters", RtlContentionUnit::kMaxEvents, port));
  }
  LazyClock<RtlContentionUnit> c_;
  bool lockstep_, filtered_;
  int router_;
};

class MinCredRtl final : public MinCredTwin {
 public:
  MinCredRtl(BlockMode mode, int router, int ports)
      : c_(ports, RtlMinCredCounter::kMaxEvents, false), lockstep_(mode == BlockMode::Lockstep), router_(router) {}
  void taken(int port, Cycle now) override { event(true, port, now); }
  void returned(int port, Cycle now) override { event(false, port, now); }
  PortTap* tap(uint64_t now) override {
    c_.advance(now);
    return &c_.rtl.tap();
  }
  int occupancy(int port, Cycle now, int cpp) override {
    c_.advance(now);
    const int r = c_.rtl.count(port);
    if (lockstep_ && r != cpp)
      throw InvariantError(mismatch(now, router_, "minCred counters") + "port " + std::to_string(port) +
                           "; cpp minimally routed flits downstream " + std::to_string(cpp) + "; rtl count " +
                           std::to_string(r));
    return r;
  }

 private:
  void event(bool up, int port, Cycle now) {
    if (!c_.event(up, port, now))
      throw InvariantError(too_many(now, router_, "minCred counters", RtlMinCredCounter::kMaxEvents, port));
  }
  LazyClock<RtlMinCredCounter> c_;
  bool lockstep_;
  int router_;
};

class SelectRtl final : public SelectTwin {
 public:
  SelectRtl(BlockMode mode, RtlFlexVcSelect::Pick pick) : rtl_(pick), lockstep_(mode == BlockMode::Lockstep) {}
  PortTap* tap(uint64_t) override { return &rtl_.tap(); }
  int select(const RouteCandidate* cands, const VcRange* vcs, const int* need, int n, uint64_t* usable, int c,
             uint64_t& mask, const SelectView& view, int router, Cycle now) override {
    int rc = -1, rvc = -1;
    uint64_t rusable[kMaxCandidates];
    for (int k = 0; k < n; ++k) {
      const int port = cands[k].out_port;
      const bool sink = view.sink(port);
      int cr[RtlFlexVcSelect::kMaxVcs] = {};
      if (!sink)
        for (int j = 0; j < view.vcs(port); ++j) cr[j] = view.credits(port, j);
      const RtlFlexVcSelect::Out out = rtl_.select(vcs[k].lo, vcs[k].hi, view.free_vcs(port), cr, sink ? 0 : need[k]);
      rusable[k] = out.usable;
      if (rc < 0 && out.vc >= 0) {
        rc = k;
        rvc = out.vc;
      }
    }
    const uint64_t rmask = rc < 0 ? 0 : 1ull << rvc;
    if (lockstep_) {
      bool same = rc == c && (c < 0 || rmask == mask);
      for (int k = 0; k < n; ++k) same = same && rusable[k] == usable[k];
      if (!same) throw InvariantError(report(cands, vcs, need, n, usable, c, mask, rusable, rc, rmask, router, now));
      return c;
    }
    for (int k = 0; k < n; ++k) usable[k] = rusable[k];
    mask = rmask;
    return rc;
  }

 private:
  static std::string report(const RouteCandidate* cands, const VcRange* vcs, const int* need, int n,
                            const uint64_t* usable, int c, uint64_t mask, const uint64_t* rusable, int rc,
                            uint64_t rmask, int router, Cycle now) {
    std::ostringstream o;
    o << mismatch(now, router, "FlexVC selection") << "candidates:";
    for (int k = 0; k < n; ++k)
      o << " #" << k << " out" << cands[k].out_port << " vcs " << +vcs[k].lo << ".." << +vcs[k].hi << " need "
        << need[k] << " cpp usable " << vcs_text(usable[k]) << " rtl usable " << vcs_text(rusable[k]);
    o << "; cpp choice #" << c << " " << vcs_text(mask) << "; rtl choice #" << rc << " " << vcs_text(rmask);
    return o.str();
  }
  RtlFlexVcSelect rtl_;
  bool lockstep_;
};

#else

[[noreturn]] void no_rtl(const std::string& key) {
  throw ConfigError(key + ": rtl and lockstep need a build with NOCSIM_RTL_COSIM=ON");
}

#endif  // NOCSIM_HAVE_RTL

}  // namespace

#ifdef NOCSIM_HAVE_RTL
void check_va_twin(const std::string& key, int ports, int vcs) {
  if (RtlVcAllocator::supports(ports, vcs)) return;
  std::ostringstream o;
  o << key << ": needs a verilated vc_alloc_sep_if with " << ports << " ports and " << vcs
    << " VCs; verilated (ports, vcs):";
  for (auto [p, v] : RtlVcAllocator::supported()) o << " (" << p << "," << v << ")";
  o << " (add the pair to NOCSIM_RTL_PV, or set it to cpp)";
  throw ConfigError(o.str());
}
std::unique_ptr<VaTwin> make_va_twin(BlockMode mode, int ports, int vcs) {
  if (mode == BlockMode::Cpp) return nullptr;
  return std::make_unique<VaRtl>(mode, ports, vcs);
}
std::unique_ptr<ContentionTwin> make_contention_twin(BlockMode mode, int router, int ports,
                                                     const ContentionParams& p) {
  if (mode == BlockMode::Cpp) return nullptr;
  return std::make_unique<ContentionRtl>(mode, router, ports, p);
}
std::unique_ptr<MinCredTwin> make_mincred_twin(BlockMode mode, int router, int ports) {
  if (mode == BlockMode::Cpp) return nullptr;
  return std::make_unique<MinCredRtl>(mode, router, ports);
}
std::unique_ptr<SelectTwin> make_select_twin(BlockMode mode, const std::string& pick) {
  if (mode == BlockMode::Cpp) return nullptr;
  const auto p = pick == "highest" ? RtlFlexVcSelect::Pick::Highest
                 : pick == "lowest" ? RtlFlexVcSelect::Pick::Lowest
                                    : RtlFlexVcSelect::Pick::Jsq;
  return std::make_unique<SelectRtl>(mode, p);
}
#else
void check_va_twin(const std::string& key, int, int) { no_rtl(key); }
std::unique_ptr<VaTwin> make_va_twin(BlockMode mode, int, int) {
  if (mode != BlockMode::Cpp) no_rtl("rtl.va");
  return nullptr;
}
std::unique_ptr<ContentionTwin> make_contention_twin(BlockMode mode, int, int, const ContentionParams&) {
  if (mode != BlockMode::Cpp) no_rtl("rtl.contention");
  return nullptr;
}
std::unique_ptr<MinCredTwin> make_mincred_twin(BlockMode mode, int, int) {
  if (mode != BlockMode::Cpp) no_rtl("rtl.mincred");
  return nullptr;
}
std::unique_ptr<SelectTwin> make_select_twin(BlockMode mode, const std::string&) {
  if (mode != BlockMode::Cpp) no_rtl("rtl.vc_select");
  return nullptr;
}
#endif

}  // namespace nocsim
