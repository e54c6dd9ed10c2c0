#!/usr/bin/env bash
# Do two nocsim binaries give the same results? Runs every shipped
# configuration but dragonfly-h8 (16,512 nodes) and a matrix of switching,
# modes, dragonfly, torus, HyperX, fat tree and SlimFly routings, switch
# allocators, DAMQ, minCred, link power, closed-loop applications (Graph500,
# DPSNN) and request-reply traffic with
# both and compares the JSON, leaving out wall-clock fields, the power model's
# and the memory estimate's figures (models of the configuration, with their
# own tests; the activity counters they read are compared), sections and result fields only B
# writes (e.g. activity, a completion's overhead cycles), the utilisation by dimension and direction on
# families other than mesh and torus (builds before 80c755c wrote arrays
# that meant nothing there; a HyperX's by dimension is new since), and configuration keys only one of them knows (keys
# renamed since A are passed to A by their old names, keys new since A at
# their default are left out for A; sim.mode, which only schedules, is left
# out of the comparison). Prints one line per run and exits 1 on
# any difference (a run BIN_A cannot do, e.g. a feature it lacks, counts as
# one).
# Usage: scripts/same_results.sh BIN_A BIN_B
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BIN_A BIN_B" >&2; exit 2; }
a=$1; b=$2
cd "$(dirname "$0")/.."
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
short="sim.warmup=500 sim.cycles=3000"
df="topologies/dragonfly-h2.yaml $short"
runs=(
  "topologies/mesh-8x8.yaml"
  "topologies/torus-8x8.yaml"
  "topologies/torus-4x4x4.yaml"
  "topologies/dragonfly-h2.yaml sim.cycles=5000"
  "topologies/dragonfly-h2-fogsim.yaml sim.cycles=5000 router.in_transit_priority=false router.arbiter.sa_in=rr router.arbiter.sa_out=rr"
  "topologies/dragonfly-h4.yaml sim.cycles=2000"
  "topologies/bench/dragonfly-h4-bench.yaml sim.cycles=2000"
  "topologies/mesh-8x8.yaml traffic.load=0.4 $short"
  "topologies/mesh-8x8.yaml traffic.load=0.4 router.switching=wormhole router.buffer_depth=4 $short"
  "topologies/mesh-8x8.yaml traffic.load=0.5 router.speedup=2 router.output_buffer_depth=8 $short"
  "topologies/mesh-8x8.yaml traffic.load=0.4 sim.mode=per-stage $short"
  "topologies/mesh-8x8.yaml traffic.load=0.3 router.stage_latency.rc=0 router.in_transit_priority=true $short"
  "topologies/torus-8x8.yaml traffic.load=0.4 traffic.pattern=tornado router.vcs=4 $short"
  "topologies/torus-8x8.yaml traffic.load=0.6 routing.dateline=false sim.watchdog=500 $short"
  "$df routing.algorithm=min traffic.load=0.5"
  "$df routing.algorithm=val traffic.pattern=adv traffic.load=0.3 router.vcs=4"
  "$df routing.algorithm=val-group traffic.pattern=adv traffic.load=0.3"
  "$df routing.algorithm=val-any traffic.pattern=advc traffic.load=0.3 router.vcs=4"
  "$df routing.algorithm=ugal-l traffic.pattern=adv traffic.load=0.4 router.vcs=4"
  "$df routing.algorithm=ugal-g traffic.pattern=uniform traffic.load=0.5 router.vcs=4"
  "$df routing.algorithm=pb traffic.pattern=adv traffic.load=0.4 router.vcs=4"
  "$df routing.algorithm=par traffic.pattern=adv traffic.load=0.4 router.vcs=5"
  "$df routing.algorithm=olm traffic.pattern=adv traffic.load=0.4"
  "$df routing.algorithm=olm routing.trigger=credits traffic.load=0.6"
  "$df routing.algorithm=par routing.trigger=credits routing.global_misroute=nrg router.vcs=5 traffic.load=0.5"
  "$df routing.algorithm=ugal-l routing.reevaluate=false routing.global_misroute=mm router.vcs=4 traffic.load=0.5"
  "$df routing.algorithm=olm sim.mode=per-router sim.stage_order=reverse traffic.pattern=adv traffic.load=0.4"
  "$df routing.algorithm=olm router.vcs=5 routing.trigger=contention routing.contention.variant=ectn traffic.pattern=adv traffic.load=0.6"
  "$df routing.algorithm=min router.switching=wormhole router.buffer_depth=4 router.global_buffer_depth=16 router.injection_buffer_depth=8 traffic.load=0.4"
  "$df routing.algorithm=ugal-l router.buffer_model=damq router.vcs=4 traffic.pattern=adv traffic.load=0.4"
  "topologies/mesh-8x8.yaml router.buffer_model=damq traffic.load=0.4 $short"
  "topologies/mesh-8x8.yaml router.buffer_model=damq router.speedup=2 router.output_buffer_depth=4 traffic.load=0.6 $short"
  "$df routing.algorithm=ugal-l router.buffer_model=damq router.vcs=4 router.speedup=3 router.output_buffer_depth=2 traffic.load=0.7"
  "$df routing.algorithm=olm vc.mincred=true traffic.pattern=adv traffic.load=0.4"
  "$df routing.algorithm=ugal-l vc.mincred=true router.vcs=4 traffic.load=0.5"
  "topologies/torus-8x8.yaml link.power.policy=onoff link.power.t_train_ns=20 traffic.load=0.1 $short"
  "topologies/torus-8x8.yaml link.power.policy=threshold link.power.t_train_ns=20 router.buffer_model=damq traffic.load=0.2 $short"
  "topologies/mesh-8x8.yaml link.power.policy=awake link.power.t_train_ns=20 traffic.load=0.05 $short"
  "$df routing.algorithm=min link.power.policy=highlow link.power.t_train_ns=20 vc.mincred=true traffic.load=0.2"
  "topologies/mesh-8x8.yaml link.latency=300 traffic.load=0.01 $short"
  "topologies/torus-4x4x4.yaml routing.algorithm=star router.vcs=3 traffic.load=0.3 $short"
  "topologies/torus-8x8.yaml routing.algorithm=smart-dor router.vcs=3 traffic.pattern=tornado traffic.load=0.4 $short"
  "topologies/torus-8x8.yaml routing.algorithm=abr router.buffer_depth=16 traffic.pattern=transpose traffic.load=0.2 $short"
  "topologies/torus-4x4x4.yaml routing.algorithm=por router.vcs=3 router.buffer_depth=16 traffic.load=0.3 $short"
  "topologies/torus-4x4x4.yaml routing.algorithm=ofr router.vcs=3 router.buffer_depth=16 traffic.pattern=transpose3d traffic.load=0.2 $short"
  "topologies/single-10.yaml router.vcs=4 traffic.load=1 router.allocator.sa=sep_of $short"
  "topologies/single-10.yaml router.vcs=4 traffic.load=1 router.allocator.sa=islip router.allocator.sa_iterations=2 $short"
  "topologies/single-10.yaml router.vcs=4 traffic.load=1 router.allocator.sa=wavefront $short"
  "topologies/single-10.yaml router.vcs=4 traffic.load=1 router.allocator.sa=max_size $short"
  "topologies/hyperx-4x4.yaml traffic.load=0.4 $short"
  "topologies/hyperx-4x4.yaml routing.algorithm=dal router.vcs=4 traffic.pattern=neighbor traffic.load=0.3 $short"
  "topologies/fat-tree-8-3.yaml topology.k=4 traffic.load=0.5 $short"
  "topologies/fat-tree-8-3.yaml topology.k=4 routing.algorithm=adaptive-up traffic.pattern=shuffle traffic.load=0.5 $short"
  "topologies/slimfly-q5.yaml traffic.load=0.3 $short"
  "topologies/slimfly-q5.yaml routing.algorithm=ugal-l router.vcs=4 traffic.pattern=bitcomp traffic.load=0.2 $short"
  "topologies/graph-example.yaml traffic.load=0.3 $short"
  "topologies/dragonfly-plus-4.yaml traffic.load=0.3 $short"
  "topologies/dragonfly-plus-4.yaml routing.algorithm=val traffic.load=0.3 $short"
  "topologies/dragonfly-plus-4.yaml routing.algorithm=ugal-l traffic.pattern=adv traffic.load=0.3 $short"
  "topologies/hyperx-4x4.yaml routing.algorithm=val traffic.load=0.3 $short"
  "topologies/hyperx-4x4.yaml routing.algorithm=ugal-l traffic.pattern=neighbor traffic.load=0.3 $short"
  "topologies/fat-tree-8-3.yaml topology.k=4 routing.algorithm=smodk traffic.pattern=bitcomp traffic.load=0.4 $short"
  "topologies/slimfly-q5.yaml routing.algorithm=val traffic.load=0.2 $short"
  "topologies/graph-example.yaml routing.algorithm=ugal-l router.vcs=6 traffic.load=0.3 $short"
  "topologies/mesh-8x8.yaml router.switching=saf router.buffer_depth=16 traffic.load=0.3 $short"
  "topologies/mesh-8x8.yaml router.switching=wormhole link.cycles_per_flit=2.5 traffic.load=0.3 $short"
  "topologies/torus-versaci-8.yaml routing.algorithm=abr traffic.load=0.5 sim.warmup=1000 sim.cycles=4000"
  "topologies/torus-versaci-8.yaml routing.algorithm=por traffic.pattern=bitrev traffic.load=0.6 sim.warmup=1000 sim.cycles=4000"
  "topologies/torus-versaci-8.yaml routing.algorithm=ofr traffic.pattern=transpose3d traffic.load=0.5 sim.warmup=1000 sim.cycles=4000"
  "topologies/torus-versaci-16.yaml traffic.load=0.4 sim.warmup=200 sim.cycles=800"
  "topologies/dragonfly-h2.yaml workload.type=graph500 workload.graph500.scale=10 sim.warmup=0 sim.cycles=20000"
  "topologies/dragonfly-h2.yaml workload.type=dpsnn workload.dpsnn.columns_x=6 workload.dpsnn.columns_y=6 sim.warmup=0 sim.cycles=5000"
  # MIN: UGAL and OLM under FlexVC changed on purpose after session 42's
  # build (docs/validation.md, "FlexVC"), which is the usual reference.
  "$df traffic.request_reply=true vc.policy=flexvc routing.algorithm=min router.vcs=4 traffic.load=0.3"
)
# Keys renamed since older builds (new=old): BIN_A gets the old name when it
# does not know the new one.
renamed=("routing.trigger=routing.misroute_trigger" "vc.select=vc.selection")
# A key BIN_A does not know at all is left out for it when the run sets it
# to BIN_B's default (A behaves as that default).
a_keys=$("$a" --list-keys 2> /dev/null | cut -d' ' -f1)
b_defaults=$("$b" --list-keys 2> /dev/null | awk '{print $1 "=" $3}')
for_a() {
  local r=$1 pair word out=""
  for pair in "${renamed[@]}"; do
    grep -qx "${pair%%=*}" <<< "$a_keys" || r=${r//${pair%%=*}=/${pair#*=}=}
  done
  for word in $r; do
    if [[ $word == *=* ]] && ! grep -qx "${word%%=*}" <<< "$a_keys" && grep -qx "$word" <<< "$b_defaults"; then
      continue
    fi
    out+="$word "
  done
  echo "$out"
}
fail=0
i=0
for r in "${runs[@]}"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  "$a" $(for_a "$r") --quiet -o "$out/a$i.json" > /dev/null 2>&1
  # shellcheck disable=SC2086
  "$b" $r --quiet -o "$out/b$i.json" > /dev/null 2>&1
  if python3 - "$out/a$i.json" "$out/b$i.json" <<'EOF'
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
for d in (a, b):
    for k in ("wall_seconds", "cycles_per_second", "peak_rss_kb", "memory_estimate_kb", "build"):
        d.get("sim", {}).pop(k, None)
    # Priced from the configuration and the activity counters after the run
    # (docs/power-model.md), not simulated: the counters stay compared.
    d.pop("power", None)
    # How the kernel schedules the stages, not what they do: both modes give
    # identical results (tb/system/test_modes.cpp), and the default changed
    # from per-stage to per-router in session 41.
    d.get("config", {}).pop("sim.mode", None)
for k in list(b):
    if k not in a: b.pop(k)
# Builds before 80c755c wrote these for every family with a bisection load,
# grouping ports as a mesh's (meaningless elsewhere): compared on a mesh or
# torus only (a HyperX's by dimension groups its own dimensions' ports since
# session 66).
grid = b.get("config", {}).get("topology.type") in ("mesh", "torus")
for k in ("link_utilisation_by_dimension", "link_utilisation_by_direction"):
    if k not in b or not grid:
        a.pop(k, None)
        b.pop(k, None)
for sec in ("sim", "latency", "series", "packets", "profit_rule", "completion"):  # fields only B writes
    for k in list(b.get(sec, {})):
        if k not in a.get(sec, {}): b[sec].pop(k)
for k in list(b.get("completion", {}).get("per_rank", {})):
    if k not in a.get("completion", {}).get("per_rank", {}): b["completion"]["per_rank"].pop(k)
for k in list(b.get("config", {})):
    if k not in a.get("config", {}): b["config"].pop(k)
for k in list(a.get("config", {})):  # renamed since BIN_A
    if k not in b.get("config", {}): a["config"].pop(k)
sys.exit(0 if a == b else 1)
EOF
  then echo "same  $r"
  else echo "DIFF  $r"; fail=1
  fi
done
exit $fail
