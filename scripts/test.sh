#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite with ctest.
# Usage: scripts/test.sh [--sanitize] [ctest arguments...]
#   --sanitize: a separate clang build (build-asan, -O1) with AddressSanitizer
#   and UndefinedBehaviorSanitizer; any finding fails the test that triggers
#   it. The same tree holds the libFuzzer targets (NOCSIM_FUZZ), so that
#   NOCSIM_FUZZ_BUILD=build-asan scripts/fuzz.sh needs no build of its own.
#   NOCSIM_CMAKE_ARGS adds configure arguments (e.g. -DNOCSIM_RTL_COSIM=OFF).
set -euo pipefail
cd "$(dirname "$0")/.."
# The Slurm backend's test brings up a private single-node cluster
# (tb/experiments/slurm_local.sh) from these packages.
export NOCSIM_EXTRA_PKGS="slurmctld slurmd slurm-client munge ${NOCSIM_EXTRA_PKGS:-}"
build=build
if [ "${1:-}" = --sanitize ]; then
  shift
  build=build-asan
  export NOCSIM_EXTRA_PKGS="$NOCSIM_EXTRA_PKGS clang libclang-rt-14-dev"
  export NOCSIM_CMAKE_ARGS="-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DNOCSIM_SANITIZE=ON -DNOCSIM_FUZZ=ON ${NOCSIM_CMAKE_ARGS:-}"
  # Leaks fail too; a finding stops the test at once with its stack.
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:${ASAN_OPTIONS:-}"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
fi
./scripts/setup.sh "$build"
cd "$build"
ctest --output-on-failure -j 2 --timeout 3000 "$@"
