// Planted bug in the VA twin: linked with a MUTATED copy of
// sc_models/alloc/vc_allocator.cpp (mutate_twin.cmake, KIND va: a stage-2
// pointer stays on its winner). The cosim campaign must report a mismatch.
#include <gtest/gtest.h>

#include <iostream>

#include "va_cosim.h"

TEST(VcAllocMutant, CosimDetectsPlantedBug) {
  const nocsim::cosim::VaResult r = nocsim::cosim::va_campaign(5, 2, 40000, 901);
  ASSERT_TRUE(r.mismatch) << "planted bug NOT detected in " << r.cycles << " cycles";
  std::cout << "detected as expected after " << r.cycles << " cycles:\n" << r.report << "\n";
}

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
