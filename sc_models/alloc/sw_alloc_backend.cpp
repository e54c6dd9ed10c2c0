#include "alloc/sw_alloc_backend.h"

#include <string>
#include <type_traits>

#include "alloc/port_matchers.h"
#include "alloc/rr_arbiter.h"
#include "alloc/sep_if_allocator.h"
#include "blocks/block_run.h"
#include "blocks/ports.h"
#include "core/error.h"

namespace nocsim {
namespace {

// Allocator: SepIfAllocator (round-robin, the RTL's twin) or SepIfArbAllocator.
template <class Allocator>
class TwinAlloc : public SwAllocBackend {
 public:
  TwinAlloc(int ports, int vcs, SaArbiters arb) : a_(ports, vcs, arb.in, arb.out, arb.in_on_grant) {
    if constexpr (std::is_same_v<Allocator, SepIfAllocator>) lone_rr_ = &a_;
  }
  void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) override {
    a_.allocate(inputs, req, op_of, gnt, age_);
  }

 private:
  Allocator a_;
};

// A port matching (alloc/port_matchers.h) turned into VC grants.
class PortMatchAlloc : public SwAllocBackend {
 public:
  PortMatchAlloc(int ports, int vcs, std::unique_ptr<PortMatcher> m) : a_(ports, vcs, std::move(m)) {}
  void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) override {
    a_.allocate(inputs, req, op_of, gnt);
  }

 private:
  PortMatchAllocator a_;
};

template <class M, class... Args>
std::unique_ptr<SwAllocBackend> port_match(int ports, int vcs, Args... args) {
  return std::make_unique<PortMatchAlloc>(ports, vcs, std::make_unique<M>(ports, args...));
}

class BlockAlloc : public SwAllocBackend {
 public:
  BlockAlloc(std::unique_ptr<SwAllocBackend> cpp, std::unique_ptr<BlockRun> run, int ports, int vcs)
      : cpp_(std::move(cpp)), run_(std::move(run)), P_(ports), V_(vcs), cpp_out_(2 * static_cast<size_t>(ports)) {}
  void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) override {
    int64_t* in = run_->in();
    for (uint64_t m = inputs; m; m &= m - 1) {
      const int ip = __builtin_ctzll(m);
      in[ip] = static_cast<int64_t>(req[ip]);  // then op[ip*V+v] from P on (blocks/ports.h)
      for (uint64_t r = req[ip]; r; r &= r - 1) in[P_ + ip * V_ + __builtin_ctzll(r)] = op_of[ip * V_ + __builtin_ctzll(r)];
    }
    const int64_t* out = run_->eval(cycle_);
    if (!run_->lockstep()) {
      check_legal(inputs, req, op_of, out);
      for (uint64_t m = inputs; m; m &= m - 1) gnt[__builtin_ctzll(m)] = static_cast<int>(out[__builtin_ctzll(m)]);
      return;
    }
    cpp_->set_ages(age_);
    cpp_->allocate(inputs, req, op_of, gnt);
    for (int ip = 0; ip < P_; ++ip) {
      const int g = inputs >> ip & 1 ? gnt[ip] : -1;
      cpp_out_[ip] = g;
      cpp_out_[P_ + ip] = g < 0 ? -1 : op_of[ip * V_ + g];
    }
    run_->compare(cpp_out_.data(), cycle_);
  }
  PortTap* tap(uint64_t now) override { return run_->tap(now); }

 private:
  // In rtl mode the block decides alone (an architect's own block, too): a
  // grant to a VC that did not ask, on another output than it asked for, or
  // a second grant of one output would corrupt the router silently.
  void check_legal(uint64_t inputs, const uint64_t* req, const int* op_of, const int64_t* out) const {
    uint64_t used = 0;
    for (int ip = 0; ip < P_; ++ip) {
      const int64_t v = out[ip], o = out[P_ + ip];
      if (v < 0) continue;
      std::string bad;
      if (!(inputs >> ip & 1) || v >= V_ || !(req[ip] >> v & 1))
        bad = "granted VC " + std::to_string(v) + ", which did not request";
      else if (o != op_of[ip * V_ + v])
        bad = "granted output " + std::to_string(o) + " to VC " + std::to_string(v) + ", which requested " +
              std::to_string(op_of[ip * V_ + v]);
      else if (used >> o & 1)
        bad = "granted output " + std::to_string(o) + ", already granted to another input";
      if (!bad.empty())
        throw InvariantError("rtl mode: cycle " + std::to_string(cycle_) + " router " + std::to_string(router_) +
                             " switch allocator block: input " + std::to_string(ip) + " " + bad);
      used |= 1ull << o;
    }
  }

  std::unique_ptr<SwAllocBackend> cpp_;
  std::unique_ptr<BlockRun> run_;
  int P_, V_;
  std::vector<int64_t> cpp_out_;
};

}  // namespace

std::unique_ptr<SwAllocBackend> on_block(std::unique_ptr<SwAllocBackend> cpp, std::unique_ptr<BlockRun> run,
                                         int ports, int vcs) {
  if (!run) return cpp;
  return std::make_unique<BlockAlloc>(std::move(cpp), std::move(run), ports, vcs);
}

namespace {

void register_sw_allocs(SwAllocRegistry& reg) {
  reg.add("sep_if", {[](int ports, int vcs, SaArbiters arb) -> std::unique_ptr<SwAllocBackend> {
                    if (arb.round_robin()) return std::make_unique<TwinAlloc<SepIfAllocator>>(ports, vcs, arb);
                    return std::make_unique<TwinAlloc<SepIfArbAllocator>>(ports, vcs, arb);
                  }});
  reg.add("sep_of", {[](int ports, int vcs, SaArbiters arb) { return port_match<SepOfMatcher>(ports, vcs, arb.in, arb.out); }});
  reg.add("islip", {[](int ports, int vcs, SaArbiters arb) { return port_match<IslipMatcher>(ports, vcs, arb.iterations); }});
  reg.add("wavefront", {[](int ports, int vcs, SaArbiters) { return port_match<WavefrontMatcher>(ports, vcs); }});
  reg.add("max_size", {[](int ports, int vcs, SaArbiters) { return port_match<MaxSizeMatcher>(ports, vcs); }});
  // The architect's own Verilog block: it decides in rtl mode; in lockstep
  // the reference algorithm decides and the block must agree.
  reg.add("user", {[](int ports, int vcs, SaArbiters arb) {
            return sw_alloc_registry().at(arb.reference).make(ports, vcs, arb);
          }});
}

}  // namespace

SwAllocRegistry& mutable_sw_alloc_registry() {
  static SwAllocRegistry reg("router.allocator.sa", register_sw_allocs);
  return reg;
}

const SwAllocRegistry& sw_alloc_registry() { return mutable_sw_alloc_registry(); }

}  // namespace nocsim
