#!/usr/bin/env bash
# Load sweep: one run per offered load, a table of accepted load and latency.
# Usage: scripts/sweep.sh CONFIG.yaml "0.1 0.2 ..." [key=value ...]
# Uses build/nocsim (run scripts/setup.sh first). Prints markdown.
set -euo pipefail
cd "$(dirname "$0")/.."
cfg=$1
loads=$2
shift 2
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
tmp=$(mktemp -d)
echo "| offered | accepted | latency mean | p99 | network mean | hops |"
echo "| --- | --- | --- | --- | --- | --- |"
for l in $loads; do
  ./build/nocsim "$cfg" traffic.load="$l" "$@" --quiet -o "$tmp/r.json" > /dev/null || true
  python3 - "$tmp/r.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); l = r["latency"]
print("| %.3f | %.4f | %.1f | %d | %.1f | %.2f |%s" % (r["offered_load"], r["accepted_load"], l["mean"], l["p99"],
      l["network_mean"], r["hops_mean"], "" if r["status"] == "ok" else " " + r["status"]))
PY
done
rm -rf "$tmp"
