#!/usr/bin/env bash
# Sets up, builds and runs one experiment.
# Usage: scripts/run.sh [CONFIG.yaml] [key=value ...] [-o results.json] [--quiet]
# With no configuration it runs topologies/mesh-8x8.yaml (well under a minute)
# and writes results/last.json.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh build
args=("$@")
if [ ${#args[@]} -eq 0 ] || [[ "${args[0]}" == *=* ]] || [[ "${args[0]}" == -* ]]; then
  args=(topologies/mesh-8x8.yaml "${args[@]}")
fi
has_out=0
for a in "${args[@]}"; do [ "$a" = "-o" ] && has_out=1; done
if [ $has_out -eq 0 ]; then
  mkdir -p results
  args+=(-o results/last.json)
fi
exec ./build/nocsim "${args[@]}"
