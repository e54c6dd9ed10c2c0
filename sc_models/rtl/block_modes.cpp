#include "rtl/block_modes.h"

#include "core/config.h"
#include "core/error.h"
#include "rtl/rtl_blocks.h"

namespace nocsim {

namespace {

const char* name(BlockMode m) { return m == BlockMode::Rtl ? "rtl" : m == BlockMode::Lockstep ? "lockstep" : "cpp"; }

// The key that asked for the mode: rtl.<block>, or router.alloc through auto.
std::string asked_by(const Config& cfg, const std::string& block) {
  return cfg.get_str("rtl." + block) == "auto" ? "router.alloc" : "rtl." + block;
}

bool explicit_mode(const Config& cfg, const std::string& block) { return cfg.get_str("rtl." + block) != "auto"; }

}  // namespace

std::string one_vc_pick(const Config& cfg) {
  std::string sel = cfg.get_str("vc.select");
  if (sel == "auto") sel = cfg.get_str("vc.policy") == "flexvc" ? "jsq" : "first";
  return sel == "jsq" || sel == "highest" || sel == "lowest" ? sel : "";
}

BlockModes block_modes(const Config& cfg, const BlockShape& s) {
  BlockModes m;
  // The raw key: a switch allocator registered by an extension is no mode.
  m.sa = explicit_mode(cfg, "sa") ? cfg.get_str("rtl.sa") : cfg.get_str("router.alloc");
  if (const auto& f = sw_alloc_registry().at(m.sa); f.validate) f.validate(s.ports, s.vcs, s.sa);

  m.va = block_mode(cfg, "va");
  if (m.va != BlockMode::Cpp) {
    const std::string key = asked_by(cfg, "va");
    if (s.va_arbiter != ArbiterKind::Rr)
      throw ConfigError(key + ": the VC allocator's " + name(m.va) +
                        " needs router.arbiter.va=rr (the verilated allocator has round-robin arbiters only), or "
                        "set rtl.va=cpp");
    check_va_twin(key, s.ports, s.vcs);
  }

  m.contention = block_mode(cfg, "contention");
  if (m.contention != BlockMode::Cpp && cfg.get_str("routing.trigger") != "contention") {
    if (explicit_mode(cfg, "contention"))
      throw ConfigError(std::string("rtl.contention: ") + name(m.contention) +
                        " needs contention counters (routing.trigger=contention)");
    m.contention = BlockMode::Cpp;
  }
  if (m.contention != BlockMode::Cpp && cfg.get_str("routing.contention.variant") == "filtered" &&
      static_cast<int>(cfg.get_double("routing.contention.alpha") * 256 + 0.5) != RtlContentionUnit::kAlpha)
    throw ConfigError(asked_by(cfg, "contention") + ": the verilated Filtered unit has alpha = 0.5 built in (a "
                      "constant weight, as hardware would have it); got routing.contention.alpha=" +
                      cfg.get_str("routing.contention.alpha") + " (add a model in rtl_ref/CMakeLists.txt, or "
                      "set rtl.contention=cpp)");
  if (m.contention != BlockMode::Cpp &&
      (s.ports > RtlContentionUnit::kMaxPorts || s.ports * s.vcs > RtlContentionUnit::kMaxCount))
    throw ConfigError(asked_by(cfg, "contention") + ": the verilated contention unit has 32 ports and 8-bit "
                      "counters (at most 255 input VCs); got " + std::to_string(s.ports) + " ports x " +
                      std::to_string(s.vcs) + " VCs");

  m.mincred = block_mode(cfg, "mincred");
  if (m.mincred != BlockMode::Cpp && !cfg.get_bool("vc.mincred")) {
    if (explicit_mode(cfg, "mincred"))
      throw ConfigError(std::string("rtl.mincred: ") + name(m.mincred) + " needs minCred counters (vc.mincred=true)");
    m.mincred = BlockMode::Cpp;
  }
  if (m.mincred != BlockMode::Cpp && (s.ports > RtlMinCredCounter::kMaxPorts ||
                                      s.most_port_slots > RtlMinCredCounter::kMaxCount ||
                                      s.speedup > RtlMinCredCounter::kMaxEvents))
    throw ConfigError(asked_by(cfg, "mincred") + ": the verilated minCred counters take 32 ports, 12-bit counts "
                      "(4095 downstream slots per port) and 15 events per port and cycle (router.speedup); got " +
                      std::to_string(s.ports) + " ports, " + std::to_string(s.most_port_slots) + " slots, speedup " +
                      std::to_string(s.speedup));

  m.vc_select = block_mode(cfg, "vc_select");
  m.pick = one_vc_pick(cfg);
  if (m.vc_select != BlockMode::Cpp) {
    const std::string key = asked_by(cfg, "vc_select");
    const bool damq = cfg.get_str("router.buffer_model") == "damq";
    if (m.pick.empty() || damq) {
      if (explicit_mode(cfg, "vc_select"))
        throw ConfigError(std::string("rtl.vc_select: ") + name(m.vc_select) +
                          " needs one of FlexVC's one-VC picks (vc.select=jsq, highest or lowest, or auto with "
                          "vc.policy=flexvc) and static buffers; got vc.select=" + cfg.get_str("vc.select") +
                          (damq ? " with router.buffer_model=damq" : ""));
      m.vc_select = BlockMode::Cpp;
    } else if (s.most_port_vcs > RtlFlexVcSelect::kMaxVcs || s.most_credits > RtlFlexVcSelect::kMaxCredits ||
               s.most_packet > RtlFlexVcSelect::kMaxCredits) {
      throw ConfigError(key + ": the verilated FlexVC selection takes ports of at most 8 VCs and 12-bit credits "
                        "(buffers and packets up to 4095 flits); got " + std::to_string(s.most_port_vcs) +
                        " VCs, " + std::to_string(s.most_credits) + "-flit buffers, " +
                        std::to_string(s.most_packet) + "-flit packets");
    }
  }
  return m;
}

}  // namespace nocsim
