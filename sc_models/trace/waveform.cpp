#include "trace/waveform.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <numeric>

#include "core/error.h"

#ifdef NOCSIM_HAVE_FST
#include "fstapi.h"
#endif

namespace nocsim {
namespace {

bool ends_with(const std::string& s, const std::string& e) {
  return s.size() >= e.size() && s.compare(s.size() - e.size(), e.size(), e) == 0;
}

class VcdSink final : public Waveform::Sink {
 public:
  explicit VcdSink(FILE* f) : f_(f) {
    std::fputs("$version nocsim $end\n$timescale 1ps $end\n", f_);
  }
  ~VcdSink() override {
    if (f_) std::fclose(f_);
  }
  void scope(const std::string& name) override { std::fprintf(f_, "$scope module %s $end\n", name.c_str()); }
  void upscope() override { std::fputs("$upscope $end\n", f_); }
  void var(int id, const std::string& name, int width) override {
    std::fprintf(f_, "$var wire %d %s %s $end\n", width, code(id).c_str(), name.c_str());
  }
  void end_definitions() override { std::fputs("$enddefinitions $end\n", f_); }
  void time(uint64_t t) override { std::fprintf(f_, "#%llu\n", static_cast<unsigned long long>(t)); }
  void value(int id, const char* bits, int width) override {
    if (width == 1) {
      std::fprintf(f_, "%c%s\n", bits[0], code(id).c_str());
      return;
    }
    int lead = 0;  // VCD extends a shorter vector with zeros
    while (lead + 1 < width && bits[lead] == '0') ++lead;
    std::fprintf(f_, "b%.*s %s\n", width - lead, bits + lead, code(id).c_str());
  }
  bool close() override {
    const bool ok = !std::ferror(f_);
    const bool closed = std::fclose(f_) == 0;
    f_ = nullptr;
    return ok && closed;
  }

 private:
  // Identifier codes: printable ASCII '!'..'~', base 94.
  static std::string code(int id) {
    std::string s;
    do {
      s += static_cast<char>('!' + id % 94);
      id /= 94;
    } while (id);
    return s;
  }
  FILE* f_;
};

#ifdef NOCSIM_HAVE_FST
class FstSink final : public Waveform::Sink {
 public:
  explicit FstSink(void* ctx) : ctx_(ctx) { fstWriterSetTimescale(ctx_, -12); }
  ~FstSink() override {
    if (ctx_) fstWriterClose(ctx_);
  }
  void scope(const std::string& name) override {
    fstWriterSetScope(ctx_, FST_ST_VCD_MODULE, name.c_str(), nullptr);
  }
  void upscope() override { fstWriterSetUpscope(ctx_); }
  void var(int id, const std::string& name, int width) override {
    if (static_cast<size_t>(id) >= handle_.size()) handle_.resize(static_cast<size_t>(id) + 1);
    handle_[static_cast<size_t>(id)] =
        fstWriterCreateVar(ctx_, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, static_cast<uint32_t>(width), name.c_str(), 0);
  }
  void end_definitions() override {}
  void time(uint64_t t) override { fstWriterEmitTimeChange(ctx_, t); }
  void value(int id, const char* bits, int) override {
    fstWriterEmitValueChange(ctx_, handle_[static_cast<size_t>(id)], bits);
  }
  bool close() override {
    const bool ok = !fstWriterGetFseekFailed(ctx_);
    fstWriterClose(ctx_);
    ctx_ = nullptr;
    return ok;
  }

 private:
  void* ctx_;
  std::vector<fstHandle> handle_;
};
#endif

}  // namespace

void Waveform::check_name(const std::string& path, const std::string& key) {
  if (ends_with(path, ".vcd")) return;
#ifdef NOCSIM_HAVE_FST
  if (ends_with(path, ".fst")) return;
  throw ConfigError(key + ": bad value '" + path + "': a file name ending in .vcd or .fst");
#else
  throw ConfigError(key + ": bad value '" + path + "': a file name ending in .vcd (.fst needs a build with Verilator's FST library)");
#endif
}

Waveform::Waveform(const std::string& path, const std::string& key) : path_(path), key_(key) {
  check_name(path, key);
  const bool vcd = ends_with(path, ".vcd");
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw ConfigError(key + ": cannot write " + path + ": " + std::strerror(errno));
  if (vcd) {
    sink_ = std::make_unique<VcdSink>(f);
    return;
  }
  std::fclose(f);
#ifdef NOCSIM_HAVE_FST
  void* ctx = fstWriterCreate(path.c_str(), 1);
  if (!ctx) throw ConfigError(key + ": cannot write " + path);
  sink_ = std::make_unique<FstSink>(ctx);
#endif
}

Waveform::~Waveform() {
  if (!closed_) try {
      close();
    } catch (const std::exception&) {  // a destructor does not throw; close() reports
    }
}

int Waveform::add(const std::string& scope, const std::string& name, int width) {
  if (defined_) throw std::logic_error("Waveform::add after the first step");
  if (width < 1 || width > 65536) throw std::logic_error("Waveform::add: width out of range: " + name);
  const size_t words = static_cast<size_t>(width + 31) / 32;
  sig_.push_back({scope, name, width, std::vector<uint32_t>(words, 0), std::vector<uint32_t>(words, 0)});
  return static_cast<int>(sig_.size()) - 1;
}

void Waveform::set(int id, uint64_t v) {
  Signal& s = sig_[static_cast<size_t>(id)];
  if (s.width < 64) v &= (1ull << s.width) - 1;
  s.now[0] = static_cast<uint32_t>(v);
  if (s.now.size() > 1) s.now[1] = static_cast<uint32_t>(v >> 32);
}

void Waveform::set_words(int id, const std::vector<uint32_t>& w) {
  Signal& s = sig_[static_cast<size_t>(id)];
  for (size_t i = 0; i < s.now.size(); ++i) s.now[i] = i < w.size() ? w[i] : 0;
  if (s.width % 32) s.now.back() &= (1u << (s.width % 32)) - 1;
}

// Scopes nest by their dotted parts; signals of one scope are declared together.
void Waveform::define() {
  auto parts = [](const std::string& s) {
    std::vector<std::string> p;
    size_t b = 0;
    for (size_t e; (e = s.find('.', b)) != std::string::npos; b = e + 1) p.push_back(s.substr(b, e - b));
    p.push_back(s.substr(b));
    return p;
  };
  std::vector<std::vector<std::string>> path(sig_.size());
  for (size_t i = 0; i < sig_.size(); ++i) path[i] = parts(sig_[i].scope);
  std::vector<size_t> order(sig_.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return path[a] < path[b]; });
  std::vector<std::string> open;
  for (size_t i : order) {
    size_t common = 0;
    while (common < open.size() && common < path[i].size() && open[common] == path[i][common]) ++common;
    for (; open.size() > common; open.pop_back()) sink_->upscope();
    for (; open.size() < path[i].size(); open.push_back(path[i][open.size()])) sink_->scope(path[i][open.size()]);
    sink_->var(static_cast<int>(i), sig_[i].name, sig_[i].width);
  }
  for (; !open.empty(); open.pop_back()) sink_->upscope();
  sink_->end_definitions();
}

void Waveform::step(uint64_t t) {
  const bool first = !defined_;
  if (first) define();
  defined_ = true;
  bool timed = false;
  for (size_t i = 0; i < sig_.size(); ++i) {
    Signal& s = sig_[i];
    if (!first && s.now == s.written) continue;
    if (!timed) sink_->time(t);
    timed = true;
    bits_.assign(static_cast<size_t>(s.width), '0');
    for (int b = 0; b < s.width; ++b)
      if ((s.now[static_cast<size_t>(b / 32)] >> (b % 32)) & 1u) bits_[static_cast<size_t>(s.width - 1 - b)] = '1';
    sink_->value(static_cast<int>(i), bits_.c_str(), s.width);
    s.written = s.now;
  }
}

void Waveform::close() {
  if (closed_) return;
  closed_ = true;
  if (!defined_) define();
  errno = 0;
  if (!sink_->close())
    throw ConfigError(key_ + ": writing " + path_ + " failed" + (errno ? std::string(": ") + std::strerror(errno) : ""));
}

}  // namespace nocsim
