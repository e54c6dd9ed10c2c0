#pragma once
// Deadlock diagnosis from a snapshot of the network (plain C++ over the
// routers' units and the links). Each input VC holding flits, or holding an
// output VC while waiting for the rest of its packet, waits for other input
// VCs: for the downstream VC it needs credits from, for the VC at its router
// holding the output VC it wants, or for the upstream VC that owes it flits.
// A VC that could move (credits, a usable output VC, an RC to do, something
// in flight on a link toward it) waits for nothing. A VC is dead when
// everything it waits for is dead (one freed alternative of VA would do):
// the largest such set can never move again, whatever the timing. Anything
// this analysis does not model (DAMQ pools, full output queues) counts as
// able to move, so it may miss a deadlock but never reports a false one.
#include <string>
#include <vector>

namespace nocsim {

class Network;

struct VcRef {
  int router = -1, port = -1, vc = -1;  // an input VC
};

struct WaitEdge {
  VcRef from, to;
  std::string why;  // what `from` waits for at `to`
};

struct DeadlockFinding {
  std::vector<VcRef> dead;      // the input VCs that can never move
  std::vector<WaitEdge> cycle;  // a cycle among them: cycle[i].to is cycle[i + 1].from, the last closes it
};

DeadlockFinding find_deadlock(const Network& net);
// One edge per line: "router 3 in port 1 vc 0 needs credits of out port 2 vc 0, downstream: router 4 in port 0 vc 0".
std::string describe_cycle(const DeadlockFinding& f);

}  // namespace nocsim
