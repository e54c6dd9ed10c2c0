#pragma once
// What a port connects to; VC counts, buffer depths and link latencies are
// configured per class. Here rather than in topologies/ because the VC
// reference sequences (core/vc_sequence.h) name classes too.
namespace nocsim {

enum class PortClass { Nic, Local, Global };

// Network ports 0 .. local_ports-1 are local, the rest global; the node
// ports come after the network ports.
inline PortClass port_class_of(int port, int network_ports, int local_ports) {
  return port >= network_ports ? PortClass::Nic : port < local_ports ? PortClass::Local : PortClass::Global;
}

}  // namespace nocsim
