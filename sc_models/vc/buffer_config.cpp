#include "vc/buffer_config.h"

#include "core/config.h"

namespace nocsim {
namespace {

int or_base(int specific, int base) { return specific > 0 ? specific : base; }

}  // namespace

BufferConfig BufferConfig::from(const Config& cfg) {
  BufferConfig b;
  const std::string& s = cfg.get_str("router.switching");
  b.switching = s == "wormhole" ? Switching::Wormhole : s == "saf" ? Switching::Saf : Switching::Vct;
  b.damq = cfg.get_str("router.buffer_model") == "damq";
  b.damq_reserve = cfg.get_int32("router.damq.reserve");
  b.vcs = cfg.get_int32("router.vcs");
  b.global_vcs = cfg.get_int32("router.global_vcs");
  b.injection_vcs = cfg.get_int32("router.injection_vcs");
  b.depth = cfg.get_int32("router.buffer_depth");
  b.global_depth = cfg.get_int32("router.global_buffer_depth");
  b.injection_depth = cfg.get_int32("router.injection_buffer_depth");
  b.reply_vcs = cfg.get_int32("router.reply_vcs");
  b.reply_global_vcs = cfg.get_int32("router.reply_global_vcs");
  return b;
}

int BufferConfig::vcs_of(PortClass c) const {
  return c == PortClass::Nic ? or_base(injection_vcs, vcs) : c == PortClass::Global ? or_base(global_vcs, vcs) : vcs;
}

int BufferConfig::depth_of(PortClass c) const {
  return c == PortClass::Nic      ? or_base(injection_depth, depth)
         : c == PortClass::Global ? or_base(global_depth, depth)
                                  : depth;
}

int BufferConfig::reply_vcs_of(PortClass c) const {
  if (c == PortClass::Nic) return 0;
  return or_base(c == PortClass::Global ? reply_global_vcs : reply_vcs, vcs_of(c) / 2);
}

const char* BufferConfig::switching_name() const {
  return switching == Switching::Wormhole ? "wormhole" : switching == Switching::Saf ? "saf" : "vct";
}

const char* BufferConfig::buffer_model_name() const { return damq ? "damq" : "static"; }

}  // namespace nocsim
