#!/usr/bin/env bash
# Adaptive dragonfly routings at saturation (offered 0.9, router.vcs=5)
# under ADV+1 beside strict Valiant's bound (g-2)/(2(g-1)), and under UN
# beside MIN's, for any configuration and overrides; a markdown table. The
# runs go through scripts/sweep.py (cached in results/sweeps/); the table is
# scripts/reproduce/dragonfly_adaptive.py's (nocsimexp/dragonfly.py), which
# runs the published sizes with seeds and plots.
# Usage: scripts/adaptive.sh CONFIG.yaml [key=value ...]
#   ROUTINGS="ugal-l ugal-g pb par olm" (default) selects the routings;
#   NOCSIM=path another build (default build-release/nocsim when built,
#   else build/nocsim).
set -euo pipefail
cd "$(dirname "$0")/.."
cfg=$1
shift
bin=${NOCSIM:-./build-release/nocsim}
[ -x "$bin" ] || bin=./build/nocsim
routings=${ROUTINGS:-ugal-l ugal-g pb par olm}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
./scripts/sweep.py "$cfg" "routing.algorithm=min,${routings// /,}" traffic.pattern=adv,uniform router.vcs=5 \
  traffic.load=0.9 sim.drain=0 "$@" --nocsim "$bin" -o "$out" --quiet > /dev/null || true
/usr/bin/python3 - "$out" $routings <<'PY'
import json, os, sys
sys.path.insert(0, "scripts")
from nocsimexp.plots import read_summary
from nocsimexp.dragonfly import adaptive_table, groups
out, routings = sys.argv[1], sys.argv[2:]
rows, _ = read_summary(out)
for r in rows:
    for k, v in list(r.items()):
        try:
            r[k] = float(v)
        except ValueError:
            pass
    if r["failed"]:
        sys.exit("adaptive.sh: %s under %s failed (see %s/runs.csv)" % (r["routing.algorithm"], r["traffic.pattern"], out))
runs = os.path.join(out, "runs")
doc = json.load(open(os.path.join(runs, next(f for f in os.listdir(runs) if f.endswith(".json") and ".meta" not in f))))
print(adaptive_table(rows, routings, groups(doc["config"]))[0], end="")
PY
