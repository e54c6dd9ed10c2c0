#include "alloc/sw_alloc_backend.h"

#include "alloc/sep_if_allocator.h"

namespace nocsim {
namespace {

// Allocator: SepIfAllocator (round-robin, the RTL's twin) or SepIfArbAllocator.
template <class Allocator>
class TwinAlloc : public SwAllocBackend {
 public:
  TwinAlloc(int ports, int vcs, SaArbiters arb) : a_(ports, vcs, arb.in, arb.out) {}
  void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) override {
    a_.allocate(inputs, req, op_of, gnt, age_);
  }

 private:
  Allocator a_;
};

}  // namespace

void register_twin_sw_alloc(SwAllocRegistry& reg) {
  reg.add("cpp", {[](int ports, int vcs, SaArbiters arb) -> std::unique_ptr<SwAllocBackend> {
                    if (arb.round_robin()) return std::make_unique<TwinAlloc<SepIfAllocator>>(ports, vcs, arb);
                    return std::make_unique<TwinAlloc<SepIfArbAllocator>>(ports, vcs, arb);
                  },
                  nullptr});  // any (ports, vcs)
}

SwAllocRegistry& mutable_sw_alloc_registry() {
  static SwAllocRegistry reg("router.alloc", [](SwAllocRegistry& r) {
    register_twin_sw_alloc(r);
#ifdef NOCSIM_HAVE_RTL
    register_rtl_sw_allocs(r);
#endif
  });
  return reg;
}

const SwAllocRegistry& sw_alloc_registry() { return mutable_sw_alloc_registry(); }

}  // namespace nocsim
