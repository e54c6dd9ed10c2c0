# cmake -DIN=<twin.cpp> -DOUT=<mutant.cpp> -DKIND=<kind> -P mutate_twin.cmake
# Plants a one-line bug in a copy of a C++ twin, by KIND:
#   sep_if      (alloc/sep_if_allocator.cpp) the input arbiter advances past its
#               stage-1 winner only when it was granted, not whenever it requested,
#               as if router.arbiter.sa_in_update=grant were always set
#               (in both paths: tick(), which the ports interface and the block
#               test drive, and allocate(), which the SA stage calls);
#   va          (alloc/vc_allocator.cpp) a stage-2 arbiter's pointer stays on the
#               input VC it granted instead of moving past it;
#   contention  (congestion/contention.cpp) Base's comparator fires at the
#               threshold, not above it;
#   select      (vc/one_vc.cpp) JSQ breaks ties toward the lowest VC;
#   mincred     (sim/network_view.cpp) a port's minCred occupancy is its last VC's
#               minimally routed flits, not the sum over its VCs;
#   wavefront   (alloc/port_matchers.cpp) the priority diagonal rotates
#               backwards (still a maximal matching, with the wrong
#               priorities).
# Fails the build if the pattern is gone, so the mutant can't silently equal
# the original.
if(KIND STREQUAL "sep_if")
  set(orig "if (!in_on_grant_ || granted_vc(ip) >= 0) port_[ip].in_arb.tick(port_[ip].in_win);")
  set(mut  "if (granted_vc(ip) >= 0) port_[ip].in_arb.tick(port_[ip].in_win);  // PLANTED BUG")
  set(orig2 "if (!in_on_grant_ || gnt[ip] >= 0) i.in_arb.tick(i.in_win);")
  set(mut2  "if (gnt[ip] >= 0) i.in_arb.tick(i.in_win);  // PLANTED BUG")
elseif(KIND STREQUAL "va")
  set(orig "out_ptr_[o] = w + 1 == n ? 0 : w + 1;")
  set(mut  "out_ptr_[o] = w + 1 == n ? 0 : w;  // PLANTED BUG")
elseif(KIND STREQUAL "contention")
  set(orig "return count(port) > p_.threshold;")
  set(mut  "return count(port) >= p_.threshold;  // PLANTED BUG")
elseif(KIND STREQUAL "select")
  set(orig "if (cr >= best) best = cr, vc = o;")
  set(mut  "if (cr > best) best = cr, vc = o;  // PLANTED BUG")
elseif(KIND STREQUAL "mincred")
  set(orig "for (const auto& v : routers_[router]->state().out[port].vcs) occ += v.min_flits;")
  set(mut  "for (const auto& v : routers_[router]->state().out[port].vcs) occ = v.min_flits;  // PLANTED BUG")
elseif(KIND STREQUAL "wavefront")
  set(orig "top_ = (top_ + 1) % P_;")
  set(mut  "top_ = (top_ + P_ - 1) % P_;  // PLANTED BUG")
else()
  message(FATAL_ERROR "mutate_twin: unknown KIND '${KIND}'")
endif()
file(READ "${IN}" src)
string(FIND "${src}" "${orig}" pos)
if(pos EQUAL -1)
  message(FATAL_ERROR "mutate_twin: '${orig}' not found in ${IN}; update the mutation")
endif()
string(REPLACE "${orig}" "${mut}" out "${src}")
if(DEFINED orig2)
  string(FIND "${out}" "${orig2}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "mutate_twin: '${orig2}' not found in ${IN}; update the mutation")
  endif()
  string(REPLACE "${orig2}" "${mut2}" out "${out}")
endif()
file(WRITE "${OUT}" "// GENERATED from ${IN} with a planted bug; do not edit.\n${out}")
