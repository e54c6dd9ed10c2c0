#!/usr/bin/env bash
# Soak: the deadlock-free combinations of topology x routing x VC policy x
# switching on the mesh, the tori and the dragonfly (the other families are
# soaked by the suite: HyperXSoak, FatTreeSoak, ...), offered load 1 (beyond saturation) for CYCLES cycles with every
# invariant checked, then injection stops and the run must drain completely:
# exit 0, status ok, nothing in flight, every measured packet delivered.
# Prints a markdown table (one row per run) and exits 1 if any run fails.
# Usage: scripts/soak.sh [--long|--ci|--cycles N] [BIN]
#   --long: 10^6 cycles per run; --ci (default): 10^5; --cycles N: N.
#   JOBS runs at once (default 2). BIN defaults to build/nocsim.
set -uo pipefail
cd "$(dirname "$0")/.."
cycles=100000
case "${1:-}" in
  --long) cycles=1000000; shift ;;
  --ci) shift ;;
  --cycles) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "soak: --cycles needs a positive integer" >&2; exit 2; }
    cycles=$2; shift 2 ;;
esac
bin=${1:-build/nocsim}
[ -x "$bin" ] || { echo "soak: $bin not found (run scripts/setup.sh)" >&2; exit 2; }
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# "label|config and keys": small networks, so saturation is reached everywhere.
combos=()
for sw in vct wormhole; do
  wh=""; [ $sw = wormhole ] && wh="router.buffer_depth=4"
  combos+=("mesh 4x4|topologies/mesh-8x8.yaml topology.k=4 routing.algorithm=dor vc.policy=distance router.switching=$sw $wh")
  combos+=("torus 8x8|topologies/torus-8x8.yaml routing.algorithm=dor vc.policy=distance router.switching=$sw $wh")
  combos+=("torus 4x4x4|topologies/torus-4x4x4.yaml routing.algorithm=dor vc.policy=distance router.switching=$sw $wh")
done
for alg in min val val-group val-any ugal-l ugal-g pb par olm; do
  for pol in distance flexvc; do
    for sw in vct wormhole; do
      [ $pol = flexvc ] && [ $sw = wormhole ] && continue  # FlexVC is defined for VCT
      # Wormhole: packets spanning routers, so buffers of half a packet; on
      # 1-cycle links, since a 4-flit buffer cannot cover a 100-cycle credit
      # round trip (the run would crawl at 4/200 flits per cycle per VC).
      wh=""; [ $sw = wormhole ] && wh="router.buffer_depth=4 router.global_buffer_depth=4 link.latency=1 link.global_latency=1"
      # MIN saturates under uniform traffic; the others are built for ADV+1.
      pat=adv; [ $alg = min ] && pat=uniform
      combos+=("dragonfly a4 h2|topologies/dragonfly-h2.yaml routing.algorithm=$alg vc.policy=$pol router.switching=$sw router.vcs=5 traffic.pattern=$pat $wh")
    done
  done
done

run_one() {  # index label args
  local i=$1 label=$2 args=$3 json=$out/$1.json t0 t1 rc
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$bin" $args traffic.load=1 sim.warmup=0 sim.cycles="$cycles" sim.stop_injection=true \
    sim.drain=$((cycles * 50)) sim.check=true sim.progress=false -o "$json" > "$out/$i.log" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  python3 - "$json" "$rc" "$label" "$args" "$t0" "$t1" > "$out/$i.row" <<'PY'
import json, sys
path, rc, label, args, t0, t1 = sys.argv[1:]
kv = dict(a.split("=", 1) for a in args.split() if "=" in a)
cols = [label, kv.get("routing.algorithm", ""), kv.get("vc.policy", ""), kv.get("router.switching", ""),
        kv.get("traffic.pattern", "uniform")]
try:
    r = json.load(open(path))
except Exception:
    print("| " + " | ".join(cols + ["-", "-", "-", "-", "exit %s, no results" % rc]) + " |"); sys.exit(1)
p, s = r["packets"], r["sim"]
ok = rc == "0" and r["status"] == "ok" and p["in_flight"] == 0 and p["measured_delivered"] == p["measured"]
verdict = "ok" if ok else "FAIL: exit %s, %s, %d in flight%s" % (rc, r["status"], p["in_flight"],
                                                             ", " + r.get("error", "") if r.get("error") else "")
drain = s["cycles"] - s["measured_cycles"]
print("| " + " | ".join(cols + ["%.3f" % r["accepted_load"], "%d" % p["delivered"], "%d" % drain,
                               "%.0f" % (float(t1) - float(t0)), verdict]) + " |")
sys.exit(0 if ok else 1)
PY
}
export -f run_one
export bin cycles out

echo "Soak: load 1, $cycles cycles, then drain; $("$bin" --help >/dev/null 2>&1 && echo "$bin")"
echo
echo "| topology | routing | VC policy | switching | traffic | accepted load | packets delivered | drain cycles | wall s | result |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for i in "${!combos[@]}"; do
  printf '%s\0%s\0%s\0' "$i" "${combos[$i]%%|*}" "${combos[$i]#*|}"
done | xargs -0 -n 3 -P "${JOBS:-2}" bash -c 'run_one "$@"' _
fail=0
for i in "${!combos[@]}"; do
  cat "$out/$i.row"
  grep -q "| ok |$" "$out/$i.row" || { fail=1; sed 's/^/    /' "$out/$i.log" | head -20 >&2; }
done
echo
echo "$(grep -l "| ok |$" "$out"/*.row | wc -l) of ${#combos[@]} runs ok"
exit $fail
