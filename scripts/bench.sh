#!/usr/bin/env bash
# Speed and memory of the model (Release build). Prints figures; asserts nothing.
# 8x8 mesh, DOR, 2 VCs, 8-flit buffers and packets, uniform traffic at 0.1 and
# 0.4 flits/(node*cycle), 1,000 warm-up + 10,000 measured cycles, both modes;
# then the dragonfly benchmark (topologies/bench/dragonfly-h4-bench.yaml).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh build-release Release
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
out=$(mktemp -d)
printf '%-26s %-10s %12s %16s %14s %10s\n' config mode cycles/s router-cycles/s flit-hops/s peak-RSS
# bench NAME CONFIG LOAD MODE
bench() {
  f="$out/$1-$3-$4.json"
  ./build-release/nocsim "$2" traffic.load="$3" sim.mode="$4" sim.warmup=1000 sim.cycles=10000 sim.drain=0 \
    --quiet -o "$f" > /dev/null
  python3 - "$f" "$1 UN $3" "$4" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); s = r["sim"]; n = r["network"]["routers"]
print("%-26s %-10s %12.0f %16.0f %14.0f %7.1f MB" % (sys.argv[2], sys.argv[3], s["cycles_per_second"],
      s["cycles_per_second"] * n, s["router_traversals"] / s["wall_seconds"], s["peak_rss_kb"] / 1024))
PY
}
for load in 0.1 0.4; do
  for mode in per-stage per-router; do bench mesh-8x8 topologies/mesh-8x8.yaml $load $mode; done
done
# Dragonfly p=4 a=8 h=4 (1,056 nodes), MIN: about a minute per point at 0.4.
for load in 0.1 0.4; do bench dragonfly-h4 topologies/bench/dragonfly-h4-bench.yaml $load per-stage; done
rm -rf "$out"
