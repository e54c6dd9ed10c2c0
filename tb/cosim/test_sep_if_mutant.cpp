// Planted-bug check of the cosim checker itself: this executable is linked
// with a MUTATED copy of sc_models/alloc/sep_if_allocator.cpp (made at build
// time by mutate_twin.cmake: the input arbiter advances only when its stage-1
// winner also won the output). The same random campaign as the real cosim
// test (cosim_compare.h) must report a mismatch against the RTL.
#include <gtest/gtest.h>

#include <iostream>

#include "rtl/rtl_sw_allocator.h"
#include "alloc/sep_if_allocator.h"  // declares the class; the mutant defines it
#include "cosim_compare.h"

namespace {

TEST(SepIfMutant, CosimDetectsPlantedBug) {
  const int P = 5, V = 2;
  nocsim::SepIfAllocator mutant(P, V);
  nocsim::RtlSwAllocator rtl(P, V);
  const nocsim::cosim::Result r =
      nocsim::cosim::random_campaign(mutant, rtl, P, V, 120000, 1000u + 31u * P + V);
  ASSERT_TRUE(r.mismatch) << "planted bug NOT detected in " << r.cycles << " cycles";
  std::cout << "detected as expected after " << r.cycles << " cycles:\n" << r.report << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
