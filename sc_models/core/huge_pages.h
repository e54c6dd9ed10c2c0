#pragma once
// Backs the heap with transparent huge pages where the kernel grants them on
// request (THP in "madvise" mode, the Debian default). A network's state is
// tens of megabytes of small objects, most of them touched every few cycles:
// with 4 KB pages nearly every such touch is also a TLB miss. Measured on the
// dragonfly benchmark: about +15% cycles/s; the mesh about +5%.
// Call once, before the network is built (the CLI does, unless
// sim.huge_pages=false). It reserves `reserve_bytes` of address space for the
// heap (memory is committed only when touched; at most 1 GB); growth beyond
// it gets ordinary pages. Does nothing where the calls are unavailable.
#include <cstddef>

namespace nocsim {

void prefer_huge_pages(size_t reserve_bytes);

}  // namespace nocsim
