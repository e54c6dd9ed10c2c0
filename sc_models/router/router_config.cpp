#include "router/router_config.h"

#include <algorithm>

#include "core/config.h"
#include "core/error.h"

namespace nocsim {
namespace {

ArbiterKind arbiter(const Config& cfg, const char* key) {
  const auto& names = arbiter_kind_names();
  return static_cast<ArbiterKind>(std::find(names.begin(), names.end(), cfg.get_str(key)) - names.begin());
}

}  // namespace

RouterConfig RouterConfig::from(const Config& cfg) {
  RouterConfig r;
  r.buffers = BufferConfig::from(cfg);
  r.output_buffer_depth = cfg.get_int32("router.output_buffer_depth");
  r.speedup = cfg.get_int32("router.speedup");
  r.in_transit_priority = cfg.get_bool("router.in_transit_priority");
  r.injection_vc_random = cfg.get_str("router.injection_vc") == "random";
  r.hold_switch = cfg.get_bool("router.hold_switch");
  r.va_arbiter = arbiter(cfg, "router.arbiter.va");
  r.sa_arbiters = {arbiter(cfg, "router.arbiter.sa_in"), arbiter(cfg, "router.arbiter.sa_out"),
                   cfg.get_int32("router.allocator.sa_iterations"), cfg.get_str("router.allocator.sa_reference"),
                   cfg.get_str("router.arbiter.sa_in_update") == "grant"};
  r.lat_rc = cfg.get_int32("router.stage_latency.rc");
  r.lat_va = cfg.get_int32("router.stage_latency.va");
  r.lat_sa = cfg.get_int32("router.stage_latency.sa");
  r.lat_st = cfg.get_int32("router.stage_latency.st");
  r.allocator_sa = cfg.get_str("router.allocator.sa");
  r.allocator_va = cfg.get_str("router.allocator.va");
  r.va_reference = cfg.get_str("router.allocator.va_reference");
  r.va_iterations = cfg.get_int32("router.allocator.va_iterations");
  return r;
}

void RouterConfig::validate(ErrorList& errors) const {
  if (speedup > 1 && output_buffer_depth == 0)
    errors.add({"router.output_buffer_depth: router.speedup > 1 needs output buffers (set it >= 1)"});
  if (hold_switch && speedup > 1)
    errors.add({"router.hold_switch: a held connection is one crossbar input to one output, so it needs "
                "router.speedup=1; got " + std::to_string(speedup)});
  sa_rules(errors);
  va_rules(errors);
}

VaAlgorithm RouterConfig::va_algorithm() const {
  const auto& names = va_algorithm_names();
  return static_cast<VaAlgorithm>(std::find(names.begin(), names.end(), va_model()) - names.begin());
}

namespace {

// islip, wavefront and max_size keep their own priority (round-robin
// pointers, a diagonal): their arbiters are rr (docs/architecture.md,
// "Allocators").
bool own_priority(const std::string& alg) { return alg == "islip" || alg == "wavefront" || alg == "max_size"; }

}  // namespace

// The VC allocator's arbiter and iterations, as sa_rules for SA.
void RouterConfig::va_rules(ErrorList& errors) const {
  const std::string& alg = va_model();
  if (own_priority(alg) && va_arbiter != ArbiterKind::Rr)
    errors.add({"router.arbiter.va: router.allocator.va=" + alg + " keeps its own priority (allowed: rr); got " +
                arbiter_kind_names()[static_cast<size_t>(va_arbiter)]});
  if (alg != "islip" && va_iterations != 1)
    errors.add({"router.allocator.va_iterations: only router.allocator.va=islip iterates; got " +
                std::to_string(va_iterations) + " with router.allocator.va=" + alg});
}

// The arbiters each switch allocator has (docs/architecture.md, "Allocators"):
// sep_if any kind; sep_of arbitrates between ports, which have no age;
// islip, wavefront and max_size keep their own priority.
void RouterConfig::sa_rules(ErrorList& errors) const {
  const auto& names = arbiter_kind_names();
  // user's block is checked against its reference, whose arbiters these are.
  const std::string& alg = allocator_sa == "user" ? sa_arbiters.reference : allocator_sa;
  const bool own = own_priority(alg);
  const std::pair<const char*, ArbiterKind> stages[] = {{"router.arbiter.sa_in", sa_arbiters.in},
                                                        {"router.arbiter.sa_out", sa_arbiters.out}};
  for (const auto& [key, kind] : stages) {
    const std::string got = names[static_cast<size_t>(kind)];
    if (own && kind != ArbiterKind::Rr)
      errors.add({std::string(key) + ": router.allocator.sa=" + alg + " keeps its own priority (allowed: rr); got " +
                  got});
    else if (alg == "sep_of" && kind == ArbiterKind::Age)
      errors.add({std::string(key) + ": router.allocator.sa=sep_of arbitrates between ports, which have no age "
                  "(allowed: rr, lrs, matrix); got age"});
  }
  if (alg != "islip" && sa_arbiters.iterations != 1)
    errors.add({"router.allocator.sa_iterations: only router.allocator.sa=islip iterates; got " +
                std::to_string(sa_arbiters.iterations) + " with router.allocator.sa=" + alg});
  if (sa_arbiters.in_on_grant && alg != "sep_if")
    errors.add({"router.arbiter.sa_in_update: only router.allocator.sa=sep_if has input arbiters that wait for "
                "the grant (allowed with " + alg + ": request); got grant"});
  if (sa_arbiters.reference == "user")
    errors.add({"router.allocator.sa_reference: the reference of your block is a C++ allocator (allowed: sep_if, "
                "sep_of, islip, wavefront, max_size); got user"});
}

}  // namespace nocsim
