#!/usr/bin/env bash
# Speed of two nocsim binaries on one machine that drifts: runs them in turn
# (A, B, A, B, ...) N times each and prints the median, mean and best
# cycles/s of each, then B's over A's: the ratio of medians, of means, and
# the median of the ratios of each A run and the B run after it.
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
done > "$out/runs"
python3 - "$a" "$b" "$out/runs" <<'PY'
import statistics, sys
a, b, runs = sys.argv[1:4]
r = {a: [], b: []}
for line in open(runs):
    binary, cps = line.rsplit(None, 1)
    r[binary].append(float(cps))
for k in (a, b):
    print(f"{k}  median {statistics.median(r[k]):.0f}  mean {statistics.mean(r[k]):.0f}  best {max(r[k]):.0f}")
pairs = [y / x for x, y in zip(r[a], r[b])]  # runs next to each other share the machine's phase
print(f"B/A  median {statistics.median(r[b]) / statistics.median(r[a]):.3f}  mean {statistics.mean(r[b]) / statistics.mean(r[a]):.3f}"
      f"  median of pairs {statistics.median(pairs):.3f}")
PY
