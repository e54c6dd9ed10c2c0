#include "alloc/sw_alloc_backend.h"

#include "alloc/sep_if_allocator.h"

namespace nocsim {
namespace {

class TwinAlloc : public SwAllocBackend {
 public:
  TwinAlloc(int ports, int vcs) : a_(ports, vcs) {}
  void allocate(uint64_t inputs, const uint64_t* req, const int* op_of, int* gnt) override {
    a_.allocate(inputs, req, op_of, gnt);
  }

 private:
  SepIfAllocator a_;
};

}  // namespace

void register_twin_sw_alloc(SwAllocRegistry& reg) {
  reg.add("cpp", {[](int ports, int vcs) -> std::unique_ptr<SwAllocBackend> {
                    return std::make_unique<TwinAlloc>(ports, vcs);
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
