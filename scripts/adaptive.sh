#!/usr/bin/env bash
# Adaptive dragonfly routings at saturation (offered 0.9, router.vcs=5)
# under ADV+1 beside strict Valiant's bound (g-2)/(2(g-1)), and under UN
# beside MIN's, for any configuration and overrides; a markdown table. The
# runs go through scripts/sweep.py (into a temporary folder); the table is
# scripts/reproduce/dragonfly_adaptive.py's (nocsimexp/dragonfly.py), which
# runs the published sizes with seeds and plots.
# Usage: scripts/adaptive.sh CONFIG.yaml [key=value ...]
#   key=value replaces a default of the runs (router.vcs=5, traffic.load=0.9,
#   sim.drain=0); ROUTINGS="ugal-l ugal-g pb par olm" (default) selects the
#   routings; NOCSIM=path another build (default build-release/nocsim when
#   built, else build/nocsim).
set -euo pipefail
cd "$(dirname "$0")/.."
cfg=$1
shift
bin=${NOCSIM:-./build-release/nocsim}
[ -x "$bin" ] || bin=./build/nocsim
read -r -a routings <<< "${ROUTINGS:-ugal-l ugal-g pb par olm}"
list=min
for r in "${routings[@]}"; do list+=",$r"; done
args=()
for d in router.vcs=5 traffic.load=0.9 sim.drain=0; do  # the user's value wins
  given=0
  for a in "$@"; do [[ $a == "${d%%=*}="* ]] && given=1; done
  [ $given -eq 1 ] || args+=("$d")
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
rc=0
./scripts/sweep.py "$cfg" "routing.algorithm=$list" traffic.pattern=adv,uniform ${args[@]+"${args[@]}"} "$@" \
  --nocsim "$bin" -o "$out" --quiet > /dev/null || rc=$?
[ $rc -ne 2 ] || exit 2  # bad arguments: sweep.py said why
/usr/bin/python3 - "$out" "${routings[@]}" <<'PY'
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
        sys.exit("adaptive.sh: %s under %s failed" % (r["routing.algorithm"], r["traffic.pattern"]))
runs = os.path.join(out, "runs")
doc = json.load(open(os.path.join(runs, next(f for f in os.listdir(runs) if f.endswith(".json") and ".meta" not in f))))
print(adaptive_table(rows, routings, groups(doc["config"]))[0], end="")
PY
