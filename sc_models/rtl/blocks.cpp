// The built-in blocks with a Verilog twin in rtl_ref/ (blocks/block.h): one
// registration each, naming its ports, when a run has it, and (in builds
// with NOCSIM_RTL_COSIM) its Verilated side and that side's limits
// (rtl/verilated_blocks.cpp).
#include "blocks/ports.h"
#include "core/config.h"
#include "router/router_config.h"
#include "routing/contention_config.h"
#include "rtl/verilated_blocks.h"
#include "vc/vc_config.h"

namespace nocsim {
namespace {

// This build has a Verilated block of `kind` (sa, va) for `algorithm`.
bool verilated(const std::string& kind, const std::string& algorithm) {
#ifdef NOCSIM_HAVE_RTL
  return verilated_allocator(kind, algorithm);
#else
  (void)kind;
  (void)algorithm;
  return false;
#endif
}
// Your block (router.allocator.<kind>=user): in this build, or what is missing.
std::string user_missing(const std::string& kind) {
  const std::string k = kind == "sa" ? "SA" : "VA";
  return verilated(kind, "user") ? "" : "a build with your " + std::string(kind == "sa" ? "switch" : "VC") +
                                            " allocator (cmake -DNOCSIM_USER_" + k + "=<your .sv files> "
                                            "-DNOCSIM_USER_" + k + "_TOP=<its module>; docs/cosim-your-rtl.md)";
}
// Your block has no C++ side of its own: cpp mode would silently run its reference.
std::string user_cpp_refused(const std::string& kind, const std::string& algorithm) {
  if (algorithm != "user") return "";
  const std::string missing = user_missing(kind);
  if (!missing.empty()) return "router.allocator." + kind + ": user needs " + missing;
  return "router.allocator." + kind + ": user is your Verilog block, which runs in rtl or lockstep mode only (set rtl." +
         kind + "=rtl or lockstep, or router.alloc)";
}
std::string sa_missing(const Config& cfg) {
  const std::string a = RouterConfig::from(cfg).allocator_sa;
  if (a == "user") return user_missing("sa");
  return a == "sep_if" || a == "wavefront" ? "" : "a switch allocator with a Verilog twin (router.allocator.sa="
                                                  "sep_if or wavefront); got router.allocator.sa=" + a;
}
std::string sa_cpp_refused(const Config& cfg) { return user_cpp_refused("sa", RouterConfig::from(cfg).allocator_sa); }
std::string va_missing(const Config& cfg) {
  const std::string a = RouterConfig::from(cfg).allocator_va;
  if (a == "user") return user_missing("va");
  return a == "sep_if" ? "" : "the separable input-first VC allocator (router.allocator.va=sep_if, the one with "
                              "a Verilog twin); got router.allocator.va=" + a;
}
std::string va_cpp_refused(const Config& cfg) { return user_cpp_refused("va", RouterConfig::from(cfg).allocator_va); }
std::string contention_missing(const Config& cfg) {
  return ContentionConfig::from(cfg).on ? "" : "contention counters (routing.trigger=contention)";
}
std::string mincred_missing(const Config& cfg) {
  return VcConfig::from(cfg).mincred ? "" : "minCred counters (vc.mincred=true)";
}
std::string select_missing(const Config& cfg) {
  const bool damq = BufferConfig::from(cfg).damq;
  const VcConfig vc = VcConfig::from(cfg);
  if (!vc.one_vc_pick().empty() && !damq) return "";
  return "one of FlexVC's one-VC picks (vc.select=jsq, highest or lowest, or auto with vc.policy=flexvc) and "
         "static buffers; got vc.select=" + vc.select + (damq ? " with router.buffer_model=damq" : "");
}

void add(BlockRegistry& r, const std::string& name, BlockSpec s) {
#ifdef NOCSIM_HAVE_RTL
  add_verilated_side(name, s);
#endif
  r.add(name, std::move(s));
}

void register_blocks(BlockRegistry& r) {
  add(r, "sa", {"switch allocator", "the switch allocator's mode (cpp, rtl, lockstep; rtl and lockstep need router.allocator.sa=sep_if or wavefront with router.arbiter.sa_in=rr and sa_out=rr, or user, which runs in rtl or lockstep only); auto = router.alloc", ports::sa, nullptr, nullptr, sa_missing, nullptr, sa_cpp_refused});
  add(r, "va", {"VC allocator", "the VC allocator's mode (cpp, rtl, lockstep; rtl and lockstep need router.allocator.va=sep_if with router.arbiter.va=rr, or user, which runs in rtl or lockstep only); auto = router.alloc", ports::va, nullptr, nullptr, va_missing, nullptr, va_cpp_refused});
  add(r, "contention", {"contention counters", "the contention counters' mode (cpp, rtl, lockstep; needs routing.trigger=contention, Base or Filtered counters; ECtN's group board has no twin); auto = router.alloc where the run has counters", ports::contention, nullptr, nullptr, contention_missing, nullptr, nullptr});
  add(r, "mincred", {"minCred counters", "the minCred counters' mode (cpp, rtl, lockstep; needs vc.mincred=true); auto = router.alloc where the run has them", ports::mincred, nullptr, nullptr, mincred_missing, nullptr, nullptr});
  add(r, "vc_select", {"FlexVC selection", "FlexVC's output-VC selection's mode (cpp, rtl, lockstep; needs vc.select jsq, highest or lowest); auto = router.alloc where the run has such a selection", ports::select, nullptr, nullptr, select_missing, nullptr, nullptr});
}

}  // namespace

BlockRegistry& mutable_block_registry() {
  static BlockRegistry reg("rtl.<block>", register_blocks);
  return reg;
}
const BlockRegistry& block_registry() { return mutable_block_registry(); }

}  // namespace nocsim
