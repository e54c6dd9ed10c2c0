#include "blocks/block_run.h"

#include <numeric>
#include <sstream>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {

const char* block_mode_name(BlockMode m) {
  return m == BlockMode::Rtl ? "rtl" : m == BlockMode::Lockstep ? "lockstep" : "cpp";
}

namespace {

size_t total(const std::vector<BlockSignal>& s) {
  return std::accumulate(s.begin(), s.end(), size_t{0}, [](size_t n, const BlockSignal& x) { return n + x.size; });
}
size_t start(const std::vector<BlockSignal>& s, size_t k) {
  size_t n = 0;
  for (size_t j = 0; j < k; ++j) n += static_cast<size_t>(s[j].size);
  return n;
}

BlockMode parse_mode(const std::string& m) {
  return m == "rtl" ? BlockMode::Rtl : m == "lockstep" ? BlockMode::Lockstep : BlockMode::Cpp;
}

}  // namespace

size_t BlockSignals::in_size() const { return total(in); }
size_t BlockSignals::out_size() const { return total(out); }
size_t BlockSignals::in_at(size_t k) const { return start(in, k); }
size_t BlockSignals::out_at(size_t k) const { return start(out, k); }

BlockRun::BlockRun(const BlockSpec& spec, BlockMode mode, const BlockContext& ctx)
    : title_(spec.title), sig_(spec.signals(ctx.ports, ctx.vcs)), mode_(mode), router_(ctx.router),
      rtl_(spec.rtl(ctx)), cpp_(mode == BlockMode::Lockstep && spec.cpp ? spec.cpp(ctx) : nullptr),
      in_(sig_.in_size(), 0), last_in_(in_), rtl_out_(sig_.out_size(), 0), cpp_out_(rtl_out_) {}

const int64_t* BlockRun::eval(Cycle now) {
  rtl_->eval(in_.data(), rtl_out_.data());
  if (cpp_) cpp_->eval(in_.data(), cpp_out_.data());
  last_in_.swap(in_);
  std::fill(in_.begin(), in_.end(), 0);
  if (cpp_) compare(cpp_out_.data(), now);
  return rtl_out_.data();
}

void BlockRun::compare(const int64_t* cpp_out, Cycle now) const {
  size_t at = 0;
  for (size_t k = 0; k < sig_.out.size(); ++k)
    for (int i = 0; i < sig_.out[k].size; ++i, ++at)
      if (cpp_out[at] != rtl_out_[at]) mismatch(k, i, cpp_out[at], now);
}

void BlockRun::compare(size_t k, int i, int64_t cpp, Cycle now) const {
  if (rtl_out_[sig_.out_at(k) + static_cast<size_t>(i)] != cpp) mismatch(k, i, cpp, now);
}

// Names the first output that differs, then every input of the evaluation.
void BlockRun::mismatch(size_t k, int i, int64_t cpp, Cycle now) const {
  std::ostringstream o;
  const BlockSignal& s = sig_.out[k];
  o << "lockstep mismatch: cycle " << now << " router " << router_ << " " << title_ << "; " << s.name;
  if (s.size > 1) o << "[" << i << "]";
  o << ": cpp " << cpp << " rtl " << rtl_out_[sig_.out_at(k) + static_cast<size_t>(i)] << "; inputs:";
  size_t at = 0;
  for (const BlockSignal& x : sig_.in) {
    o << " " << x.name << "=";
    if (x.size > 1) o << "[";
    for (int j = 0; j < x.size; ++j, ++at) o << (j ? " " : "") << last_in_[at];
    if (x.size > 1) o << "]";
  }
  throw InvariantError(o.str());
}

BlockModes::BlockModes(const Config& cfg, const BlockShape& shape) {
  for (const std::string& name : block_registry().keys()) {
    const BlockSpec& spec = block_registry().at(name);
    const std::string key = "rtl." + name;
    // A block registered after the schema was built has no key of its own.
    const bool asked = cfg.values().count(key) && cfg.get_str(key) != "auto";
    const std::string& m = asked ? cfg.get_str(key) : cfg.get_str("router.alloc");
    BlockMode mode = parse_mode(m);
    if (mode != BlockMode::Cpp) {
      const std::string missing = spec.missing ? spec.missing(cfg) : "";
      if (!missing.empty()) {
        if (asked) throw ConfigError(key + ": " + m + " needs " + missing);
        mode = BlockMode::Cpp;
      } else {
        const std::string by = asked ? key : "router.alloc";
        if (!spec.rtl) throw ConfigError(by + ": " + m + " needs a build with NOCSIM_RTL_COSIM=ON");
        if (spec.check) spec.check(by, m, cfg, shape);
      }
    }
    const std::string refused = mode == BlockMode::Cpp && spec.cpp_refused ? spec.cpp_refused(cfg) : "";
    if (!refused.empty()) throw ConfigError(refused);
    modes_.emplace_back(name, mode);
  }
}

BlockMode BlockModes::operator[](const std::string& name) const {
  for (const auto& [n, m] : modes_)
    if (n == name) return m;
  return BlockMode::Cpp;
}

std::unique_ptr<BlockRun> make_block_run(const std::string& name, BlockMode mode, const BlockContext& ctx) {
  if (mode == BlockMode::Cpp) return nullptr;
  return std::make_unique<BlockRun>(block_registry().at(name), mode, ctx);
}

}  // namespace nocsim
