#!/usr/bin/env bash
# The torus validation tables of docs/validation.md ("Torus adaptive routing"):
#   sat   8x8x8 (K=8) torus, SAF, 96-packet messages, 3 VCs of 8 packets:
#         accepted load in gamma0 at offered 1 gamma0 for ABR, POR and OFR
#         under uniform, butterfly, transposition, transpose3d and bitrev,
#         with the deroute fractions.
#   sweep KxK tori (K=10 and 32 by default), VCT: uniform load sweeps of
#         e-cube, star-channel and smart DOR and the saturation point of each.
# Usage: scripts/torus_validation.sh sat [K]
#        scripts/torus_validation.sh sweep [K ...]
# Uses build/nocsim (scripts/setup.sh first); JOBS runs in parallel (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
jobs=${JOBS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mode=${1:-sat}
shift || true

run() {  # name, then key=value overrides
  local name=$1
  shift
  ./build/nocsim topologies/torus-4x4x4.yaml "$@" sim.progress=false --quiet -o "$tmp/$name.json" >/dev/null 2>&1 || true
}
export -f run
export tmp

if [[ $mode == sat ]]; then
  k=${1:-8}
  for alg in abr por ofr; do
    vcs=2; [[ $alg == ofr ]] && vcs=3
    for pat in uniform butterfly transposition transpose3d bitrev; do
      echo "$alg-$pat topology.k=$k router.vcs=$vcs routing.algorithm=$alg traffic.pattern=$pat router.switching=saf" \
           "traffic.message_packets=96 router.buffer_depth=64 traffic.packet_size=8 traffic.load_unit=gamma0" \
           "traffic.load=1 sim.warmup=${WARMUP:-5000} sim.cycles=${CYCLES:-10000} sim.drain=0"
    done
  done | xargs -P "$jobs" -L 1 bash -c 'run "$@"' _
  echo "| routing | pattern | accepted (gamma0) | accepted (flits/node/cycle) | derouted WIDN | OIDN | total | status |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
  for alg in abr por ofr; do
    for pat in uniform butterfly transposition transpose3d bitrev; do
      python3 - "$tmp/$alg-$pat.json" "$alg" "$pat" <<'PY'
import json, sys, os
p, alg, pat = sys.argv[1:]
if not os.path.exists(p) or os.path.getsize(p) == 0:
    print("| %s | %s | n/a | n/a | | | | not run (pattern needs another size) |" % (alg, pat)); sys.exit()
r = json.load(open(p)); d = r.get("derouted", {})
print("| %s | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %s |" % (alg, pat, r["accepted_load_gamma0"], r["accepted_load"],
      d.get("widn", 0), d.get("oidn", 0), d.get("total", 0), r["status"]))
PY
    done
  done
  exit 0
fi

# sweep: offered loads in gamma0; saturation = the highest offered load whose
# accepted load is within 5% of it (every lower one too).
loads=${LOADS:-"0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0"}
sizes=("$@")
[[ ${#sizes[@]} -eq 0 ]] && sizes=(10 32)
for k in "${sizes[@]}"; do
  for alg in dor star smart-dor; do
    vcs=2; [[ $alg == star ]] && vcs=3
    for l in $loads; do
      echo "$k-$alg-$l topology.n=2 topology.k=$k router.vcs=$vcs routing.algorithm=$alg router.buffer_depth=16" \
           "traffic.load_unit=gamma0 traffic.load=$l sim.warmup=3000 sim.cycles=6000 sim.drain=0"
    done
  done
done | xargs -P "$jobs" -L 1 bash -c 'run "$@"' _
for k in "${sizes[@]}"; do
  echo
  echo "${k}x$k torus, VCT, 2 VCs (star 3) of 16 flits, 8-flit packets, uniform; accepted load in gamma0 (gamma0 = $(python3 -c "
import json; print('%.4f' % json.load(open('$tmp/$k-dor-0.1.json'))['gamma0_flits'])") flits/node/cycle)"
  echo
  printf "| offered |"; for alg in dor star smart-dor; do printf " %s accepted | %s latency |" "$alg" "$alg"; done; echo
  printf "| --- |"; for alg in dor star smart-dor; do printf " --- | --- |"; done; echo
  for l in $loads; do
    printf "| %s |" "$l"
    for alg in dor star smart-dor; do
      python3 -c "
import json; r = json.load(open('$tmp/$k-$alg-$l.json'))
print(' %.3f | %.0f |' % (r['accepted_load_gamma0'], r['latency']['mean']), end='')"
    done
    echo
  done
  printf "| saturation |"
  for alg in dor star smart-dor; do
    python3 -c "
import json
sat = 0
for l in '$loads'.split():
    r = json.load(open('$tmp/$k-$alg-%s.json' % l))
    if r['accepted_load_gamma0'] < 0.95 * float(l): break
    sat = float(l)
print(' %.1f | |' % sat, end='')"
  done
  echo
done
