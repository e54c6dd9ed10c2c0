#!/usr/bin/env bash
# Adaptive dragonfly routings against issue 3's criteria: saturation throughput
# (offered 0.9, router.vcs=5) under ADV+1 beside strict Valiant's bound
# (g-2)/(2(g-1)), and under UN beside MIN's. Prints markdown.
# Usage: scripts/adaptive.sh CONFIG.yaml [key=value ...]
#   ROUTINGS="ugal-l ugal-g pb par olm" (default) selects the routings.
# Uses build-release/nocsim when built (scripts/setup.sh build-release Release),
# else build/nocsim; runs as many simulations at once as there are cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cfg=$1
shift
bin=./build-release/nocsim
[ -x "$bin" ] || bin=./build/nocsim
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
routings=${ROUTINGS:-ugal-l ugal-g pb par olm}
run() {  # name routing pattern
  "$bin" "$cfg" routing.algorithm="$2" traffic.pattern="$3" router.vcs=5 traffic.load=0.9 sim.drain=0 "${@:4}" \
    --quiet -o "$tmp/$1.json" > /dev/null 2> "$tmp/$1.err" || echo "$1: exit $?" >&2
}
jobs_max=$(nproc)
start() {
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
  run "$@" &
}
start min min uniform "$@"
for r in $routings; do
  start "$r-adv" "$r" adv "$@"
  start "$r-un" "$r" uniform "$@"
done
wait
python3 - "$tmp" $routings <<'PY'
import json, sys
d = sys.argv[1]
def load(n):
    try:
        return json.load(open("%s/%s.json" % (d, n)))
    except OSError:
        sys.exit("adaptive.sh: the %s run failed: %s" % (n, open("%s/%s.err" % (d, n)).read().strip()))
m = load("min")
c = m["config"]
a, h, g = int(c["topology.a"]), int(c["topology.h"]), int(c["topology.groups"])
g = g or a * h + 1
val = (g - 2) / (2 * (g - 1))
base = m["accepted_load"]
print("MIN under UN: %.3f; strict Valiant's ADV+1 bound (g = %d): %.4f" % (base, g, val))
print()
print("| routing | ADV+1 (of VAL's bound) | UN (vs MIN) | misrouted global ADV+1 / UN |")
print("| --- | --- | --- | --- |")
for r in sys.argv[2:]:
    x, u = load(r + "-adv"), load(r + "-un")
    xa, ua = x["accepted_load"], u["accepted_load"]
    print("| %s | %.3f (%.2f) | %.3f (%+.1f%%) | %.2f / %.2f |" % (
        r, xa, xa / val, ua, 100 * (ua - base) / base,
        x["misrouted_fraction"]["global"], u["misrouted_fraction"]["global"]))
PY
