// GoogleTest entry for test binaries that link SystemC: libsystemc defines
// main and calls sc_main, so gtest_main must not be linked (depending on link
// order it would silently run zero tests).
#include <gtest/gtest.h>

#include <cstdlib>
#include <systemc>

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
