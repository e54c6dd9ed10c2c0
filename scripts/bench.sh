#!/usr/bin/env bash
# Speed and memory of the model (Release build). Prints figures; asserts nothing.
# 8x8 mesh, DOR, 2 VCs, 8-flit buffers and packets, uniform traffic at 0.1 and
# 0.4 flits/(node*cycle), 1,000 warm-up + 10,000 measured cycles, both modes.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh build-release Release
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
out=$(mktemp -d)
printf '%-26s %-10s %12s %16s %14s %10s\n' config mode cycles/s router-cycles/s flit-hops/s peak-RSS
for load in 0.1 0.4; do
  for mode in per-stage per-router; do
    f="$out/mesh-$load-$mode.json"
    ./build-release/nocsim topologies/mesh-8x8.yaml traffic.load=$load sim.mode=$mode sim.warmup=1000 \
      sim.cycles=10000 sim.drain=0 --quiet -o "$f" > /dev/null
    python3 - "$f" "mesh-8x8 UN $load" "$mode" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); s = r["sim"]; n = r["network"]["routers"]
print("%-26s %-10s %12.0f %16.0f %14.0f %7.1f MB" % (sys.argv[2], sys.argv[3], s["cycles_per_second"],
      s["cycles_per_second"] * n, s["router_traversals"] / s["wall_seconds"], s["peak_rss_kb"] / 1024))
PY
  done
done
rm -rf "$out"
