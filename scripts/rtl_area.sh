#!/usr/bin/env bash
# Relative area (CMOS transistor count) of the rtl_ref/ blocks, by yosys.
# Usage: scripts/rtl_area.sh [P V [N]]   (defaults: P=5 V=2, arbiter N=P)
# Recipe (design.md): synth -top T -flatten; async2sync; dffunmap;
#                     abc -g cmos2; opt_clean; stat -tech cmos
# Figures are relative (transistors of a generic cmos2 gate set), for
# comparing alternatives, not absolute silicon area.
set -euo pipefail
P=${1:-5}
V=${2:-2}
N=${3:-$P}
RTL="$(cd "$(dirname "$0")/../rtl_ref" && pwd)"

area() {  # area <top> <chparam args> <label>
  local top=$1 params=$2 label=$3 out
  out=$(yosys -q -p "read_verilog -sv $RTL/rr_arbiter.sv $RTL/matrix_arbiter.sv $RTL/lrs_arbiter.sv \
$RTL/age_arbiter.sv $RTL/contention_unit.sv $RTL/flexvc_select.sv $RTL/sw_alloc_sep_if.sv \
$RTL/sw_alloc_wavefront.sv $RTL/vc_alloc_sep_if.sv $RTL/mincred_counter.sv; \
chparam $params $top; synth -top $top -flatten; async2sync; dffunmap; \
abc -g cmos2; opt_clean; tee -o /dev/stdout stat -tech cmos" 2>&1) || {
    echo "$out" >&2; echo "yosys failed for $label" >&2; exit 1; }
  local tr
  tr=$(echo "$out" | sed -n 's/.*Estimated number of transistors: *\([0-9+]*\).*/\1/p' | tail -1)
  [[ -n "$tr" ]] || { echo "$out" >&2; echo "no transistor count for $label" >&2; exit 1; }
  printf '%-28s %8s transistors\n' "$label" "$tr"
}

for arb in rr_arbiter matrix_arbiter lrs_arbiter; do
  [ "$arb" = lrs_arbiter ] && [ "$V" -lt 2 ] || area $arb "-set N $V" "$arb N=$V (input)"
  area $arb "-set N $N" "$arb N=$N (output)"
done
[ "$V" -lt 2 ] || area age_arbiter "-set N $V -set W 16" "age_arbiter N=$V W=16 (input)"
area age_arbiter "-set N $N -set W 16" "age_arbiter N=$N W=16 (output)"
area sw_alloc_sep_if "-set P $P -set V $V" "sw_alloc_sep_if P=$P V=$V"
area sw_alloc_wavefront "-set P $P -set V $V" "sw_alloc_wavefront P=$P V=$V"
[ "$V" -lt 2 ] || area vc_alloc_sep_if "-set P $P -set V $V" "vc_alloc_sep_if P=$P V=$V"
area contention_unit "-set P $P -set FILTERED 0" "contention_unit P=$P base"
area contention_unit "-set P $P -set FILTERED 1" "contention_unit P=$P filtered"
area mincred_counter "-set P $P -set CW 12" "mincred_counter P=$P CW=12"
[ "$V" -lt 2 ] || area flexvc_select "-set V $V -set PICK 2" "flexvc_select V=$V jsq (per request)"
