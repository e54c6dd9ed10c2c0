# cmake -DIN=<sep_if_allocator.cpp> -DOUT=<mutant.cpp> -P mutate_twin.cmake
# Planted bug (one line): the input arbiter advances past its stage-1 winner
# only when that winner was granted, instead of whenever the input requested.
# Fails the build if the pattern is gone, so the mutant can't silently equal
# the original.
file(READ "${IN}" src)
set(orig "port_[ip].in_arb.tick(port_[ip].in_win);  // granted or not")
set(mut  "port_[ip].in_arb.tick(granted_vc(ip));  // PLANTED BUG")
string(FIND "${src}" "${orig}" pos)
if(pos EQUAL -1)
  message(FATAL_ERROR "mutate_twin: '${orig}' not found in ${IN}; update the mutation")
endif()
string(REPLACE "${orig}" "${mut}" out "${src}")
file(WRITE "${OUT}" "// GENERATED from ${IN} with a planted bug; do not edit.\n${out}")
