#!/usr/bin/env bash
# Fairness under ADVc (issue 12): per-router injection with three output
# arbitration schemes (in-transit priority over round-robin, round-robin
# without priority, age-based at every stage) and three routings (MIN,
# oblivious VAL, in-transit adaptive OLM). Prints a markdown table.
# Usage: scripts/fairness.sh [CONFIG.yaml] [key=value ...]
#   default CONFIG topologies/dragonfly-h4.yaml; LOAD=0.4 the offered load.
# Uses build-release/nocsim when built, else build/nocsim; runs as many
# simulations at once as there are cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cfg=${1:-topologies/dragonfly-h4.yaml}
shift || true
bin=./build-release/nocsim
[ -x "$bin" ] || bin=./build/nocsim
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load=${LOAD:-0.4}
declare -A arb=(
  [transit]="router.in_transit_priority=true"
  [rr]="router.in_transit_priority=false"
  [age]="router.in_transit_priority=false router.arbiter.va=age router.arbiter.sa_in=age router.arbiter.sa_out=age"
)
run() {  # name routing arbitration
  # shellcheck disable=SC2086
  "$bin" "$cfg" routing.algorithm="$2" traffic.pattern=advc router.vcs=4 traffic.load="$load" sim.drain=0 \
    ${arb[$3]} "${@:4}" --quiet -o "$tmp/$1.json" > /dev/null 2> "$tmp/$1.err" || echo "$1: exit $?" >&2
}
jobs_max=$(nproc)
for r in min val olm; do
  for a in transit rr age; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    run "$r-$a" "$r" "$a" "$@" &
  done
done
wait
echo "ADVc, offered load $load, $cfg $*"
echo
echo "| routing | arbitration | accepted | min injection | max/min | CoV | Jain |"
echo "|---|---|---|---|---|---|---|"
for r in min val olm; do
  for a in transit rr age; do
    python3 - "$tmp/$r-$a.json" "$r" "$a" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f = d["fairness"]
print(f"| {sys.argv[2]} | {sys.argv[3]} | {d['accepted_load']:.3f} | {f['min_injection']:.3f} | "
      f"{f['max_min_ratio']:.2f} | {f['cov']:.3f} | {f['jain']:.3f} |")
PY
  done
done
