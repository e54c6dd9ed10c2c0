#pragma once
// What a port connects to; VC counts, buffer depths and link latencies are
// configured per class. Here rather than in topologies/ because the VC
// reference sequences (core/vc_sequence.h) name classes too.
namespace nocsim {

enum class PortClass { Nic, Local, Global };

}  // namespace nocsim
