#!/usr/bin/env bash
# Speed of two nocsim binaries on one machine that drifts: runs them in turn
# (A, B, A, B, ...) N times each and prints the mean and best cycles/s of each.
# Usage: scripts/compare.sh BIN_A BIN_B N CONFIG [key=value ...]
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 BIN_A BIN_B N CONFIG [key=value ...]" >&2; exit 2; }
a=$1; b=$2; n=$3; cfg=$4; shift 4
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for i in $(seq "$n"); do
  for bin in "$a" "$b"; do
    "$bin" "$cfg" sim.drain=0 "$@" --quiet -o "$out/r.json" > /dev/null
    python3 -c "import json,sys; print(sys.argv[1], json.load(open(sys.argv[2]))['sim']['cycles_per_second'])" \
      "$bin" "$out/r.json"
  done
done | awk '{s[$1]+=$2; c[$1]++; if ($2>m[$1]) m[$1]=$2} END {for (k in s) printf "%s  mean %.0f  best %.0f\n", k, s[k]/c[k], m[k]}'
