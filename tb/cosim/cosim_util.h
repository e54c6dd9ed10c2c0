#pragma once
// What every block test of tb/cosim does to a Verilated model with clk and
// rst_n: the asynchronous reset for one cycle, and a full clock cycle.
// Include after the model headers (they bring <verilated.h> first).
template <class M>
void cosim_reset(M& m) {
  m.clk = 0;
  m.rst_n = 0;
  m.eval();
  m.clk = 1;
  m.eval();
  m.clk = 0;
  m.eval();
  m.rst_n = 1;
  m.eval();
}

template <class M>
void cosim_clock(M& m) {
  m.clk = 1;
  m.eval();
  m.clk = 0;
  m.eval();
}

// main() of a block test: one long-lived context, single-threaded, random
// initial state (design.md).
#define NOCSIM_COSIM_MAIN                           \
  int main(int argc, char** argv) {                 \
    Verilated::defaultContextp()->threads(1);       \
    Verilated::randReset(2);                        \
    ::testing::InitGoogleTest(&argc, argv);         \
    return RUN_ALL_TESTS();                         \
  }
