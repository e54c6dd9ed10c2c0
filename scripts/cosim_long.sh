#!/usr/bin/env bash
# The co-simulation tests in their long mode: 10^6 random cycles per block
# for the arbiters, the VC allocator (per verilated shape), the contention
# unit, the minCred counters and FlexVC selection
# (NOCSIM_COSIM_CYCLES), the other blocks as in CI.
# Usage: scripts/cosim_long.sh [CYCLES]   (needs build/ with NOCSIM_RTL_COSIM=ON)
set -euo pipefail
cd "$(dirname "$0")/.."
export NOCSIM_COSIM_CYCLES=${1:-1000000}
status=0
for t in build/tb/cosim/cosim_*; do
  [ -x "$t" ] || continue
  echo "== $t"
  "$t" --gtest_brief=1 || status=1
done
exit $status
