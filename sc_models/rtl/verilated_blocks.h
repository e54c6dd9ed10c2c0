#pragma once
// The Verilated sides of the built-in blocks (the pimpls of rtl_blocks.h,
// rtl_sw_allocator.h and rtl_vc_allocator.h at the ports of
// blocks/ports.h) and their limits. Built only with NOCSIM_RTL_COSIM.
#include <string>

#include "blocks/block.h"

namespace nocsim {

// Sets s.rtl and s.check of built-in block `name`.
void add_verilated_side(const std::string& name, BlockSpec& s);
// This build has a Verilated allocator of `kind` (sa, va) for
// router.allocator.<kind>=algorithm.
bool verilated_allocator(const std::string& kind, const std::string& algorithm);

}  // namespace nocsim
