#pragma once
// What every block test of tb/cosim does to a Verilated model: reset and
// clock it as the live wrappers do (rtl/verilated_ports.h), and a main() with
// their one long-lived context. Include after the model headers (they bring
// <verilated.h> first).
#include "rtl/verilated_ports.h"

template <class M>
void cosim_reset(M& m) {
  nocsim::rtl::reset_model(m);
}
template <class M>
void cosim_clock(M& m) {
  nocsim::rtl::clock_model(m);
}

#define NOCSIM_COSIM_MAIN                           \
  int main(int argc, char** argv) {                 \
    nocsim::rtl::init_verilator_once();             \
    ::testing::InitGoogleTest(&argc, argv);         \
    return RUN_ALL_TESTS();                         \
  }
