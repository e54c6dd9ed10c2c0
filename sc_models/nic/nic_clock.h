#pragma once
// The NICs' process: on each rising edge it runs every NIC with work
// (Nic::run), in node order. A NIC keeps its flag here itself: set while it
// has a packet to inject and the link is free, and by its wake-up on the
// falling edge before its next packet or tail; cleared when it sleeps. One
// process for all NICs instead of a dynamic process each, whose sleep and
// wake-up were kernel event notifications (docs/performance.md,
// "Session 46").
#include <cstdint>
#include <systemc>
#include <vector>

#include "core/flit.h"

namespace nocsim {

class Nic;

class NicClock : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  NicClock(sc_core::sc_module_name name, Cycle period_ps, const std::vector<Nic*>& nics);

 private:
  void run();
  Cycle period_ps_;
  std::vector<Nic*> nics_;
  std::vector<uint8_t> awake_;  // [node] 1: runs at the next edge; padded to whole words
};

}  // namespace nocsim
