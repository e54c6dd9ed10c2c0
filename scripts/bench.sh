#!/usr/bin/env bash
# Speed and memory of the model (Release build). Prints figures; asserts nothing.
# 8x8 mesh, DOR, 2 VCs, 8-flit buffers and packets, uniform traffic at 0.1 and
# 0.4 flits/(node*cycle), 1,000 warm-up + 10,000 measured cycles, both modes;
# then the dragonfly benchmark (topologies/bench/dragonfly-h4-bench.yaml).
# Each point runs BENCH_RUNS times (default 5; the machine this was written on
# drifts by 10-40% between identical runs): the median run is printed, and the
# best cycles/s beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh build-release Release
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
out=$(mktemp -d)
printf '%-26s %-10s %12s %16s %14s %10s %12s\n' config mode cycles/s router-cycles/s flit-hops/s peak-RSS best-cyc/s
runs=${BENCH_RUNS:-5}
# bench NAME CONFIG LOAD MODE
bench() {
  files=()
  for r in $(seq "$runs"); do
    f="$out/$1-$3-$4-$r.json"
    ./build-release/nocsim "$2" traffic.load="$3" sim.mode="$4" sim.warmup=1000 sim.cycles=10000 sim.drain=0 \
      --quiet -o "$f" > /dev/null
    files+=("$f")
  done
  python3 - "$1 UN $3" "$4" "${files[@]}" <<'PY'
import json, sys
runs = sorted((json.load(open(p)) for p in sys.argv[3:]), key=lambda r: r["sim"]["cycles_per_second"])
r = runs[(len(runs) - 1) // 2]  # the median; with an even count, the slower middle run
s = r["sim"]; n = r["network"]["routers"]
print("%-26s %-10s %12.0f %16.0f %14.0f %7.1f MB %12.0f" % (sys.argv[1], sys.argv[2], s["cycles_per_second"],
      s["cycles_per_second"] * n, s["router_traversals"] / s["wall_seconds"], s["peak_rss_kb"] / 1024,
      runs[-1]["sim"]["cycles_per_second"]))
PY
}
for load in 0.1 0.4; do
  for mode in per-stage per-router; do bench mesh-8x8 topologies/mesh-8x8.yaml $load $mode; done
done
# Dragonfly p=4 a=8 h=4 (1,056 nodes), MIN: about a minute per point at 0.4.
for load in 0.1 0.4; do bench dragonfly-h4 topologies/bench/dragonfly-h4-bench.yaml $load per-stage; done
rm -rf "$out"
