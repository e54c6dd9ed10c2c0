#pragma once
// The router's configuration (router.*: buffers, output buffers, speedup,
// arbiters, allocators, stage latencies), read from the Config here and
// nowhere else (docs/architecture.md, "Configuration"). The buffer keys are
// parsed by BufferConfig, which routings and VC policies read too.
#include <string>

#include "alloc/arbiter.h"
#include "alloc/sw_alloc_backend.h"
#include "alloc/vc_allocator.h"
#include "vc/buffer_config.h"

namespace nocsim {

class Config;
class ErrorList;

struct RouterConfig {
  BufferConfig buffers;
  int output_buffer_depth = 0;  // flits per output VC; 0: no output buffers
  int speedup = 1;              // crossbar inputs per input port
  bool in_transit_priority = false;
  bool injection_vc_random = false;  // router.injection_vc=random
  bool hold_switch = false;          // router.hold_switch: SA keeps a packet's connection
  ArbiterKind va_arbiter = ArbiterKind::Rr;
  SaArbiters sa_arbiters;
  int lat_rc = 1, lat_va = 1, lat_sa = 1, lat_st = 1;  // router.stage_latency.*
  std::string allocator_sa, allocator_va;              // router.allocator.*: algorithm keys
  std::string va_reference;                            // router.allocator.va_reference
  // The C++ VC allocator: the algorithm, or for user (the architect's block)
  // its reference, which decides in lockstep.
  const std::string& va_model() const { return allocator_va == "user" ? va_reference : allocator_va; }
  bool va_free_pool() const { return va_model() == "free_pool"; }
  VaAlgorithm va_algorithm() const;
  int va_iterations = 1;  // router.allocator.va_iterations

  static RouterConfig from(const Config& cfg);
  // The cross-key rules among router.* keys alone (the router section's rules).
  void validate(ErrorList& errors) const;

 private:
  void sa_rules(ErrorList& errors) const;
  void va_rules(ErrorList& errors) const;
};

}  // namespace nocsim
