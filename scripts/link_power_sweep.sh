#!/usr/bin/env bash
# The link power table of docs/validation.md ("Link power policies"): link
# energy saved and the slowdown of on/off and high/low over
# rho in {1, 5, 10, 50, 90}% and t_t in {1, 10, 100} us, on one torus and one
# dragonfly workload. The workload is one bulk-synchronous iteration: a quiet
# compute phase of Q cycles, then a communication phase of C cycles of
# uniform traffic at load L (traffic.phases), run until every packet is
# delivered. Its run time is the iteration's: the slowdown is the run's
# length against policy none (N > 1 repeats the iteration; only the last
# one's communication then shows in the run time). The mean packet latency
# is shown beside it.
# Usage: scripts/link_power_sweep.sh [torus|dragonfly ...]
# Uses build/nocsim (scripts/setup.sh first; NOCSIM=path for another build);
# JOBS runs in parallel (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
jobs=${JOBS:-2}
N=${N:-1} Q=${Q:-1000000} C=${C:-2000} L=${L:-0.5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[[ $# -gt 0 ]] || set -- torus dragonfly

phases="["
for ((i = 0; i < N; ++i)); do phases+="{cycles: $Q, load: 0}, {cycles: $C, load: -1}, "; done
phases="${phases%, }]"
workload=(traffic.load="$L" "traffic.phases=$phases" sim.warmup=0 sim.cycles=$((N * (Q + C)))
          sim.stop_injection=true sim.drain=100000000 sim.watchdog=0 sim.progress=false)

# One file of arguments (one per line) per run: the phases hold spaces.
job() {  # name, then the arguments
  local name=$1
  shift
  printf '%s\n' "$@" > "$tmp/$name.args"
}
run() {  # an .args file
  local name
  name=$(basename "$1" .args)
  mapfile -t args < "$1"
  "$NOCSIM" "${args[@]}" --quiet -o "$tmp/$name.json" >/dev/null 2>"$tmp/$name.err" || true
}
export -f run
export tmp NOCSIM=${NOCSIM:-./build/nocsim}

for net in "$@"; do
  case $net in
    torus) cfg=(topologies/torus-4x4x4.yaml topology.k=8) ;;  # 8x8x8, DOR
    dragonfly) cfg=(topologies/dragonfly-h2.yaml routing.algorithm=min) ;;
    *) echo "unknown network '$net' (torus or dragonfly)" >&2; exit 2 ;;
  esac
  rm -f "$tmp"/*.args
  job "$net-none" "${cfg[@]}" "${workload[@]}" link.power.policy=none
  for policy in onoff highlow; do
    for tt in 1 10 100; do
      for rho in 0.01 0.05 0.1 0.5 0.9; do
        job "$net-$policy-$tt-$rho" "${cfg[@]}" "${workload[@]}" "link.power.policy=$policy" \
          "link.power.t_train_ns=$((tt * 1000))" "link.power.rho=$rho"
      done
    done
  done
  ls "$tmp"/*.args | xargs -P "$jobs" -n 1 bash -c 'run "$1"' _
  python3 - "$tmp" "$net" <<'EOF'
import json, sys, os
tmp, net = sys.argv[1], sys.argv[2]
def load(name):
    p = os.path.join(tmp, name + '.json')
    if not os.path.exists(p) or os.path.getsize(p) == 0:
        return None
    return json.load(open(p))
base = load(net + '-none')
if base is None:
    sys.exit(f'{net}: the baseline run failed: ' + open(os.path.join(tmp, net + '-none.err')).read())
bc, bl = base['sim']['cycles'], base['latency']['mean']
print(f"{net}: {base['network']['routers']} routers; baseline run {bc} cycles, mean latency {bl:.1f} cycles\n")
print('| policy | t_t (us) | rho | link energy saved | runtime | mean latency | off / low | trainings | status |')
print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for policy in ('onoff', 'highlow'):
    for tt in (1, 10, 100):
        for rho in ('0.01', '0.05', '0.1', '0.5', '0.9'):
            name = f'{net}-{policy}-{tt}-{rho}'
            r = load(name)
            if r is None:
                err = open(os.path.join(tmp, name + '.err')).read().strip().splitlines()
                print(f'| {policy} | {tt} | {float(rho):.0%} | | | | | | {err[-1] if err else "no output"} |')
                continue
            lp = r['link_power']
            down = lp['time_in_state']['off'] + lp['time_in_state']['low']
            print(f"| {policy} | {tt} | {float(rho):.0%} | {lp['savings']:.1%} | {r['sim']['cycles'] / bc - 1:+.2%} | "
                  f"{r['latency']['mean'] / bl - 1:+.1%} | {down:.1%} | {lp['trainings']} | {r['status']} |")
print()
EOF
done
