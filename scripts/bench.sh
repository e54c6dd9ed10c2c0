#!/usr/bin/env bash
# Speed and memory of the model (Release build). Prints figures; asserts nothing.
# 8x8 mesh, DOR, 2 VCs, 8-flit buffers and packets, uniform traffic at 0.1 and
# 0.4 flits/(node*cycle), 1,000 warm-up + 10,000 measured cycles, both modes;
# then the dragonfly benchmark (topologies/bench/dragonfly-h4-bench.yaml),
# both modes.
# Each point runs BENCH_RUNS times (default 5; the machine this was written on
# drifts by 10-40% between identical runs): the median run is printed, and the
# best cycles/s beside it. ns/hop is wall time per flit-router traversal.
# --h8: only the full 16,512-node dragonfly (topologies/dragonfly-h8.yaml,
# MIN, per-router mode: the default) at UN 0.1, 0.4, 0.8 and ADV+1 0.4, H8_WARMUP + H8_CYCLES cycles
# (default 1,000 + 2,000) and BENCH_RUNS default 1: a point takes minutes;
# then the set-up of the idle h = 8 network (median of 3 runs of one cycle).
# BENCH_THREADS (default "1"): the sim.threads values the per-router
# dragonfly points run at, e.g. "1 2" (mode column per-router/2: 2 threads).
set -euo pipefail
cd "$(dirname "$0")/.."
h8=0
case "${1:-}" in
  --h8) h8=1 ;;
  "") ;;
  *) echo "usage: scripts/bench.sh [--h8]" >&2; exit 2 ;;
esac
./scripts/setup.sh build-release Release
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
out=$(mktemp -d)
printf '%-26s %-12s %12s %16s %14s %10s %12s %8s\n' config mode cycles/s router-cycles/s flit-hops/s peak-RSS best-cyc/s ns/hop
runs=${BENCH_RUNS:-5}
threads=${BENCH_THREADS:-1}
mode_of() { if [ "$1" = 1 ]; then echo per-router; else echo "per-router/$1"; fi; }
warmup=1000 cycles=10000
# bench NAME CONFIG LOAD MODE [PATTERN key=value ...]
# MODE: per-stage, per-router, or per-router/N (N threads).
bench() {
  local name=$1 config=$2 load=$3 mode=$4 pattern=${5:-UN}
  shift 4
  if [ $# -gt 0 ]; then shift; fi
  local threads=1
  case $mode in */*) threads=${mode#*/} ;; esac
  files=()
  for r in $(seq "$runs"); do
    f="$out/$name-$pattern-$load-${mode%/*}-$threads-$r.json"
    ./build-release/nocsim "$config" traffic.load="$load" sim.mode="${mode%/*}" sim.threads="$threads" \
      sim.warmup=$warmup sim.cycles=$cycles sim.drain=0 "$@" --quiet -o "$f" > /dev/null
    files+=("$f")
  done
  python3 - "$name $pattern $load" "$mode" "${files[@]}" <<'PY'
import json, sys
runs = sorted((json.load(open(p)) for p in sys.argv[3:]), key=lambda r: r["sim"]["cycles_per_second"])
r = runs[(len(runs) - 1) // 2]  # the median; with an even count, the slower middle run
s = r["sim"]; n = r["network"]["routers"]
print("%-26s %-12s %12.0f %16.0f %14.0f %7.1f MB %12.0f %8.0f" % (sys.argv[1], sys.argv[2], s["cycles_per_second"],
      s["cycles_per_second"] * n, s["router_traversals"] / s["wall_seconds"], s["peak_rss_kb"] / 1024,
      runs[-1]["sim"]["cycles_per_second"], 1e9 * s["wall_seconds"] / max(s["router_traversals"], 1)))
PY
}
if [ "$h8" = 1 ]; then
  runs=${BENCH_RUNS:-1} warmup=${H8_WARMUP:-1000} cycles=${H8_CYCLES:-2000}
  for t in $threads; do
    for load in 0.1 0.4 0.8; do bench dragonfly-h8 topologies/dragonfly-h8.yaml $load "$(mode_of "$t")"; done
    bench dragonfly-h8 topologies/dragonfly-h8.yaml 0.4 "$(mode_of "$t")" ADV+1 traffic.pattern=adv traffic.adv_offset=1
  done
  # Set-up of the idle network (the issue's 1 s): build, one cycle, report.
  python3 - <<'PY'
import resource, subprocess, time
cmd = ["./build-release/nocsim", "topologies/dragonfly-h8.yaml", "traffic.load=0", "sim.warmup=0", "sim.cycles=1",
       "sim.drain=0", "--quiet", "-o", "/dev/null"]
runs = []
for _ in range(3):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    wall = time.monotonic() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    runs.append((wall, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime))
wall, user, sys_ = sorted(runs)[1]  # the median by wall time
print("dragonfly-h8 idle set-up (median of 3): %.2f s wall, %.2f s user, %.2f s system" % (wall, user, sys_))
PY
  rm -rf "$out"
  exit 0
fi
for load in 0.1 0.4; do
  for mode in per-stage per-router; do bench mesh-8x8 topologies/mesh-8x8.yaml $load $mode; done
done
# Dragonfly p=4 a=8 h=4 (1,056 nodes), MIN: about a minute per point at 0.4.
for load in 0.1 0.4; do
  for mode in per-stage per-router; do bench dragonfly-h4 topologies/bench/dragonfly-h4-bench.yaml $load $mode; done
  for t in $threads; do
    [ "$t" = 1 ] || bench dragonfly-h4 topologies/bench/dragonfly-h4-bench.yaml $load "per-router/$t"
  done
done
rm -rf "$out"
